import type { TeamData, TeamGroup, TeamMember } from './api';

/** 'all', the core roles 'admin' and 'presenter', or `role:<name>` for a specialised role. */
export type TeamFilter = 'all' | 'admin' | 'presenter' | `role:${string}`;

export interface FilterChip {
  value: TeamFilter;
  label: string;
}

/** All, Admin, Presenter, then one chip per specialised role. */
export function filterChips(team: TeamData): FilterChip[] {
  return [
    { value: 'all', label: 'All' },
    { value: 'admin', label: 'Admin' },
    { value: 'presenter', label: 'Presenter' },
    ...team.specialised.map((g) => ({ value: `role:${g.role}` as const, label: g.roleName })),
  ];
}

/** What the page shows under a filter: the core members and the specialised groups that match. */
export function applyTeamFilter(
  team: TeamData,
  filter: TeamFilter,
): { core: TeamMember[]; specialised: TeamGroup[] } {
  if (filter === 'all') return { core: team.core, specialised: team.specialised };
  if (filter === 'admin' || filter === 'presenter') {
    return { core: team.core.filter((m) => m.role === filter), specialised: [] };
  }
  const role = filter.slice('role:'.length);
  return { core: [], specialised: team.specialised.filter((g) => g.role === role) };
}
