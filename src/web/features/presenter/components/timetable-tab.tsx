import { SCHEDULE_TEXTS } from '@shared/texts/schedule';
import { PRESENTER_TEXTS } from '@shared/texts/staff';
import { hasCapability } from '@web/app/capabilities';
import { errorMessage } from '@web/app/data/api-client';
import { useNow } from '@web/app/hooks/use-now';
import { useMe } from '@web/app/session';
import { Alert } from '@web/components/ui/alert';
import { Badge } from '@web/components/ui/badge';
import { LoadingState } from '@web/components/ui/spinner';
import { useScheduleBoard } from '@web/features/schedule/bookings-api';
import { listenerTimeZone, zoneLabel } from '@web/features/schedule/schedule-time';
import { clsx } from 'clsx';
import { ChevronDown, Globe } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { buildTimetable, type TimetableCell, type TimetableDay } from '../timetable';
import { BookingDialog, type BookingTarget } from './booking-dialog';
import { SectionHeader } from './section-header';

/**
 * Timetable: the next 7 days, each expandable into 24 hourly cells on the presenter's clock. A free
 * cell opens the booking modal; the presenter's own shows open for editing; schedule managers may open
 * any. The weekly count shows against the 2-shows-a-week minimum. Bookings by others arrive live.
 */
