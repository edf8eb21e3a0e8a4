import type { ScheduleSlot } from '@shared/contracts/schedule';
import { RECORDINGS_TEXTS } from '@shared/texts/recordings';
import { Avatar } from '@web/components/ui/avatar';
import { clsx } from 'clsx';
import { Clock, History } from 'lucide-react';
import { Link } from 'react-router';
import type { SlotOccurrence } from '../schedule-time';

/** One show on the schedule: presenter, show name, description and times; highlighted while on air. */
export function SlotCard({
  occurrence,
  hasRecordings = false,
}: {
  occurrence: SlotOccurrence<ScheduleSlot>;
  /** The show has published recordings: a Listen again link goes to them. */
  hasRecordings?: boolean;
}) {
  const { slot, startLabel, endLabel, isOnNow } = occurrence;
  return (
    <li
      data-testid="schedule-slot"
      data-on-now={isOnNow || undefined}
      className={clsx(
        'flex flex-col gap-4 rounded-2xl border p-4 sm:flex-row sm:items-center sm:p-5',
        isOnNow
          ? 'border-rose-500/50 bg-gradient-to-r from-rose-500/15 via-slate-900/80 to-slate-900/80 shadow-lg shadow-rose-500/10'
          : 'border-slate-700/80 bg-slate-900/70',
      )}
    >
      <div className="flex min-w-0 flex-1 items-center gap-4">
        <Avatar src={slot.presenterPicture} name={slot.presenterName} size="md" />
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2">
            <span className="break-words font-bold text-lg text-white">{slot.showName}</span>
            {isOnNow ? (
              <span className="inline-flex items-center gap-1.5 rounded-full bg-rose-500/20 px-2 py-0.5 font-bold text-[11px] text-rose-300 uppercase tracking-wider">
                <span aria-hidden className="size-1.5 motion-safe:animate-pulse rounded-full bg-rose-500" />
                On air now
              </span>
            ) : null}
          </p>
          <p className="truncate text-pink-200/90">{slot.presenterName}</p>
          {slot.description ? (
            <p className="mt-1 line-clamp-2 text-slate-400 text-sm">{slot.description}</p>
          ) : null}
          {hasRecordings ? (
            <Link
              to={`/listen-again?show=${encodeURIComponent(slot.showName)}`}
              data-testid="schedule-listen-again"
              className="mt-2 inline-flex items-center gap-1.5 rounded-md font-semibold text-pink-300 text-sm hover:text-pink-200 hover:underline"
            >
              <History aria-hidden className="size-4" />
              {RECORDINGS_TEXTS.schedule.listenAgain}
              <span className="sr-only">: {slot.showName}</span>
            </Link>
          ) : null}
        </div>
      </div>
      <p className="flex shrink-0 items-center gap-2 self-start rounded-lg bg-slate-800/80 px-3 py-1.5 font-semibold text-slate-100 text-sm tabular-nums sm:self-center">
        <Clock aria-hidden className="size-4 text-pink-400" />
        <span>
          {startLabel} – {endLabel}
        </span>
      </p>
    </li>
  );
}
