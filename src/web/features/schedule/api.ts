import type { ScheduleSlot } from '@shared/contracts/schedule';
import { EVENT_TYPES } from '@shared/events';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/app/data/api-client';
import { fromPage } from '@web/app/data/page-data';
import { useRealtimeEvent } from '@web/app/realtime/realtime-provider';

export interface ScheduleData {
  timezone: string;
  slots: ScheduleSlot[];
}

export const scheduleQueryKey = ['schedule'] as const;

/** The approved slots of every day and the station's time zone; refreshed by 'schedule.changed'. */
export function useSchedule() {
  return useQuery({
    queryKey: scheduleQueryKey,
    queryFn: () => api.get<ScheduleData>('/api/schedule'),
    staleTime: 5 * 60_000,
    ...fromPage<ScheduleData>('/api/schedule'),
  });
}

/** Mounted once for the app. */
export function useScheduleEvents() {
  const queryClient = useQueryClient();
  useRealtimeEvent(EVENT_TYPES.scheduleChanged, () => {
    void queryClient.invalidateQueries({ queryKey: scheduleQueryKey });
  });
}
