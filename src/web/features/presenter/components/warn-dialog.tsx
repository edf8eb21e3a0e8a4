import type { PersonRef } from '@shared/contracts/staff';
import { PRESENTER_TEXTS } from '@shared/texts/staff';
import { errorMessage } from '@web/app/data/api-client';
import { toast } from '@web/app/toast/toast';
import { Alert } from '@web/components/ui/alert';
import { Dialog } from '@web/components/ui/dialog';
import { FormActions } from '@web/components/ui/form-actions';
import { Field, Textarea } from '@web/components/ui/input';
import { useId, useState } from 'react';
import { useWarnMember } from '../api';
import { PersonPicker } from './person-picker';

/** A moderator warns a member, with a reason; the member is notified. */
export function WarnDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} title="Warn a member">
      <WarnForm onDone={onClose} />
    </Dialog>
  );
}

function WarnForm({ onDone }: { onDone: () => void }) {
  const id = useId();
  const warn = useWarnMember();
  const [person, setPerson] = useState<PersonRef | null>(null);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!person) return setError('Choose the member to warn');
    if (!reason.trim()) return setError(PRESENTER_TEXTS.warningReasonRequired);
    setError(null);
    warn.mutate(
      { userId: person.id, reason },
      {
        onSuccess: () => {
          toast.success(`${person.name} has been warned and notified.`);
          onDone();
        },
        onError: (err) => setError(errorMessage(err)),
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-label="Warn a member">
      {error ? <Alert>{error}</Alert> : null}
      <Field id={`${id}-member`} label="Member">
        <PersonPicker id={`${id}-member`} value={person} onChange={setPerson} />
      </Field>
      <Field id={`${id}-reason`} label="Reason" hint="The member sees this in their notification.">
        <Textarea
          id={`${id}-reason`}
          rows={3}
          maxLength={500}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          aria-describedby={`${id}-reason-hint`}
        />
      </Field>
      <FormActions onCancel={onDone} submitLabel="Send Warning" variant="danger" busy={warn.isPending} />
    </form>
  );
}
