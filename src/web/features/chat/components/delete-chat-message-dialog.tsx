import type { ChatMessage } from '@shared/contracts/chat';
import { errorMessage } from '@web/app/data/api-client';
import { toast } from '@web/app/toast/toast';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Dialog } from '@web/components/ui/dialog';
import { Field, Input } from '@web/components/ui/input';
import { type FormEvent, useId, useState } from 'react';
import { useDeleteChatMessage } from '../api';

/**
 * Confirms removing a message: a moderator's, with an optional reason kept in the moderation log, or the
 * author's own (no reason asked).
 */
export function DeleteChatMessageDialog({
  message,
  own = false,
  onClose,
}: {
  message: ChatMessage | null;
  own?: boolean;
  onClose: () => void;
}) {
  const remove = useDeleteChatMessage();
  const [reason, setReason] = useState('');
  const id = useId();

  const close = () => {
    setReason('');
    remove.reset();
    onClose();
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!message) return;
    remove.mutate(
      { id: message.id, reason: reason.trim() || undefined },
      {
        onSuccess: () => {
          toast.success('Message deleted.');
          close();
        },
      },
    );
  };

  return (
    <Dialog
      open={Boolean(message)}
      onClose={close}
      title={own ? 'Delete your message?' : 'Delete this message?'}
    >
      {message ? (
        <form onSubmit={onSubmit} className="flex flex-col gap-4">
          <blockquote className="rounded-lg border border-slate-700 bg-slate-800/60 px-3 py-2 text-slate-200 text-sm">
            <p className="font-semibold text-white">{message.author.name}</p>
            <p className="mt-1 line-clamp-4 whitespace-pre-wrap break-words">{message.content}</p>
          </blockquote>
          <p className="text-slate-300 text-sm">It disappears for everyone at once.</p>
          {own ? null : (
            <Field id={`${id}-reason`} label="Reason (optional, for the moderation log)">
              <Input
                id={`${id}-reason`}
                value={reason}
                maxLength={300}
                onChange={(e) => setReason(e.target.value)}
                data-autofocus
              />
            </Field>
          )}
          {remove.isError ? <Alert>{errorMessage(remove.error)}</Alert> : null}
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" variant="danger" busy={remove.isPending} data-autofocus={own || undefined}>
              Delete
            </Button>
          </div>
        </form>
      ) : null}
    </Dialog>
  );
}