export function TimetableTab() {
  const { me } = useMe();
  const board = useScheduleBoard();
  const now = useNow(60_000);
  const tz = listenerTimeZone();
  const asManager = hasCapability(me, 'schedule.manage');
  const [open, setOpen] = useState<Set<string>>(() => new Set());
  const [target, setTarget] = useState<BookingTarget | null>(null);

  const days = useMemo(
    () =>
      board.data && me
        ? buildTimetable({
            now,
            presenterTz: tz,
            stationTz: board.data.timezone,
            slots: board.data.slots,
            viewerId: me.user.id,
          })
        : [],
    [board.data, me, now, tz],
  );
  const isOpen = (d: TimetableDay) => open.has(d.key) || (open.size === 0 && d.isToday);
  const toggle = (d: TimetableDay) =>
    setOpen((prev) => {
      const next = new Set(prev.size === 0 ? days.filter((x) => x.isToday).map((x) => x.key) : prev);
      if (next.has(d.key)) next.delete(d.key);
      else next.add(d.key);
      return next;
    });

  const mine = board.data?.mine;
  const onCell = (day: TimetableDay, cell: TimetableCell) => {
    if (!cell.station) return;
    setTarget({
      when: `${day.longLabel}, ${cell.label}`,
      stationLabel: cell.stationLabel,
      hour: cell.station,
      stationDate: cell.stationDate,
      slot: cell.slot,
    });
  };

  return (
    <div>
      <SectionHeader
        title="Timetable"
        description="Book a weekly show, or a one-off on one date. Bookings wait for an admin's approval before they go on the public schedule."
        action={
          mine ? (
            <p className="flex items-center gap-2 text-slate-300 text-sm">
              Your shows this week
              <Badge tone={mine.booked >= mine.minimum ? 'green' : 'amber'} className="text-sm">
                <span data-testid="weekly-count">
                  {PRESENTER_TEXTS.weeklyCount(mine.booked, mine.minimum)}
                </span>
              </Badge>
            </p>
          ) : null
        }
      />
      {board.data && board.data.timezone !== tz ? (
        <p className="mb-4 inline-flex items-start gap-2 rounded-lg border border-slate-700 bg-slate-900/70 px-3 py-2 text-slate-300 text-sm">
          <Globe aria-hidden className="mt-0.5 size-4 shrink-0 text-pink-400" />
          <span>
            Hours are shown in your time zone, {zoneLabel(tz, now)}; the station runs on{' '}
            {zoneLabel(board.data.timezone, now)}.
          </span>
        </p>
      ) : null}
      {board.isPending ? (
        <LoadingState label={SCHEDULE_TEXTS.loading} />
      ) : board.isError ? (
        <Alert>{errorMessage(board.error)}</Alert>
      ) : (
        <ul className="flex flex-col gap-3" aria-label="The next 7 days">
          {days.map((day) => {
            const expanded = isOpen(day);
            const booked = day.cells.filter((c) => c.slot).length;
            return (
              <li
                key={day.key}
                className="overflow-hidden rounded-2xl border border-slate-700/80 bg-slate-900/70"
              >
                <h3>
                  <button
                    type="button"
                    aria-expanded={expanded}
                    aria-controls={`timetable-${day.key}`}
                    onClick={() => toggle(day)}
                    className="flex w-full items-center justify-between gap-3 px-4 py-3 text-left transition hover:bg-white/5"
                  >
                    <span className="font-semibold text-white">
                      {day.isToday ? 'Today' : day.longLabel.split(' ')[0]}
                      <span className="ml-2 font-normal text-slate-400 text-sm">{day.dateLabel}</span>
                    </span>
                    <span className="flex items-center gap-2 text-slate-400 text-xs">
                      {day.mine > 0 ? <Badge tone="accent">{day.mine} yours</Badge> : null}
                      {booked} of 24 booked
                      <ChevronDown
                        aria-hidden
                        className={clsx('size-4 transition', expanded && 'rotate-180')}
                      />
                    </span>
                  </button>
                </h3>
                {expanded ? (
                  <ul
                    id={`timetable-${day.key}`}
                    aria-label={`${day.longLabel} hours`}
                    className="grid grid-cols-2 gap-1.5 border-slate-700/80 border-t p-2 sm:grid-cols-3 sm:gap-2 sm:p-3 lg:grid-cols-4"
                  >
                    {day.cells.map((cell) => (
                      <li key={cell.key}>
                        <HourCell
                          cell={cell}
                          day={day}
                          viewerId={me?.user.id ?? ''}
                          asManager={asManager}
                          onOpen={() => onCell(day, cell)}
                        />
                      </li>
                    ))}
                  </ul>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
      <p className="mt-4 text-slate-400 text-sm">
        Longer shows, and all your bookings in one list:{' '}
        <Link to="/staff-panel" className="font-semibold text-pink-300 hover:underline">
          My Schedule
        </Link>
        .
      </p>
      <BookingDialog target={target} asManager={asManager} onClose={() => setTarget(null)} />
    </div>
  );
}

function HourCell({
  cell,
  day,
  viewerId,
  asManager,
  onOpen,
}: {
  cell: TimetableCell;
  day: TimetableDay;
  viewerId: string;
  asManager: boolean;
  onOpen: () => void;
}) {
  const slot = cell.slot;
  const own = slot?.presenterId === viewerId;
  const canOpen = !cell.isPast && cell.station !== null && (!slot || own || asManager);
  const name = slot
    ? `${slot.showName} by ${slot.presenterName}, ${cell.label}, ${day.longLabel}`
    : `Book ${day.longLabel}, ${cell.label}`;
  return (
    <button
      type="button"
      disabled={!canOpen}
      onClick={onOpen}
      aria-label={name}
      title={cell.station ? undefined : 'This hour crosses midnight at the station'}
      className={clsx(
        'flex h-full min-h-14 w-full min-w-0 flex-col items-start gap-0.5 rounded-xl border px-2.5 py-1.5 text-left text-sm transition sm:min-h-16 sm:px-3 sm:py-2',
        'disabled:cursor-not-allowed',
        slot
          ? own
            ? 'border-pink-400/50 bg-pink-500/15 hover:bg-pink-500/25'
            : 'border-slate-600 bg-slate-800/80 hover:enabled:bg-slate-700'
          : 'border-slate-700 border-dashed hover:enabled:border-emerald-400/60 hover:enabled:bg-emerald-500/10',
        cell.isPast && 'opacity-45',
      )}
    >
      <span className="font-semibold text-slate-200 tabular-nums">{cell.label}</span>
      {cell.stationLabel ? <span className="text-slate-400 text-xs">{cell.stationLabel}</span> : null}
      {slot ? (
        // The whole name, wrapped, with its badges after it (a one-off's "Once" never cuts the name short).
        <span className="flex w-full min-w-0 flex-wrap items-center gap-1.5">
          <span className="min-w-0 break-words text-white" data-testid="timetable-show-name">
            {slot.showName}
          </span>
          {slot.status === 'pending' ? <Badge tone="amber">Pending</Badge> : null}
          {slot.date ? <Badge tone="violet">Once</Badge> : null}
        </span>
      ) : (
        <span className={clsx('text-xs', canOpen ? 'text-emerald-300' : 'text-slate-500')}>
          {cell.isPast ? 'Past' : canOpen ? 'Free: book' : 'Unavailable'}
        </span>
      )}
      {slot && !own ? <span className="truncate text-slate-400 text-xs">{slot.presenterName}</span> : null}
    </button>
  );
}
