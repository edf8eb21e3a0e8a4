import type {
  Analytics,
  Audience,
  AudienceRange,
  Dashboard,
  StationStatusEvent,
} from '@shared/contracts/admin';
import type { SiteSettings, UpdateSiteSettingsInput } from '@shared/contracts/settings';
import { EVENT_TYPES } from '@shared/events';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/app/data/api-client';
import { queryKeys, useKeyedQuery } from '@web/app/data/query-keys';
import { useRealtimeEvent } from '@web/app/realtime/realtime-provider';
import type { z } from 'zod';

/** The admin panel's reads. Imported only by the admin page (a lazy chunk listeners never load). */

/**
 * Figures and the measured system status. Kept live while shown: the station going on or off air and
 * the listener count are pushed; a new play or member refreshes the counts.
 */
export function useDashboard() {
  const queryClient = useQueryClient();
  const query = useKeyedQuery({
    queryKey: queryKeys.admin.dashboard,
    queryFn: () => api.get<Dashboard>('/api/admin/dashboard'),
  });
  useRealtimeEvent(EVENT_TYPES.stationStatusChanged, (data) => {
    const e = data as StationStatusEvent;
    queryClient.setQueryData<Dashboard>(queryKeys.admin.dashboard, (old) =>
      old
        ? {
            ...old,
            status: {
              ...old.status,
              engine: { ...old.status.engine, onAir: e.onAir, since: e.since, lastOffAir: e.lastOffAir },
            },
          }
        : old,
    );
    // The rest of the status (listeners, live presenter) moves with it: measure again.
    void queryClient.invalidateQueries({ queryKey: queryKeys.admin.dashboard });
  });
  useRealtimeEvent(EVENT_TYPES.listenersChanged, (data) => {
    const total = (data as { total?: number }).total;
    if (typeof total !== 'number') return;
    queryClient.setQueryData<Dashboard>(queryKeys.admin.dashboard, (old) =>
      old ? { ...old, status: { ...old.status, listeners: total } } : old,
    );
  });
  useRealtimeEvent(EVENT_TYPES.nowPlayingChanged, () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.admin.dashboard });
  });
  return query;
}

export function useAnalytics() {
  return useKeyedQuery({
    queryKey: queryKeys.admin.analytics,
    queryFn: () => api.get<Analytics>('/api/admin/analytics'),
  });
}

/** The audience over a range (listeners over time, per show, per kind of client and per mount). */
export function useAudience(range: AudienceRange) {
  return useKeyedQuery({
    queryKey: queryKeys.admin.audience(range),
    queryFn: () => api.get<Audience>(`/api/admin/analytics/audience?range=${range}`),
  });
}

/** Where one audience table downloads as CSV (server-side; the same access as Analytics). */
export const audienceCsvUrl = (range: AudienceRange, table: 'listeners' | 'shows' | 'clients' | 'mounts') =>
  `/api/admin/analytics/audience.csv?range=${range}&table=${table}`;

/** The royalty report's download address for a range of station days given as UTC instants. */
export const playsExportUrl = (from: Date, to: Date) =>
  `/api/admin/reports/plays.csv?from=${encodeURIComponent(from.toISOString())}&to=${encodeURIComponent(to.toISOString())}`;

export function useSiteSettings() {
  return useKeyedQuery({
    queryKey: queryKeys.admin.siteSettings,
    queryFn: () => api.get<SiteSettings>('/api/settings/site'),
  });
}

export function useUpdateSiteSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: z.output<typeof UpdateSiteSettingsInput>) =>
      api.patch<SiteSettings>('/api/settings/site', input),
    onSuccess: (saved) => queryClient.setQueryData(queryKeys.admin.siteSettings, saved),
  });
}
