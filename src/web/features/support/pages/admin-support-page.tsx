import { TICKET_STATUSES, type TicketStatus } from '@shared/contracts/support';
import { LOADING_TEXTS } from '@shared/texts/common';
import { SUPPORT_TEXTS } from '@shared/texts/support';
import { errorMessage } from '@web/app/data/api-client';
import { toast } from '@web/app/toast/toast';
import { BackButton } from '@web/components/back-button';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Select } from '@web/components/ui/input';
import { LoadingState } from '@web/components/ui/spinner';
import { clsx } from 'clsx';
import { RefreshCw } from 'lucide-react';
import { useId, useState } from 'react';
import {
  type StatusFilter,
  useAllTickets,
  useReplyToTicket,
  useSetTicketStatus,
  useStaffTicket,
  useSupportEvents,
} from '../api';
import { ReplyBox } from '../components/reply-box';
import { CATEGORY_LABEL, STATUS_LABEL } from '../components/ticket-badges';
import { TicketMessages } from '../components/ticket-messages';
import { TicketRow } from '../components/ticket-row';

const FILTERS: { value: StatusFilter; label: string }[] = [
  { value: 'all', label: 'All Tickets' },
  { value: 'open', label: 'Open' },
  { value: 'in_progress', label: 'In Progress' },
  { value: 'closed', label: 'Closed' },
];

function Detail({ id, onBack }: { id: string; onBack: () => void }) {
  const thread = useStaffTicket(id);
  const setStatus = useSetTicketStatus(id);
  const reply = useReplyToTicket(id, true);
  if (thread.isPending) return <LoadingState label={LOADING_TEXTS.generic} />;
  if (thread.isError) return <Alert>{errorMessage(thread.error)}</Alert>;
  const { ticket, messages } = thread.data;
  return (
    <div className="flex flex-col gap-4">
      <header className="flex flex-col gap-2 border-slate-800 border-b pb-3">
        <BackButton className="self-start lg:hidden" onClick={onBack}>
          All tickets
        </BackButton>
        <p className="font-mono text-slate-400 text-sm">{ticket.ticketNumber}</p>
        <h2 className="break-words font-bold text-white text-xl">{ticket.subject}</h2>
        <p className="text-slate-300 text-sm">
          From <span className="font-semibold text-white">{ticket.author.name}</span> ·{' '}
          {CATEGORY_LABEL[ticket.category]}
        </p>
        <fieldset className="flex flex-wrap gap-2">
          <legend className="sr-only">Status</legend>
          {TICKET_STATUSES.map((s) => (
            <Button
              key={s}
              size="sm"
              variant={ticket.status === s ? 'primary' : 'secondary'}
              aria-pressed={ticket.status === s}
              disabled={setStatus.isPending}
              onClick={() => setStatus.mutate(s, { onError: (err) => toast.error(errorMessage(err)) })}
            >
              {STATUS_LABEL[s]}
            </Button>
          ))}
        </fieldset>
      </header>
      <div className="max-h-[480px] min-h-40 overflow-y-auto pr-1">
        <TicketMessages messages={messages} rightSide={(m) => m.isStaffReply} />
      </div>
      <ReplyBox
        placeholder={SUPPORT_TEXTS.staffPlaceholder}
        busy={reply.isPending}
        send={(content) => reply.mutateAsync(content)}
        failure={SUPPORT_TEXTS.replyFailed}
      />
    </div>
  );
}

/** /admin-support: every ticket for admins and support staff, filtered by status, answered live. */
export default function AdminSupportPage() {
  useSupportEvents();
  const id = useId();
  const [filter, setFilter] = useState<StatusFilter>('all');
  const [selected, setSelected] = useState<string | null>(null);
  const tickets = useAllTickets(filter);
  if (tickets.isPending && !tickets.data) return <LoadingState label={SUPPORT_TEXTS.adminLoading} />;
  const list = tickets.data?.tickets ?? [];

  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-8 sm:px-6 sm:py-10">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <h1 className="font-extrabold text-3xl text-white tracking-tight">{SUPPORT_TEXTS.adminTitle}</h1>
        <div className="flex items-end gap-2">
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-filter`} className="text-slate-300 text-sm">
              Filter
            </label>
            <Select
              id={`${id}-filter`}
              value={filter}
              onChange={(e) => setFilter(e.target.value as TicketStatus | 'all')}
            >
              {FILTERS.map((f) => (
                <option key={f.value} value={f.value}>
                  {f.label}
                </option>
              ))}
            </Select>
          </div>
          <Button
            variant="secondary"
            busy={tickets.isFetching}
            icon={<RefreshCw aria-hidden className="size-4" />}
            onClick={() => void tickets.refetch()}
          >
            Refresh
          </Button>
        </div>
      </header>
      {tickets.isError ? <Alert>{SUPPORT_TEXTS.loadFailed(errorMessage(tickets.error))}</Alert> : null}
      <div className="grid gap-4 lg:grid-cols-[minmax(0,380px)_1fr]">
        <Card className={clsx('p-3', selected && 'max-lg:hidden')}>
          <h2 className="mb-3 px-1 font-bold text-lg text-white">
            {SUPPORT_TEXTS.ticketsCount(list.length)}
          </h2>
          <div className="max-h-[700px] overflow-y-auto">
            {list.length === 0 ? (
              <p className="py-6 text-center text-slate-300">{SUPPORT_TEXTS.empty}</p>
            ) : (
              <ul className="flex flex-col gap-2">
                {list.map((t) => (
                  <TicketRow
                    key={t.id}
                    t={t}
                    showAuthor
                    testId="admin-ticket"
                    selected={t.id === selected}
                    onSelect={() => setSelected(t.id)}
                  />
                ))}
              </ul>
            )}
          </div>
        </Card>
        <Card className={clsx('min-w-0 p-4', !selected && 'max-lg:hidden')}>
          {selected ? (
            <Detail id={selected} onBack={() => setSelected(null)} />
          ) : (
            <p className="py-16 text-center text-slate-300">{SUPPORT_TEXTS.select}</p>
          )}
        </Card>
      </div>
    </div>
  );
}
