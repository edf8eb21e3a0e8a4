import { useChartEvents } from '@web/features/chart/api';
import { useLikesEvents } from '@web/features/library/api';
import { useScheduleEvents } from '@web/features/schedule/api';
import { useNowPlayingEvents } from '@web/features/station/now-playing';

/** Keeps the on-air caches in step with the event stream: now playing, schedule, chart and likes. */
export function LiveCacheEvents() {
  useNowPlayingEvents();
  useScheduleEvents();
  useChartEvents();
  useLikesEvents();
  return null;
}
