import { NotificationBell } from '@web/features/notifications/components/notification-bell';
import { useRef } from 'react';
import { useMe } from '../session';
import { CollapsibleMenu } from './collapsible-menu';
import { ListenerTotal } from './listener-total';
import { Logo } from './logo';

/** Mobile header: logo, LIVE marker with the listener total, bell and the collapsible menu. */
export function MobileHeader() {
  const { me } = useMe();
  const bar = useRef<HTMLElement>(null);
  return (
    <header ref={bar} className="sticky top-0 z-40 border-slate-800 border-b bg-slate-950/90 backdrop-blur">
      <div className="flex h-14 items-center gap-2 px-3">
        <Logo compact />
        <span className="flex shrink-0 items-center gap-1.5 rounded-full bg-rose-500/15 px-2 py-0.5 font-bold text-[11px] text-rose-500 tracking-wider">
          <span aria-hidden className="size-1.5 motion-safe:animate-pulse rounded-full bg-rose-500" />
          LIVE
          <ListenerTotal />
        </span>
        <div className="ml-auto flex shrink-0 items-center gap-1">
          {me ? <NotificationBell /> : null}
          <CollapsibleMenu anchor={bar} />
        </div>
      </div>
    </header>
  );
}
