import { zodResolver } from '@hookform/resolvers/zod';
import { type Role, RoleInput } from '@shared/contracts/roles';
import { PERMISSION_CATALOGUE, ROLE_TEMPLATES } from '@shared/permissions';
import { applyServerError } from '@web/app/data/form-errors';
import { toast } from '@web/app/toast/toast';
import { Alert } from '@web/components/ui/alert';
import { FormActions } from '@web/components/ui/form-actions';
import { describedBy, Field, Input, Textarea } from '@web/components/ui/input';
import { Lock } from 'lucide-react';
import { type ChangeEvent, useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useCatalogue, useRoles, useSaveRole } from '../api';
import { templateRoleValues } from '../template-values';
import { PermissionPicker } from './permission-picker';
import { RoleTemplates } from './role-templates';

/** Lowercase and spaces to underscores while typing, keeping the caret in place. */
function normaliseWhileTyping(e: ChangeEvent<HTMLInputElement>) {
  const input = e.target;
  const caret = input.selectionStart;
  const next = input.value.toLowerCase().replace(/\s/g, '_');
  if (next !== input.value) {
    input.value = next;
    if (caret !== null) input.setSelectionRange(caret, caret);
  }
}

/** Create or edit a role: a system role's name and permissions are locked. */
export function RoleForm({ role, onDone }: { role: Role | null; onDone: () => void }) {
  const id = useId();
  const locked = role?.isSystemRole ?? false;
  const catalogue = useCatalogue();
  const save = useSaveRole();
  const existing = useRoles();
  const form = useForm({
    resolver: zodResolver(RoleInput),
    defaultValues: {
      name: role?.name ?? '',
      fullName: role?.fullName ?? '',
      description: role?.description ?? '',
      permissions: role?.permissions ?? [],
    },
  });
  const { errors } = form.formState;
  const nameField = form.register('name');

  const submit = form.handleSubmit(async (values) => {
    const body = {
      name: locked && role ? role.name : values.name,
      fullName: values.fullName,
      description: values.description ?? null,
      permissions: locked && role ? role.permissions : values.permissions,
    };
    try {
      await save.mutateAsync({ id: role?.id ?? null, body });
      toast.success(role ? 'Role updated.' : 'Role created.');
      onDone();
    } catch (err) {
      applyServerError(form.setError, err, ['name', 'fullName', 'description', 'permissions']);
    }
  });

  const permissions = catalogue.data?.permissions ?? PERMISSION_CATALOGUE;
  const templates = catalogue.data?.templates ?? ROLE_TEMPLATES;

  return (
    <form
      onSubmit={submit}
      noValidate
      className="flex flex-col gap-4"
      aria-label={role ? 'Edit role' : 'Create role'}
    >
      {errors.root?.server?.message ? <Alert>{errors.root.server.message}</Alert> : null}
      {locked ? (
        <p className="flex items-center gap-2 rounded-lg border border-amber-500/30 bg-amber-500/10 px-3 py-2 text-amber-200 text-sm">
          <Lock aria-hidden className="size-4 shrink-0" />
          This is a system role: its name and permissions are locked.
        </p>
      ) : (
        <RoleTemplates
          templates={templates}
          onPick={(key, t) => {
            const taken = (existing.data ?? []).map((r) => r.name);
            const v = templateRoleValues(key, t, taken);
            form.setValue('name', v.name, { shouldValidate: form.formState.isSubmitted });
            form.setValue('fullName', v.fullName, { shouldValidate: form.formState.isSubmitted });
            form.setValue('description', v.description);
            form.setValue('permissions', v.permissions, { shouldDirty: true });
          }}
        />
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          id={`${id}-name`}
          label="Role Name"
          error={errors.name?.message}
          hint="Lowercase; spaces become underscores."
        >
          {locked && role ? (
            <Input id={`${id}-name`} value={role.name} disabled readOnly />
          ) : (
            <Input
              {...describedBy(`${id}-name`, errors.name?.message, true)}
              placeholder="e.g. night_shift_host"
              autoComplete="off"
              spellCheck={false}
              {...nameField}
              onChange={(e) => {
                normaliseWhileTyping(e);
                void nameField.onChange(e);
              }}
            />
          )}
        </Field>
        <Field id={`${id}-full`} label="Display Name" error={errors.fullName?.message}>
          <Input
            {...describedBy(`${id}-full`, errors.fullName?.message)}
            placeholder="e.g. Night Shift Host"
            {...form.register('fullName')}
          />
        </Field>
      </div>
      <Field id={`${id}-desc`} label="Description" error={errors.description?.message}>
        <Textarea
          {...describedBy(`${id}-desc`, errors.description?.message)}
          rows={2}
          placeholder="What this role is for"
          {...form.register('description')}
        />
      </Field>
      <Controller
        control={form.control}
        name="permissions"
        render={({ field }) => (
          <PermissionPicker
            permissions={permissions}
            value={field.value ?? []}
            onChange={field.onChange}
            disabled={locked}
          />
        )}
      />
      <FormActions
        onCancel={onDone}
        submitLabel={role ? 'Save Changes' : 'Create Role'}
        busy={save.isPending}
        className="flex-wrap"
      />
    </form>
  );
}
