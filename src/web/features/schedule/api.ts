import { EVENT_TYPES } from '@shared/events';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '@web/app/data/api-client';
import { fromPage } from '@web/app/data/page-data';
import type { ScheduleData } from '@web/app/data/query-data';
import { queryKeys, useKeyedQuery } from '@web/app/data/query-keys';
import { useRealtimeEvent } from '@web/app/realtime/realtime-provider';

/** The approved slots of every day and the station's time zone; refreshed by 'schedule.changed'. */
export function useSchedule() {
  return useKeyedQuery({
    queryKey: queryKeys.schedule,
    queryFn: () => api.get<ScheduleData>('/api/schedule'),
    staleTime: 5 * 60_000,
    ...fromPage<ScheduleData>('/api/schedule'),
  });
}

/** Mounted once for the app. */
export function useScheduleEvents() {
  const queryClient = useQueryClient();
  useRealtimeEvent(EVENT_TYPES.scheduleChanged, () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.schedule });
  });
}
