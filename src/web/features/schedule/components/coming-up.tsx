import { SCHEDULE_TEXTS } from '@shared/texts/schedule';
import { HOME_TEXTS } from '@shared/texts/station';
import { useNow } from '@web/app/hooks/use-now';
import { SectionTitle } from '@web/components/section-title';
import { Avatar } from '@web/components/ui/avatar';
import { Card } from '@web/components/ui/card';
import { clsx } from 'clsx';
import { ArrowRight, CalendarClock } from 'lucide-react';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { useSchedule } from '../api';
import { comingUpToday, listenerTimeZone } from '../schedule-time';

const UPCOMING_COUNT = 2;

/** 'Coming Up': the next 2 shows today (station day), times on the listener's clock. */
export function ComingUp({ className }: { className?: string }) {
  const schedule = useSchedule();
  const now = useNow();
  const next = useMemo(
    () =>
      schedule.data
        ? comingUpToday(schedule.data.slots, schedule.data.timezone, listenerTimeZone(), now, UPCOMING_COUNT)
        : [],
    [schedule.data, now],
  );

  return (
    <Card className={clsx('p-5 sm:p-6', className)}>
      <section aria-labelledby="coming-up-heading">
        <div className="mb-4 flex items-center justify-between gap-2">
          <SectionTitle id="coming-up-heading" icon={CalendarClock} iconClassName="text-pink-400">
            {HOME_TEXTS.comingUp}
          </SectionTitle>
          <Link
            to="/schedule"
            className="flex items-center gap-1 rounded-lg px-2 py-1 font-medium text-pink-300 text-sm hover:bg-white/5 hover:text-pink-200"
          >
            Schedule
            <ArrowRight aria-hidden className="size-4" />
          </Link>
        </div>
        {schedule.isPending ? (
          <p className="text-slate-400 text-sm">{SCHEDULE_TEXTS.loading}</p>
        ) : next.length === 0 ? (
          <p className="text-slate-400 text-sm">{SCHEDULE_TEXTS.noUpcoming}</p>
        ) : (
          <ul className="flex flex-col gap-3" data-testid="coming-up">
            {next.map((o) => (
              <li key={o.slot.id} className="flex min-w-0 items-center gap-3">
                <Avatar src={o.slot.presenterPicture} name={o.slot.presenterName} size="sm" />
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium text-white">{o.slot.showName}</p>
                  <p className="truncate text-slate-400 text-sm">with {o.slot.presenterName}</p>
                </div>
                <p className="shrink-0 text-right font-medium text-slate-200 text-sm tabular-nums">
                  {o.startLabel}
                  <span className="block text-slate-500 text-xs">to {o.endLabel}</span>
                </p>
              </li>
            ))}
          </ul>
        )}
      </section>
    </Card>
  );
}
