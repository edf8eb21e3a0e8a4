import type { Ticket } from '@shared/contracts/support';
import { formatMessageTime } from '@web/app/format-date';
import { clsx } from 'clsx';
import { PriorityBadge, StatusBadge } from './ticket-badges';

/** A ticket in a list: number, last update, subject, (the author, for staff), status and priority. */
export function TicketRow({
  t,
  selected,
  onSelect,
  showAuthor = false,
  testId,
}: {
  t: Ticket;
  selected: boolean;
  onSelect: () => void;
  showAuthor?: boolean;
  testId: string;
}) {
  return (
    <li>
      <button
        type="button"
        onClick={onSelect}
        aria-current={selected || undefined}
        data-testid={testId}
        className={clsx(
          'flex w-full flex-col gap-1 rounded-xl border px-3 py-2.5 text-left transition',
          selected
            ? 'border-pink-400/60 bg-pink-500/10'
            : 'border-slate-700 bg-slate-900/60 hover:border-slate-500',
        )}
      >
        <span className="flex items-center justify-between gap-2 text-slate-400 text-xs">
          <span className="font-mono">{t.ticketNumber}</span>
          <time dateTime={t.updatedAt}>{formatMessageTime(t.updatedAt)}</time>
        </span>
        <span className="truncate font-semibold text-white">{t.subject}</span>
        {showAuthor ? <span className="text-slate-300 text-sm">{t.author.name}</span> : null}
        <span className="flex flex-wrap gap-1.5">
          <StatusBadge status={t.status} />
          <PriorityBadge priority={t.priority} />
        </span>
      </button>
    </li>
  );
}
