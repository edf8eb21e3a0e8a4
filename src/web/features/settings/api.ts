import type { Donation, PublicSettings } from '@shared/contracts/settings';
import { EVENT_TYPES } from '@shared/events';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '@web/app/data/api-client';
import { fromPage } from '@web/app/data/page-data';
import { queryKeys, useKeyedQuery } from '@web/app/data/query-keys';
import { useRealtimeEvent } from '@web/app/realtime/realtime-provider';

export const DEFAULT_SITE_TITLE = 'OnAir';
/** Until the settings arrive: no Donate button, the default £100 goal with nothing raised. */
const NO_DONATION: Donation = { url: null, goalGbp: 100, raisedGbp: 0 };

export const publicSettingsQuery = {
  queryKey: queryKeys.settings.public,
  queryFn: () => api.get<PublicSettings>('/api/settings/public'),
  staleTime: 5 * 60_000,
  ...fromPage<PublicSettings>('/api/settings/public'),
};

/** Site title and description, the donation box; refreshed live by the 'settings.changed' event. */
export function usePublicSettings() {
  const query = useKeyedQuery(publicSettingsQuery);
  return {
    siteTitle: query.data?.siteTitle || DEFAULT_SITE_TITLE,
    siteDescription: query.data?.siteDescription ?? '',
    donation: query.data?.donation ?? NO_DONATION,
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
