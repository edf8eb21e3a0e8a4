import type { Me } from '@shared/contracts/accounts';
import { computeAccess } from '@shared/permissions';
import { describe, expect, it } from 'vitest';
import { staffTabs } from './staff-tabs';

const me = (role: string, assigned: string[] = []) =>
  computeAccess(
    role,
    assigned.map((name) => ({ name, permissions: [] })),
  ) as unknown as Me;
const labels = (m: Me | null) => staffTabs(m).map((t) => t.label);

describe('the staff panel tabs', () => {
  it('gives admins all eight tabs', () => {
    expect(labels(me('admin'))).toEqual([
      'Users',
      'Applications',
      'Requests',
      'Schedule',
      'Roles',
      'News',
      'Shop',
      'Stream',
    ]);
  });
  it('gives a presenter only My Schedule', () => {
    expect(labels(me('presenter'))).toEqual(['My Schedule']);
  });
  it('lets the staff role run requests and the schedule', () => {
    expect(labels(me('staff'))).toEqual(['Requests', 'Schedule']);
  });
  it('keeps everyone else out', () => {
    expect(labels(me('user'))).toEqual([]);
    expect(labels(me('user', ['developer']))).toEqual([]);
    expect(labels(null)).toEqual([]);
  });
});
