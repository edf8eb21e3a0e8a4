import { api } from '@web/app/data/api-client';
import type { TeamData, TeamGroup, TeamMember } from '@web/app/data/query-data';
import { queryKeys, useKeyedQuery } from '@web/app/data/query-keys';

export type { TeamData, TeamGroup, TeamMember };

/** The team page: core team (admins, presenters) and specialised roles; refreshed on 'members.changed'. */
export function useTeam() {
  return useKeyedQuery({
    queryKey: queryKeys.team,
    queryFn: () => api.get<TeamData>('/api/team'),
    staleTime: 5 * 60_000,
  });
}
