import type { ScheduleSlot } from '@shared/contracts/schedule';
import { errorMessage } from '@web/app/data/api-client';
import { useNow } from '@web/app/hooks/use-now';
import { toast } from '@web/app/toast/toast';
import { Alert } from '@web/components/ui/alert';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { LoadingState } from '@web/components/ui/spinner';
import { useAllSlots, useDecideSlot } from '@web/features/schedule/bookings-api';
import { DayStrip } from '@web/features/schedule/components/day-strip';
import { zoneLabel } from '@web/features/schedule/schedule-time';
import { clsx } from 'clsx';
import { CalendarClock, Check, X } from 'lucide-react';
import { useMemo, useState } from 'react';
import { buildWeekGrid, type GridDay } from '../timetable-grid';
import { TabHeader } from './tab-header';

const pad = (n: number) => String(n).padStart(2, '0');
const PANEL_ID = 'admin-timetable-day';
const HOURS = Array.from({ length: 24 }, (_, h) => h);

/**
 * Admin Panel › Timetable: the approvals view. The next 7 days on the station's clock, hour by hour,
 * every booked show in the hour it starts; the bookings waiting for approval are marked, with Approve
 * and Reject. A week grid on wide screens; one day at a time (a day strip) on phones.
 */
export function TimetableTab() {
  const slots = useAllSlots();
  const now = useNow(60_000);
  const tz = slots.data?.timezone ?? 'UTC';
  const days = useMemo(
    () => (slots.data ? buildWeekGrid(now, slots.data.timezone, slots.data.slots) : []),
    [slots.data, now],
  );
  const [picked, setPicked] = useState<string | null>(null);
  const selected = days.find((d) => d.key === picked) ?? days[0];
  const waiting = days.reduce((n, d) => n + d.pending, 0);

  return (
    <section aria-labelledby="timetable-heading" className="flex flex-col gap-5">
      <TabHeader
        id="timetable-heading"
        title="Timetable"
        actions={
          slots.data ? (
            <Badge tone={waiting > 0 ? 'amber' : 'green'} className="text-sm">
              <span data-testid="pending-count">
                {waiting === 0 ? 'Nothing waiting' : `${waiting} waiting for approval`}
              </span>
            </Badge>
          ) : null
        }
      >
        The next 7 days in station time{slots.data ? `, ${zoneLabel(tz, now)}` : ''}. Bookings waiting for
        approval are marked: approve or reject them here.
      </TabHeader>
      {slots.isPending ? (
        <LoadingState label="Loading the timetable..." />
      ) : slots.isError ? (
        <Alert>{errorMessage(slots.error)}</Alert>
      ) : (
        <>
          <div className="hidden lg:block">
            <WeekTable days={days} />
          </div>
          {selected ? (
            <div className="flex flex-col gap-4 lg:hidden">
              <DayStrip days={days} selected={selected.key} onSelect={setPicked} panelId={PANEL_ID} />
              <DayList day={selected} />
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}

function WeekTable({ days }: { days: GridDay[] }) {
  return (
    <div className="overflow-x-auto rounded-2xl border border-slate-700/80 bg-slate-900/70">
      <table className="w-full table-fixed border-collapse text-sm" data-testid="week-grid">
        <caption className="sr-only">
          Booked shows over the next 7 days, hour by hour, in station time
        </caption>
        <thead>
          <tr>
            <th scope="col" className="w-16 px-2 py-2 text-left font-semibold text-slate-400 text-xs">
              Hour
            </th>
            {days.map((d) => (
              <th key={d.key} scope="col" className="px-1.5 py-2 text-left font-semibold text-slate-200">
                {d.dayName} {d.dateLabel}
                {d.pending > 0 ? (
                  <span className="ml-1.5 rounded-full bg-amber-500/20 px-1.5 text-amber-300 text-xs">
                    {d.pending}
                    <span className="sr-only"> waiting</span>
                  </span>
                ) : null}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {HOURS.map((h) => (
            <tr key={h} className="border-slate-800 border-t">
              <th
                scope="row"
                className="px-2 py-1.5 text-left align-top font-normal text-slate-400 tabular-nums"
              >
                {pad(h)}:00
              </th>
              {days.map((d) => (
                <td key={d.key} className="px-1 py-1 align-top">
                  <div className="flex flex-col gap-1">
                    {d.hours[h].map((s) => (
                      <SlotChip key={s.id} slot={s} day={d} />
                    ))}
                  </div>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function DayList({ day }: { day: GridDay }) {
  const booked = day.hours.flatMap((slots, h) => (slots.length ? [{ h, slots }] : []));
  return (
    <section id={PANEL_ID} aria-labelledby={`day-${day.key}`}>
      <h3 className="mb-3 font-bold text-lg text-white">
        {day.longLabel}
        {day.pending > 0 ? (
          <Badge tone="amber" className="ml-2 align-middle">
            {day.pending} waiting
          </Badge>
        ) : null}
      </h3>
      {booked.length === 0 ? (
        <p className="flex items-center gap-2 rounded-xl border border-slate-700 border-dashed px-4 py-6 text-slate-400">
          <CalendarClock aria-hidden className="size-5" />
          No shows booked on this day.
        </p>
      ) : (
        <ul className="flex flex-col gap-2" aria-label={`${day.longLabel} shows`}>
          {booked.flatMap(({ slots }) =>
            slots.map((s) => (
              <li key={s.id}>
                <SlotChip slot={s} day={day} roomy />
              </li>
            )),
          )}
        </ul>
      )}
    </section>
  );
}

/** The two answers to a waiting booking, as buttons. */
const DECISIONS = [
  {
    decision: 'approve',
    label: 'Approve',
    variant: 'secondary',
    icon: <Check aria-hidden className="size-4 text-emerald-300" />,
  },
  { decision: 'reject', label: 'Reject', variant: 'danger', icon: <X aria-hidden className="size-4" /> },
] as const;

function SlotChip({ slot, day, roomy = false }: { slot: ScheduleSlot; day: GridDay; roomy?: boolean }) {
  const decide = useDecideSlot();
  const pending = slot.status === 'pending';
  const what = `"${slot.showName}" by ${slot.presenterName}, ${day.longLabel} ${slot.startTime}`;
  const act = (decision: 'approve' | 'reject') =>
    decide.mutate(
      { id: slot.id, decision },
      {
        onSuccess: () =>
          toast.success(
            decision === 'approve'
              ? `Approved "${slot.showName}": it is on the public schedule.`
              : `Rejected "${slot.showName}": the presenter has been told.`,
          ),
        onError: (err) => toast.error('Could not save the decision.', { description: errorMessage(err) }),
      },
    );
  return (
    <div
      data-testid="grid-slot"
      data-status={slot.status}
      className={clsx(
        'flex min-w-0 flex-col gap-1 rounded-lg border px-2 py-1.5',
        pending ? 'border-amber-400/60 bg-amber-500/10' : 'border-slate-700 bg-slate-800/80',
        roomy && 'flex-row flex-wrap items-center gap-x-3 px-3 py-2',
      )}
    >
      <div className={clsx('min-w-0', roomy && 'flex-1 basis-40')}>
        {/* In the day's list (a phone) the whole name shows, wrapped; the week grid's chips are cut, with a title. */}
        <p
          className={clsx('font-semibold text-white', roomy ? 'break-words' : 'truncate')}
          title={slot.showName}
          data-testid="grid-slot-name"
        >
          {slot.showName}
        </p>
        <p className="truncate text-slate-400 text-xs">
          {slot.presenterName} · {slot.startTime}–{slot.endTime}
        </p>
        <p className="flex flex-wrap gap-1 pt-0.5">
          {pending ? <Badge tone="amber">Pending</Badge> : null}
          {slot.date ? <Badge tone="violet">One-off</Badge> : null}
        </p>
      </div>
      {pending ? (
        <div className="flex gap-1">
          {DECISIONS.map(({ decision, label, variant, icon }) => (
            <Button
              key={decision}
              size="sm"
              variant={variant}
              className={roomy ? '' : 'px-2'}
              aria-label={`${label} ${what}`}
              title={label}
              busy={decide.isPending && decide.variables?.decision === decision}
              disabled={decide.isPending}
              icon={icon}
              onClick={() => act(decision)}
            >
              {roomy ? label : null}
            </Button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
