import type { Me } from '@shared/contracts/accounts';
import { CalendarDays, Home, type LucideIcon, ShoppingBag, Trophy, User } from 'lucide-react';

export interface NavItem {
  to: string;
  label: string;
}

/** Top navigation links, in the spec's order (spec 1 §2). Staff is handled by StaffMenu. */
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

/** 'Panel' points at the presenter's stream-info page until the full presenter panel exists. */
export const PRESENTER_PANEL: NavItem = { to: '/presenter/stream', label: 'Panel' };

/**
 * The Staff dropdown entries: admins get the whole set, presenters Staff and Panel.
 * Returns null for everyone else, who see a plain Staff link.
 */
export function staffMenuItems(me: Me | null): NavItem[] | null {
  if (me?.isAdmin) {
    return [
      STAFF_LINK,
      { to: '/admin', label: 'Admin Panel' },
      PRESENTER_PANEL,
      { to: '/news-management', label: 'News Management' },
      { to: '/admin-support', label: 'Support Tickets' },
    ];
  }
  if (me?.isPresenter) return [STAFF_LINK, PRESENTER_PANEL];
  return null;
}

export interface TabItem extends NavItem {
  icon: LucideIcon;
}

/** The mobile bottom tab bar (spec 1 §2, mobile layout). */
export const MOBILE_TABS: TabItem[] = [
  { to: '/', label: 'Home', icon: Home },
  { to: '/schedule', label: 'Schedule', icon: CalendarDays },
  { to: '/chart', label: 'Chart', icon: Trophy },
  { to: '/shop', label: 'Shop', icon: ShoppingBag },
  { to: '/profile', label: 'Profile', icon: User },
];
