import type { Me } from '@shared/contracts/accounts';
import type { Capability } from '@shared/permissions';
import { hasCapability } from '@web/app/capabilities';

export type StaffTab =
  | 'users'
  | 'applications'
  | 'requests'
  | 'schedule'
  | 'roles'
  | 'news'
  | 'shop'
  | 'stream'
  | 'my-schedule';

const MANAGED: { id: StaffTab; label: string; capability: Capability }[] = [
  { id: 'users', label: 'Users', capability: 'users.manage' },
  { id: 'applications', label: 'Applications', capability: 'applications.review' },
  { id: 'requests', label: 'Requests', capability: 'requests.manage' },
  { id: 'schedule', label: 'Schedule', capability: 'schedule.manage' },
  { id: 'roles', label: 'Roles', capability: 'roles.manage' },
  { id: 'news', label: 'News', capability: 'news.manage' },
  { id: 'shop', label: 'Shop', capability: 'shop.manage' },
  { id: 'stream', label: 'Stream', capability: 'station.control' },
];

const MY_SCHEDULE = { id: 'my-schedule' as const, label: 'My Schedule' };

/**
 * The staff panel's tabs: admins see all eight; the staff role enters and sees the tabs its
 * capabilities open (Requests and Schedule, see docs/product/staff-and-admin.md); a presenter sees only 'My Schedule'.
 * Nobody else enters.
 */
export function staffTabs(me: Me | null): { id: StaffTab; label: string }[] {
  if (!me) return [];
  if (me.isAdmin) return MANAGED.map(({ id, label }) => ({ id, label }));
  const tabs: { id: StaffTab; label: string }[] = hasCapability(me, 'staff.panel')
    ? MANAGED.filter((t) => hasCapability(me, t.capability)).map(({ id, label }) => ({ id, label }))
    : [];
  if (hasCapability(me, 'schedule.own')) tabs.push(MY_SCHEDULE);
  return tabs;
}
