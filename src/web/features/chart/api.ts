import type { Chart } from '@shared/contracts/library';
import { EVENT_TYPES } from '@shared/events';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/app/data/api-client';
import { fromPage } from '@web/app/data/page-data';
import { queryKeys, useKeyedQuery } from '@web/app/data/query-keys';
import { useRealtimeEvent } from '@web/app/realtime/realtime-provider';

/** The latest weekly chart; refreshed by 'chart.changed'. */
export function useChart() {
  return useKeyedQuery({
    queryKey: queryKeys.chart,
    queryFn: () => api.get<Chart>('/api/chart'),
    ...fromPage<Chart>('/api/chart'),
  });
}

/**
 * Builds (or rebuilds) the chart of the last complete week: for holders of 'chart.generate'. A week with
 * no plays has no chart, so the page then re-reads the latest one.
 */
export function useGenerateChart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<Chart>('/api/chart/generate'),
    onSuccess: (chart) =>
      chart.entries.length > 0
        ? queryClient.setQueryData(queryKeys.chart, chart)
        : queryClient.invalidateQueries({ queryKey: queryKeys.chart }),
  });
}

/** Mounted once for the app. */
export function useChartEvents() {
  const queryClient = useQueryClient();
  useRealtimeEvent(EVENT_TYPES.chartChanged, () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.chart });
  });
}
