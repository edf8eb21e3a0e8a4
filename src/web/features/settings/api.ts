import type { PublicSettings } from '@shared/contracts/settings';
import { useQuery } from '@tanstack/react-query';
import { api } from '@web/app/api-client';

export const DEFAULT_SITE_TITLE = 'OnAir';

export const publicSettingsQuery = {
  queryKey: ['settings', 'public'] as const,
  queryFn: () => api.get<PublicSettings>('/api/settings/public'),
  staleTime: 5 * 60_000,
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
