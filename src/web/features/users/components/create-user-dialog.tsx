import { zodResolver } from '@hookform/resolvers/zod';
import { ADMIN_SELECTABLE_ROLES, CreateUserInput, type CreateUserResult } from '@shared/contracts/accounts';
import { applyServerError } from '@web/app/data/form-errors';
import { toast } from '@web/app/toast/toast';
import { formatRoleName } from '@web/components/role-badge';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Dialog } from '@web/components/ui/dialog';
import { describedBy, Field, Input, Select } from '@web/components/ui/input';
import { UserPlus } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useCreateUser } from '../api';
import { SetPasswordLinkNotice } from './set-password-link-notice';

type FormIn = z.input<typeof CreateUserInput>;
type FormOut = z.output<typeof CreateUserInput>;

function CreateUserForm({ onCreated }: { onCreated: (r: CreateUserResult) => void }) {
  const create = useCreateUser();
  const form = useForm<FormIn, unknown, FormOut>({
    resolver: zodResolver(CreateUserInput),
    defaultValues: { email: '', fullName: '', role: 'user' },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    try {
      const result = await create.mutateAsync(values);
      toast.success(`Account created for ${result.user.email}.`);
      if (result.notice) toast.warning(result.notice, { duration: 10_000 });
      onCreated(result);
    } catch (err) {
      applyServerError(form.setError, err, ['email', 'fullName', 'role']);
    }
  });
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <p className="text-slate-300 text-sm">
        The new member chooses their own password from a link: the site never shows or sends a password.
      </p>
      {errors.root?.server?.message ? <Alert>{errors.root.server.message}</Alert> : null}
      <Field id="new-user-email" label="Email" error={errors.email?.message}>
        <Input
          type="email"
          autoComplete="off"
          data-autofocus
          {...describedBy('new-user-email', errors.email?.message)}
          {...form.register('email')}
        />
      </Field>
      <Field id="new-user-name" label="Full name (optional)" error={errors.fullName?.message}>
        <Input
          autoComplete="off"
          {...describedBy('new-user-name', errors.fullName?.message)}
          {...form.register('fullName')}
        />
      </Field>
      <Field id="new-user-role" label="Role" error={errors.role?.message}>
        <Select {...describedBy('new-user-role', errors.role?.message)} {...form.register('role')}>
          {ADMIN_SELECTABLE_ROLES.map((r) => (
            <option key={r} value={r}>
              {formatRoleName(r)}
            </option>
          ))}
        </Select>
      </Field>
      <div>
        <Button type="submit" busy={create.isPending} icon={<UserPlus aria-hidden className="size-4" />}>
          Create account
        </Button>
      </div>
    </form>
  );
}

/** The admin user form (email required) in a dialog; afterwards, how the set-password link travels. */
export function CreateUserDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [result, setResult] = useState<CreateUserResult | null>(null);
  const close = () => {
    setResult(null);
    onClose();
  };
  return (
    <Dialog
      open={open}
      onClose={close}
      title={result ? 'Account created' : 'Add a user'}
      className="max-w-lg"
    >
      {result ? (
        <div className="flex flex-col gap-4">
          <SetPasswordLinkNotice email={result.user.email} link={result.link} />
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" onClick={() => setResult(null)}>
              Add another
            </Button>
            <Button onClick={close}>Done</Button>
          </div>
        </div>
      ) : (
        <CreateUserForm onCreated={setResult} />
      )}
    </Dialog>
  );
}
