/** The admin panel's 17 tabs, in the spec's order (spec 2 §2). */
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
