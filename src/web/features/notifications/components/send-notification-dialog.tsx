import { zodResolver } from '@hookform/resolvers/zod';
import type { UserListItem } from '@shared/contracts/accounts';
import { SendNotificationInput } from '@shared/contracts/notifications';
import { applyServerError } from '@web/app/data/form-errors';
import { toast } from '@web/app/toast/toast';
import { Alert } from '@web/components/ui/alert';
import { Dialog } from '@web/components/ui/dialog';
import { FormActions } from '@web/components/ui/form-actions';
import { InputField, TextareaField } from '@web/components/ui/input';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useSendNotification } from '../api';

/** Admin: write a notification to one member. */
export function SendNotificationDialog({
  user,
  onClose,
}: {
  user: UserListItem | null;
  onClose: () => void;
}) {
  return (
    <Dialog open={user !== null} onClose={onClose} title={`Notify ${user?.displayName ?? ''}`}>
      {user ? <SendNotificationForm user={user} onDone={onClose} /> : null}
    </Dialog>
  );
}

function SendNotificationForm({ user, onDone }: { user: UserListItem; onDone: () => void }) {
  const id = useId();
  const send = useSendNotification();
  const form = useForm({
    resolver: zodResolver(SendNotificationInput),
    defaultValues: { userId: user.id, title: '', message: '', link: null as string | null },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      await send.mutateAsync({ ...values, link: values.link || null });
      toast.success(`Notification sent to ${user.displayName}.`);
      onDone();
    } catch (err) {
      applyServerError(form.setError, err, ['title', 'message', 'link']);
    }
  });

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      {errors.root?.server?.message ? <Alert>{errors.root.server.message}</Alert> : null}
      <InputField
        id={`${id}-title`}
        label="Title"
        error={errors.title?.message}
        data-autofocus
        {...form.register('title')}
      />
      <TextareaField
        id={`${id}-message`}
        label="Message"
        error={errors.message?.message}
        rows={3}
        {...form.register('message')}
      />
      <InputField
        id={`${id}-link`}
        label="Link (optional)"
        error={errors.link?.message}
        hint="A page on this site, e.g. /shop"
        placeholder="/"
        {...form.register('link', { setValueAs: (v: string | null) => (v ? v : null) })}
      />
      <FormActions onCancel={onDone} submitLabel="Send" busy={send.isPending} />
    </form>
  );
}
