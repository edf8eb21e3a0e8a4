/** The admin panel's tabs: the 17 in their fixed order, and Music after Radio Control. */
export const ADMIN_TAB_IDS = [
  'accounts',
  'user-management',
  'roles',
  'shop',
  'give-items',
  'timetable',
  'streamers',
  'recognised-streamers',
  'radio-control',
  'music',
  'discord',
  'site-settings',
  'applications',
  'giveaways',
  'analytics',
  'payments',
  'banned-songs',
  'carousel',
] as const;
export type AdminTabId = (typeof ADMIN_TAB_IDS)[number];

/** What every tab component receives: a way to open another tab (the dashboard's quick actions). */
export interface AdminTabProps {
  goTo: (tab: AdminTabId) => void;
}
