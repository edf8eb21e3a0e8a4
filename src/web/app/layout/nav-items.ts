import type { Me } from '@shared/contracts/accounts';
import { CalendarDays, Home, type LucideIcon, ShoppingBag, Trophy, User } from 'lucide-react';

export interface NavItem {
  to: string;
  label: string;
}

/** Top navigation links, in their fixed order. Staff is handled by StaffMenu. */
export const MAIN_NAV: NavItem[] = [
  { to: '/', label: 'Home' },
  { to: '/schedule', label: 'Schedule' },
  { to: '/news', label: 'News' },
  { to: '/chart', label: 'Chart' },
  { to: '/members', label: 'Members' },
  { to: '/shop', label: 'Shop' },
  { to: '/requests', label: 'Requests' },
];

export const STAFF_LINK: NavItem = { to: '/staff', label: 'Staff' };

export const MESSAGES_LINK: NavItem = { to: '/messages', label: 'Messages' };

/**
 * The More entry: the community pages beyond the main links. Listen again (recorded shows) and the
 * streamers page are for everyone;
 * the presenter chat, support and training (the quizzes a mentor sets) need a login, so visitors do not
 * see them.
 */
export function moreMenuItems(me: Me | null): NavItem[] {
  return [
    { to: '/listen-again', label: 'Listen Again' },
    { to: '/streamers', label: 'Streamers' },
    ...(me ? [{ to: '/presenter-chat', label: 'Presenter Chat' }] : []),
    { to: '/apply', label: 'Apply' },
    ...(me
      ? [
          { to: '/support', label: 'Support' },
          { to: '/training', label: 'Training' },
        ]
      : []),
  ];
}

/** 'Panel' opens the presenter panel. */
export const PRESENTER_PANEL: NavItem = { to: '/presenter', label: 'Panel' };
/** The staff panel: admins and the staff role (presenters reach their My Schedule from the Timetable). */
export const STAFF_PANEL: NavItem = { to: '/staff-panel', label: 'Staff Panel' };

const NEWS_MANAGEMENT: NavItem = { to: '/news-management', label: 'News Management' };

/**
 * The Staff dropdown entries: admins get the whole set (and the Staff Panel), presenters and the holders
 * of extra roles Staff and Panel, the staff role Staff and the Staff Panel.
 * Returns null for everyone else, who see a plain Staff link.
 */
export function staffMenuItems(me: Me | null): NavItem[] | null {
  if (me?.isAdmin) {
    return [
      STAFF_LINK,
      { to: '/admin', label: 'Admin Panel' },
      PRESENTER_PANEL,
      NEWS_MANAGEMENT,
      { to: '/admin-support', label: 'Support Tickets' },
      STAFF_PANEL,
    ];
  }
  // News reporters (profile or assigned role) reach news management from here too.
  const news = me?.capabilities.includes('news.manage') ? [NEWS_MANAGEMENT] : [];
  if (me?.isPresenter || me?.capabilities.includes('presenter.panel')) {
    return [STAFF_LINK, PRESENTER_PANEL, ...news];
  }
  if (me?.capabilities.includes('staff.panel')) return [STAFF_LINK, STAFF_PANEL, ...news];
  if (news.length) return [STAFF_LINK, ...news];
  return null;
}

export interface TabItem extends NavItem {
  icon: LucideIcon;
}

/** The mobile bottom tab bar (mobile layout). */
export const MOBILE_TABS: TabItem[] = [
  { to: '/', label: 'Home', icon: Home },
  { to: '/schedule', label: 'Schedule', icon: CalendarDays },
  { to: '/chart', label: 'Chart', icon: Trophy },
  { to: '/shop', label: 'Shop', icon: ShoppingBag },
  { to: '/profile', label: 'Profile', icon: User },
];
