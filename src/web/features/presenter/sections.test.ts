import type { Me } from '@shared/contracts/accounts';
import { computeAccess } from '@shared/permissions';
import { describe, expect, it } from 'vitest';
import { visibleSections } from './sections';

const me = (role: string, assigned: string[] = []) => {
  const a = computeAccess(
    role,
    assigned.map((name) => ({ name, permissions: [] })),
  );
  return { ...a, roles: a.roles, capabilities: a.capabilities } as unknown as Me;
};
const labels = (m: Me | null) => visibleSections(m).map((s) => s.label);

describe('the presenter panel menu', () => {
  it('shows admins every section, and never an Editor entry', () => {
    expect(labels(me('admin'))).toEqual([
      'Staff',
      'Radio Presenter',
      'News Reporter',
      'Radio Mentor',
      'Moderator',
      'Manager',
      'Developer',
    ]);
  });

  it('shows each member only the sections of their roles', () => {
    expect(labels(me('presenter'))).toEqual(['Staff', 'Radio Presenter']);
    expect(labels(me('user', ['developer']))).toEqual(['Staff', 'Developer']);
    expect(labels(me('user', ['radio_mentor']))).toEqual(['Staff', 'Radio Mentor']);
    expect(labels(me('content_moderator'))).toEqual(['Staff', 'Moderator']);
    expect(labels(me('user', ['manager']))).toEqual(['Staff', 'Manager']);
    expect(labels(me('presenter', ['moderator']))).toEqual(['Staff', 'Radio Presenter', 'Moderator']);
    expect(labels(me('user'))).toEqual([]);
    expect(labels(null)).toEqual([]);
  });
});
