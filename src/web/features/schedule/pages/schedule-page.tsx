import type { ScheduleSlot } from '@shared/contracts/schedule';
import { SCHEDULE_TEXTS } from '@shared/texts/schedule';
import { errorMessage } from '@web/app/data/api-client';
import { useNow } from '@web/app/hooks/use-now';
import { Alert } from '@web/components/ui/alert';
import { EmptyState } from '@web/components/ui/empty-state';
import { LoadingState } from '@web/components/ui/spinner';
import { useRecordedShows } from '@web/features/recordings/api';
import { useNowPlaying } from '@web/features/station/now-playing';
import { autoDjOnAir } from '@web/features/station/on-air-state';
import { Globe, Radio } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useSchedule } from '../api';
import { DayStrip } from '../components/day-strip';
import { SlotCard } from '../components/slot-card';
import { buildDayStrip, listenerTimeZone, slotsForDay, zoneLabel } from '../schedule-time';

const PANEL_ID = 'schedule-day-panel';

/** /schedule: a 7-day strip from today and the shows of the chosen day, on the listener's clock. */
export default function SchedulePage() {
  const schedule = useSchedule();
  const recorded = useRecordedShows();
  const now = useNow();
  const tz = listenerTimeZone();
  const days = useMemo(() => buildDayStrip(now, tz), [now, tz]);
  // ?day=YYYY-MM-DD opens that day (the requests page links to the next live show's day).
  const [params] = useSearchParams();
  const [picked, setPicked] = useState<string | null>(() => params.get('day'));
  const selected = days.find((d) => d.key === picked) ?? days[0];

  const occurrences = useMemo(
    () =>
      schedule.data
        ? slotsForDay<ScheduleSlot>(schedule.data.slots, selected, schedule.data.timezone, tz, now)
        : [],
    [schedule.data, selected, tz, now],
  );
  const stationTz = schedule.data?.timezone;
  const autoDj = autoDjOnAir(useNowPlaying().data);

  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6 sm:py-12">
      <header className="mb-6 sm:mb-8">
        <h1 className="font-extrabold text-3xl text-white tracking-tight sm:text-4xl">Schedule</h1>
        <p className="mt-1 text-slate-300">{SCHEDULE_TEXTS.intro(autoDj)}</p>
        {stationTz && stationTz !== tz ? (
          <p className="mt-3 inline-flex items-start gap-2 rounded-lg border border-slate-700 bg-slate-900/70 px-3 py-2 text-slate-300 text-sm">
            <Globe aria-hidden className="mt-0.5 size-4 shrink-0 text-pink-400" />
            <span>
              Times are shown in your time zone, {zoneLabel(tz, now)}. The station runs on{' '}
              {zoneLabel(stationTz, now)}.
            </span>
          </p>
        ) : null}
      </header>

      <DayStrip days={days} selected={selected.key} onSelect={setPicked} panelId={PANEL_ID} />

      <section id={PANEL_ID} role="tabpanel" aria-labelledby={`day-${selected.key}`} className="mt-6">
        <h2 className="mb-4 font-bold text-white text-xl">
          {selected.isToday ? 'Today' : selected.longLabel.split(' ')[0]}
          <span className="ml-2 font-normal text-base text-slate-400">{selected.dateLabel}</span>
        </h2>
        {schedule.isPending ? (
          <LoadingState label={SCHEDULE_TEXTS.loading} />
        ) : schedule.isError ? (
          <Alert>{errorMessage(schedule.error)}</Alert>
        ) : occurrences.length === 0 ? (
          <EmptyState
            icon={<Radio aria-hidden className="size-7" />}
            title={SCHEDULE_TEXTS.emptyTitle}
            body={SCHEDULE_TEXTS.emptyBody(autoDj)}
          />
        ) : (
          <ul className="flex flex-col gap-3">
            {occurrences.map((o) => (
              <SlotCard
                key={`${o.slot.id}-${o.start?.getTime() ?? 'x'}`}
                occurrence={o}
                hasRecordings={recorded.data?.has(o.slot.showName.toLowerCase()) ?? false}
              />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
