import { REPORT_REASON_MAX, type ReportKind } from '@shared/contracts/safety';
import { SAFETY_TEXTS } from '@shared/texts/safety';
import { errorMessage } from '@web/app/data/api-client';
import { toast } from '@web/app/toast/toast';
import { Alert } from '@web/components/ui/alert';
import { Dialog } from '@web/components/ui/dialog';
import { FormActions } from '@web/components/ui/form-actions';
import { describedBy, Field, Textarea } from '@web/components/ui/input';
import { type FormEvent, useId, useState } from 'react';
import { useSendReport } from '../api';

export interface ReportTarget {
  kind: ReportKind;
  targetId: string;
  /** Whose words or which member, for the dialog's heading. */
  name: string;
  /** The reported words, shown back to the reporter. */
  excerpt?: string;
}

const TITLES: Record<ReportKind, string> = {
  chat: 'Report this chat message',
  message: 'Report this message',
  member: 'Report this member',
};

/** A member tells the moderators what is wrong; the moderators see it in their queue. */
export function ReportDialog({ target, onClose }: { target: ReportTarget | null; onClose: () => void }) {
  const send = useSendReport();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const id = useId();
  const close = () => {
    setReason('');
    setError(undefined);
    send.reset();
    onClose();
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!target) return;
    if (reason.trim().length < 3) {
      setError('Tell the moderators what is wrong');
      return;
    }
    send.mutate(
      { kind: target.kind, targetId: target.targetId, reason: reason.trim() },
      {
        onSuccess: () => {
          toast.success(SAFETY_TEXTS.reportSent);
          close();
        },
      },
    );
  };
  return (
    <Dialog open={Boolean(target)} onClose={close} title={target ? TITLES[target.kind] : ''}>
      {target ? (
        <form onSubmit={onSubmit} className="flex flex-col gap-4" noValidate>
          <blockquote className="rounded-lg border border-slate-700 bg-slate-800/60 px-3 py-2 text-slate-200 text-sm">
            <p className="font-semibold text-white">{target.name}</p>
            {target.excerpt ? (
              <p className="mt-1 line-clamp-4 whitespace-pre-wrap break-words">{target.excerpt}</p>
            ) : null}
          </blockquote>
          <Field
            id={`${id}-reason`}
            label="What is wrong?"
            error={error}
            hint="Only the moderators see your report. You will be told when they have looked at it."
          >
            <Textarea
              {...describedBy(`${id}-reason`, error, true)}
              value={reason}
              rows={3}
              maxLength={REPORT_REASON_MAX}
              onChange={(e) => {
                setReason(e.target.value);
                setError(undefined);
              }}
              data-autofocus
            />
          </Field>
          {send.isError ? <Alert>{errorMessage(send.error)}</Alert> : null}
          <FormActions
            onCancel={close}
            submitLabel="Send report"
            busy={send.isPending}
            variant="danger"
            cancelVariant="secondary"
          />
        </form>
      ) : null}
    </Dialog>
  );
}
