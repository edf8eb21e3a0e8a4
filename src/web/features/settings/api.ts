import type { PublicSettings } from '@shared/contracts/settings';
import { EVENT_TYPES } from '@shared/events';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/app/api-client';
import { fromPage } from '@web/app/page-data';
import { useRealtimeEvent } from '@web/app/realtime/realtime-provider';

export const DEFAULT_SITE_TITLE = 'OnAir';

export const publicSettingsQuery = {
  queryKey: ['settings', 'public'] as const,
  queryFn: () => api.get<PublicSettings>('/api/settings/public'),
  staleTime: 5 * 60_000,
  ...fromPage<PublicSettings>('/api/settings/public'),
};

/** Site title and description; refreshed live by the 'settings.changed' event. */
export function usePublicSettings() {
  const query = useQuery(publicSettingsQuery);
  return {
    siteTitle: query.data?.siteTitle || DEFAULT_SITE_TITLE,
    siteDescription: query.data?.siteDescription ?? '',
    isPending: query.isPending,
  };
}

const isPublicSettings = (v: unknown): v is PublicSettings =>
  typeof v === 'object' && v !== null && typeof (v as PublicSettings).siteTitle === 'string';

/** Mounted once for the app: the new title and description go straight into the cache. */
export function useSettingsEvents() {
  const queryClient = useQueryClient();
  useRealtimeEvent(EVENT_TYPES.settingsChanged, (data) => {
    if (isPublicSettings(data)) queryClient.setQueryData(publicSettingsQuery.queryKey, data);
  });
}
