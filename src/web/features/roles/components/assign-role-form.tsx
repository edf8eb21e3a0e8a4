import { zodResolver } from '@hookform/resolvers/zod';
import type { UserListItem } from '@shared/contracts/accounts';
import { AssignRoleInput, type Role } from '@shared/contracts/roles';
import { ROLES_TEXTS } from '@shared/texts/roles';
import { isApiError } from '@web/app/data/api-client';
import { toast } from '@web/app/toast/toast';
import { FormActions } from '@web/components/ui/form-actions';
import { describedBy, Field, Select } from '@web/components/ui/input';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useAssignRole } from '../api';

/** Give a member an extra role. A duplicate is refused with the server's wording. */
export function AssignRoleForm({
  users,
  roles,
  onDone,
}: {
  users: UserListItem[];
  roles: Role[];
  onDone: () => void;
}) {
  const id = useId();
  const assign = useAssignRole();
  const form = useForm({ resolver: zodResolver(AssignRoleInput), defaultValues: { userId: '', roleId: '' } });
  const { errors } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      await assign.mutateAsync(values);
      toast.success(ROLES_TEXTS.assigned);
      onDone();
    } catch (err) {
      if (isApiError(err) && err.status === 409) toast.error(ROLES_TEXTS.duplicateAssignment);
      else
        toast.error(
          isApiError(err) && err.status !== 500 && err.message ? err.message : ROLES_TEXTS.assignError,
        );
    }
  });

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-label="Assign role">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={`${id}-user`} label="User" error={errors.userId?.message}>
          <Select {...describedBy(`${id}-user`, errors.userId?.message)} {...form.register('userId')}>
            <option value="">Select a user...</option>
            {users.map((u) => (
              <option key={u.id} value={u.id}>
                {u.displayName} ({u.email})
              </option>
            ))}
          </Select>
        </Field>
        <Field id={`${id}-role`} label="Role" error={errors.roleId?.message}>
          <Select {...describedBy(`${id}-role`, errors.roleId?.message)} {...form.register('roleId')}>
            <option value="">Select a role...</option>
            {roles.map((r) => (
              <option key={r.id} value={r.id}>
                {r.fullName}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      <FormActions
        onCancel={onDone}
        submitLabel="Assign Role"
        busy={assign.isPending}
        className="flex-wrap"
      />
    </form>
  );
}
