import { MessagesLink } from '@web/features/messages/components/messages-link';
import { NotificationBell } from '@web/features/notifications/components/notification-bell';
import { OnAirMarker } from '@web/features/station/components/on-air-marker';
import { useRef } from 'react';
import { useMe } from '../session';
import { CollapsibleMenu } from './collapsible-menu';
import { Logo } from './logo';

/** Mobile header: logo, the on-air marker (LIVE, AutoDJ or OFF AIR) with the listener total, bell and the collapsible menu. */
export function MobileHeader() {
  const { me } = useMe();
  const bar = useRef<HTMLElement>(null);
  return (
    <header ref={bar} className="sticky top-0 z-40 border-slate-800 border-b bg-slate-950/90 backdrop-blur">
      <div className="flex h-14 items-center gap-2 px-3">
        <Logo compact iconOnly={Boolean(me)} />
        <OnAirMarker />
        <div className="ml-auto flex shrink-0 items-center gap-1">
          {me ? <MessagesLink /> : null}
          {me ? <NotificationBell /> : null}
          <CollapsibleMenu anchor={bar} />
        </div>
      </div>
    </header>
  );
}
