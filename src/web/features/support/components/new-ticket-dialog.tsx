import {
  CreateTicketInput,
  TICKET_CATEGORIES,
  TICKET_PRIORITIES,
  type TicketThread,
} from '@shared/contracts/support';
import { SUPPORT_TEXTS } from '@shared/texts/support';
import { Alert } from '@web/components/ui/alert';
import { Dialog } from '@web/components/ui/dialog';
import { FormActions } from '@web/components/ui/form-actions';
import { describedBy, Field, Input, Select, Textarea } from '@web/components/ui/input';
import { type FormEvent, useId, useState } from 'react';
import { useCreateTicket } from '../api';
import { CATEGORY_LABEL } from './ticket-badges';

const PRIORITY_LABEL = { low: 'Low', normal: 'Normal', high: 'High', urgent: 'Urgent' } as const;

/** New Ticket: subject, category, priority and description, all required (priority defaults to normal). */
export function NewTicketDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (t: TicketThread) => void;
}) {
  const id = useId();
  const create = useCreateTicket();
  const [form, setForm] = useState({ subject: '', category: '', priority: 'normal', description: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failed, setFailed] = useState(false);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = CreateTicketInput.safeParse(form);
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const i of parsed.error.issues) next[String(i.path[0])] ??= i.message;
      setErrors(next);
      return;
    }
    setErrors({});
    setFailed(false);
    create.mutate(parsed.data, {
      onSuccess: (t) => {
        setForm({ subject: '', category: '', priority: 'normal', description: '' });
        onCreated(t);
      },
      onError: () => setFailed(true),
    });
  };
  const set = (k: keyof typeof form) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [k]: e.target.value }));

  return (
    <Dialog open={open} onClose={onClose} title="New Ticket" className="max-w-lg">
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <Field id={`${id}-subject`} label="Subject" error={errors.subject}>
          <Input
            {...describedBy(`${id}-subject`, errors.subject)}
            data-autofocus
            value={form.subject}
            onChange={set('subject')}
          />
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id={`${id}-category`} label="Category" error={errors.category}>
            <Select
              {...describedBy(`${id}-category`, errors.category)}
              value={form.category}
              onChange={set('category')}
            >
              <option value="">Choose…</option>
              {TICKET_CATEGORIES.map((c) => (
                <option key={c} value={c}>
                  {CATEGORY_LABEL[c]}
                </option>
              ))}
            </Select>
          </Field>
          <Field id={`${id}-priority`} label="Priority" error={errors.priority}>
            <Select
              {...describedBy(`${id}-priority`, errors.priority)}
              value={form.priority}
              onChange={set('priority')}
            >
              {TICKET_PRIORITIES.map((p) => (
                <option key={p} value={p}>
                  {PRIORITY_LABEL[p]}
                </option>
              ))}
            </Select>
          </Field>
        </div>
        <Field id={`${id}-description`} label="Description" error={errors.description}>
          <Textarea
            {...describedBy(`${id}-description`, errors.description)}
            rows={5}
            value={form.description}
            onChange={set('description')}
          />
        </Field>
        {failed ? <Alert>{SUPPORT_TEXTS.createFailed}</Alert> : null}
        <FormActions
          onCancel={onClose}
          submitLabel="Create Ticket"
          busy={create.isPending}
          cancelVariant="secondary"
        />
      </form>
    </Dialog>
  );
}
