import type { Member } from '@shared/contracts/members';
import { useQuery } from '@tanstack/react-query';
import { api } from '@web/app/data/api-client';

export interface TeamMember extends Member {
  socials: Record<string, string | null>;
}
export interface TeamGroup {
  role: string;
  roleName: string;
  members: TeamMember[];
}
export interface TeamData {
  core: TeamMember[];
  specialised: TeamGroup[];
  counts: { total: number; core: number; specialised: number };
}

export const teamQueryKey = ['team'] as const;

/** The team page: core team (admins, presenters) and specialised roles; refreshed on 'members.changed'. */
export function useTeam() {
  return useQuery({
    queryKey: teamQueryKey,
    queryFn: () => api.get<TeamData>('/api/team'),
    staleTime: 5 * 60_000,
  });
}
