import { LOADING_TEXTS } from '@shared/texts/common';
import { SUPPORT_TEXTS } from '@shared/texts/support';
import { errorMessage } from '@web/app/data/api-client';
import { useMe } from '@web/app/session';
import { BackButton } from '@web/components/back-button';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { EmptyState } from '@web/components/ui/empty-state';
import { LoadingState } from '@web/components/ui/spinner';
import { clsx } from 'clsx';
import { LifeBuoy, Plus } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useMyTicket, useMyTickets, useReplyToTicket, useSupportEvents } from '../api';
import { NewTicketDialog } from './new-ticket-dialog';
import { ReplyBox } from './reply-box';
import { CATEGORY_LABEL, PriorityBadge, StatusBadge } from './ticket-badges';
import { TicketMessages } from './ticket-messages';
import { TicketRow } from './ticket-row';

function Conversation({ id, onBack }: { id: string; onBack: () => void }) {
  const thread = useMyTicket(id);
  const { me } = useMe();
  const reply = useReplyToTicket(id);
  if (thread.isPending) return <LoadingState label={LOADING_TEXTS.generic} />;
  if (thread.isError) return <Alert>{errorMessage(thread.error)}</Alert>;
  const { ticket, messages } = thread.data;
  return (
    <div className="flex h-full min-h-0 flex-col gap-3">
      <header className="flex flex-col gap-1 border-slate-800 border-b pb-3">
        <BackButton className="self-start md:hidden" onClick={onBack}>
          All tickets
        </BackButton>
        <p className="font-mono text-slate-400 text-xs">{ticket.ticketNumber}</p>
        <h2 className="break-words font-bold text-white text-xl">{ticket.subject}</h2>
        <p className="flex flex-wrap items-center gap-2 text-slate-300 text-sm">
          {CATEGORY_LABEL[ticket.category]} <StatusBadge status={ticket.status} />{' '}
          <PriorityBadge priority={ticket.priority} />
        </p>
      </header>
      <div className="min-h-40 flex-1 overflow-y-auto pr-1 md:max-h-[460px]">
        <TicketMessages
          messages={messages}
          rightSide={(m) => m.author.id === me?.user.id && !m.isStaffReply}
        />
      </div>
      <ReplyBox
        placeholder="Type your message..."
        busy={reply.isPending}
        send={(content) => reply.mutateAsync(content)}
        failure={SUPPORT_TEXTS.sendFailed}
      />
    </div>
  );
}

/** The member's tickets and the open conversation, with New Ticket (used by /support and the profile tab). */
export function SupportCentre() {
  useSupportEvents();
  const tickets = useMyTickets();
  const [params, setParams] = useSearchParams();
  const [creating, setCreating] = useState(false);
  const selected = params.get('ticket');
  const select = (id: string | null) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (id) next.set('ticket', id);
        else next.delete('ticket');
        return next;
      },
      { replace: true },
    );

  let list: ReactNode;
  if (tickets.isPending) list = <LoadingState label={LOADING_TEXTS.generic} />;
  else if (tickets.isError) list = <Alert>{SUPPORT_TEXTS.loadFailed(errorMessage(tickets.error))}</Alert>;
  else if (tickets.data.length === 0)
    list = (
      <p className="py-6 text-center text-slate-300">
        You have no tickets yet. Open one and we will get back to you.
      </p>
    );
  else
    list = (
      <ul className="flex flex-col gap-2" aria-label="Your tickets">
        {tickets.data.map((t) => (
          <TicketRow
            key={t.id}
            t={t}
            testId="my-ticket"
            selected={t.id === selected}
            onSelect={() => select(t.id)}
          />
        ))}
      </ul>
    );

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-slate-300">Questions, problems or ideas? Our team answers here.</p>
        <Button icon={<Plus aria-hidden className="size-4" />} onClick={() => setCreating(true)}>
          New Ticket
        </Button>
      </div>
      <div className="grid gap-4 md:grid-cols-[minmax(0,320px)_1fr]">
        <Card className={clsx('p-3', selected && 'max-md:hidden')}>
          <div className="max-h-[700px] overflow-y-auto">{list}</div>
        </Card>
        <Card className={clsx('min-w-0 p-4', !selected && 'max-md:hidden')}>
          {selected ? (
            <Conversation id={selected} onBack={() => select(null)} />
          ) : (
            <EmptyState
              icon={<LifeBuoy aria-hidden className="size-7" />}
              title="Select a ticket"
              body="Choose a ticket to read the conversation, or open a new one."
              className="border-0 bg-transparent"
            />
          )}
        </Card>
      </div>
      <NewTicketDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(t) => {
          setCreating(false);
          select(t.ticket.id);
        }}
      />
    </div>
  );
}
