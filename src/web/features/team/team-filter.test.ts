import { describe, expect, it } from 'vitest';
import type { TeamData, TeamMember } from './api';
import { applyTeamFilter, filterChips } from './team-filter';

const member = (id: string, role: string): TeamMember => ({
  id,
  displayName: id,
  picture: null,
  role,
  createdAt: '2025-01-01T00:00:00Z',
  socials: {},
});
const team: TeamData = {
  core: [member('alex', 'admin'), member('jade', 'presenter'), member('kai', 'presenter')],
  specialised: [
    { role: 'moderator', roleName: 'Moderator', members: [member('sam', 'user')] },
    { role: 'news_reporter', roleName: 'News Reporter', members: [member('hannah', 'user')] },
  ],
  counts: { total: 5, core: 3, specialised: 2 },
};

describe('team page filters', () => {
  it('offers All, Admin, Presenter and each specialised role', () => {
    expect(filterChips(team).map((c) => c.label)).toEqual([
      'All',
      'Admin',
      'Presenter',
      'Moderator',
      'News Reporter',
    ]);
  });
  it('filters the core team by role and hides the specialised groups', () => {
    expect(applyTeamFilter(team, 'presenter').core.map((m) => m.id)).toEqual(['jade', 'kai']);
    expect(applyTeamFilter(team, 'admin').specialised).toEqual([]);
  });
  it('a specialised role shows only its group', () => {
    const view = applyTeamFilter(team, 'role:moderator');
    expect(view.core).toEqual([]);
    expect(view.specialised.map((g) => g.role)).toEqual(['moderator']);
  });
  it('All shows everything', () => {
    const view = applyTeamFilter(team, 'all');
    expect(view.core).toHaveLength(3);
    expect(view.specialised).toHaveLength(2);
  });
});
