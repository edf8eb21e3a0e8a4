import { MessagesLink } from '@web/features/messages/components/messages-link';
import { NotificationBell } from '@web/features/notifications/components/notification-bell';
import { OnAirMarker } from '@web/features/station/components/on-air-marker';
import { useRef } from 'react';
import { NavLink } from 'react-router';
import { useMediaQuery } from '../hooks/use-media-query';
import { useMe } from '../session';
import { AccountArea } from './account-area';
import { CollapsibleMenu } from './collapsible-menu';
import { Logo } from './logo';
import { MAIN_NAV, moreMenuItems } from './nav-items';
import { navLinkClass } from './nav-link-class';
import { NavMenu } from './nav-menu';
import { StaffMenu } from './staff-menu';

/**
 * The desktop top navigation: the links, More (streamers, presenter chat...), Staff, then the
 * Messages link with its unread count, the bell and the account area. From 1280 px the account area is
 * whole; on laptops (1024-1279 px) it is compact so the links still fit on one line; below 1024 px
 * everything folds into the collapsible menu so a narrow window never overflows.
 */
export function DesktopHeader() {
  const { me } = useMe();
  const bar = useRef<HTMLElement>(null);
  const inline = useMediaQuery('(min-width: 64rem)');
  const wide = useMediaQuery('(min-width: 80rem)');
  return (
    <header
      ref={bar}
      className="sticky top-0 z-40 border-slate-800 border-b bg-slate-950/85 backdrop-blur supports-[backdrop-filter]:bg-slate-950/70"
    >
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-3 px-4 sm:px-6">
        {/* The station's state under its name (1280 px up), beside the mark on a laptop. */}
        {wide ? (
          <Logo below={<OnAirMarker />} />
        ) : (
          <>
            <Logo iconOnly={inline} compact />
            <OnAirMarker withListeners={false} />
          </>
        )}
        {inline ? (
          <nav aria-label="Main" className="flex flex-1 items-center gap-px">
            {MAIN_NAV.map((item) => (
              <NavLink key={item.to} to={item.to} end={item.to === '/'} className={navLinkClass}>
                {item.label}
              </NavLink>
            ))}
            <NavMenu label="More" items={moreMenuItems(me)} testId="more-menu" />
            <StaffMenu />
          </nav>
        ) : null}
        <div className={inline ? 'flex items-center gap-1.5' : 'ml-auto flex items-center gap-1.5'}>
          {me ? <MessagesLink /> : null}
          {me ? <NotificationBell /> : null}
          {inline ? <AccountArea compact={!wide} /> : <CollapsibleMenu anchor={bar} />}
        </div>
      </div>
    </header>
  );
}
