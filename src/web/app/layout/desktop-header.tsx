import { NotificationBell } from '@web/features/notifications/components/notification-bell';
import { useRef } from 'react';
import { NavLink } from 'react-router';
import { useMe } from '../session';
import { useMediaQuery } from '../use-media-query';
import { AccountArea } from './account-area';
import { CollapsibleMenu } from './collapsible-menu';
import { Logo } from './logo';
import { MAIN_NAV } from './nav-items';
import { navLinkClass } from './nav-link-class';
import { StaffMenu } from './staff-menu';

/**
 * The desktop top navigation (spec 1 §2). Below 1280 px wide the links and account area fold into
 * the collapsible menu so a narrow desktop window never overflows.
 */
export function DesktopHeader() {
  const { me } = useMe();
  const bar = useRef<HTMLElement>(null);
  const wide = useMediaQuery('(min-width: 80rem)');
  return (
    <header
      ref={bar}
      className="sticky top-0 z-40 border-slate-800 border-b bg-slate-950/85 backdrop-blur supports-[backdrop-filter]:bg-slate-950/70"
    >
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4 sm:px-6">
        <Logo />
        {wide ? (
          <nav aria-label="Main" className="flex flex-1 items-center gap-0.5">
            {MAIN_NAV.map((item) => (
              <NavLink key={item.to} to={item.to} end={item.to === '/'} className={navLinkClass}>
                {item.label}
              </NavLink>
            ))}
            <StaffMenu />
          </nav>
        ) : null}
        <div className={wide ? 'flex items-center gap-2' : 'ml-auto flex items-center gap-2'}>
          {me ? <NotificationBell /> : null}
          {wide ? <AccountArea /> : <CollapsibleMenu anchor={bar} />}
        </div>
      </div>
    </header>
  );
}
