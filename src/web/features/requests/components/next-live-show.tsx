import { REQUESTS_TEXTS } from '@shared/texts/requests';
import { useNow } from '@web/app/hooks/use-now';
import { Avatar } from '@web/components/ui/avatar';
import { useSchedule } from '@web/features/schedule/api';
import { listenerTimeZone, nextShow } from '@web/features/schedule/schedule-time';
import { ArrowRight, CalendarClock } from 'lucide-react';
import { useMemo } from 'react';
import { Link } from 'react-router';

/**
 * Shown on /requests while no presenter is live (most hours): requests are closed, so say when the next
 * live show is, from the schedule, and link to that day of the schedule.
 */
export function NextLiveShow() {
  const schedule = useSchedule();
  const now = useNow();
  const next = useMemo(
    () =>
      schedule.data ? nextShow(schedule.data.slots, schedule.data.timezone, listenerTimeZone(), now) : null,
    [schedule.data, now],
  );
  if (schedule.isPending) return null;
  return (
    <section
      aria-labelledby="next-live-show-heading"
      data-testid="next-live-show"
      className="flex flex-col gap-4 rounded-2xl border border-pink-400/30 bg-pink-950/30 p-4 sm:flex-row sm:items-center sm:p-5"
    >
      <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-pink-500/15 text-pink-300">
        <CalendarClock aria-hidden className="size-5" />
      </span>
      <div className="min-w-0 flex-1">
        <h2 id="next-live-show-heading" className="font-semibold text-white">
          {REQUESTS_TEXTS.nextLiveShowHeading}
        </h2>
        {next ? (
          <div className="mt-2 flex min-w-0 items-center gap-3">
            <Avatar src={next.slot.presenterPicture} name={next.slot.presenterName} size="sm" />
            <div className="min-w-0">
              <p className="font-medium text-pink-100" data-testid="next-live-show-when">
                {next.isOnNow ? REQUESTS_TEXTS.scheduledNow : REQUESTS_TEXTS.nextLiveShow(next.whenLabel)}
              </p>
              <p className="truncate text-slate-300 text-sm">
                {next.slot.showName} with {next.slot.presenterName}
              </p>
            </div>
          </div>
        ) : (
          <p className="mt-1 text-slate-300 text-sm">{REQUESTS_TEXTS.noLiveShowThisWeek}</p>
        )}
      </div>
      <Link
        to={next ? `/schedule?day=${next.dayKey}` : '/schedule'}
        className="inline-flex shrink-0 items-center gap-1.5 self-start rounded-lg bg-white/10 px-3 py-2 font-medium text-sm text-white transition hover:bg-white/15 sm:self-center"
      >
        {next ? REQUESTS_TEXTS.seeOnSchedule : REQUESTS_TEXTS.seeSchedule}
        <ArrowRight aria-hidden className="size-4" />
      </Link>
    </section>
  );
}
