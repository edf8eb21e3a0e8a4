import { useDismiss } from '@web/components/ui/use-dismiss';
import { useUnreadMessageCount } from '@web/features/messages/api';
import { messagesLabel, unreadBadge } from '@web/features/messages/unread';
import { clsx } from 'clsx';
import { Menu, X } from 'lucide-react';
import { type RefObject, useCallback, useId, useRef, useState } from 'react';
import { NavLink } from 'react-router';
import { useMe } from '../session';
import { AccountArea } from './account-area';
import { MAIN_NAV, MESSAGES_LINK, moreMenuItems, STAFF_LINK, staffMenuItems } from './nav-items';
import { useCloseOnNavigate } from './use-close-on-navigate';

const itemClass = ({ isActive }: { isActive: boolean }) =>
  clsx(
    'block rounded-lg px-3 py-2.5 font-medium transition',
    isActive ? 'bg-white/10 text-white' : 'text-slate-100 hover:bg-white/5',
  );

/** The menu toggle and its panel: the same entries as the desktop navigation, plus the account area. */
export function CollapsibleMenu({ anchor }: { anchor: RefObject<HTMLElement | null> }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const trigger = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => setOpen(false), []);
  // An account action (Login, Register, Logout) closes the menu and leaves the focus on its button, so a
  // dialog it opens gives the focus back there, not to the page.
  const closeToTrigger = useCallback(() => {
    setOpen(false);
    trigger.current?.focus();
  }, []);
  useDismiss(open, close, anchor, trigger);
  const { me } = useMe();
  const staffItems = staffMenuItems(me);
  const unread = useUnreadMessageCount();

  // Close after navigating.
  useCloseOnNavigate(open, close);

  return (
    <>
      <button
        ref={trigger}
        type="button"
        aria-label={open ? 'Close menu' : 'Open menu'}
        aria-describedby={unread > 0 ? `${panelId}-unread` : undefined}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((v) => !v)}
        className="relative flex size-10 items-center justify-center rounded-lg text-slate-100 transition hover:bg-white/5"
      >
        {open ? <X aria-hidden className="size-6" /> : <Menu aria-hidden className="size-6" />}
        {/* A dot on the closed menu: unread direct messages wait inside. */}
        {unread > 0 && !open ? (
          <span
            aria-hidden
            className="absolute top-1.5 right-1.5 size-2.5 rounded-full bg-pink-500 ring-2 ring-slate-950"
          />
        ) : null}
      </button>
      {unread > 0 ? (
        <span id={`${panelId}-unread`} hidden>
          {messagesLabel(unread)}
        </span>
      ) : null}
      {open ? (
        <nav
          id={panelId}
          aria-label="Menu"
          className="absolute inset-x-0 top-full max-h-[calc(100dvh-4rem)] overflow-y-auto border-slate-700 border-b bg-slate-950 px-4 pt-2 pb-4 shadow-2xl shadow-black/60 backdrop-blur"
        >
          <ul className="grid grid-cols-2 gap-1">
            {MAIN_NAV.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.to === '/'} className={itemClass} onClick={close}>
                  {item.label}
                </NavLink>
              </li>
            ))}
            {me ? (
              <li>
                <NavLink
                  to={MESSAGES_LINK.to}
                  className={itemClass}
                  onClick={close}
                  aria-label={messagesLabel(unread)}
                  data-testid="menu-messages"
                >
                  <span className="flex items-center justify-between gap-2">
                    {MESSAGES_LINK.label}
                    {unread > 0 ? (
                      <span className="flex h-5 min-w-5 items-center justify-center rounded-full bg-pink-600 px-1.5 font-bold text-white text-xs">
                        {unreadBadge(unread)}
                      </span>
                    ) : null}
                  </span>
                </NavLink>
              </li>
            ) : null}
            {moreMenuItems(me).map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} className={itemClass} onClick={close}>
                  {item.label}
                </NavLink>
              </li>
            ))}
            {staffItems ? null : (
              <li>
                <NavLink to={STAFF_LINK.to} className={itemClass} onClick={close}>
                  {STAFF_LINK.label}
                </NavLink>
              </li>
            )}
          </ul>
          {staffItems ? (
            <div className="mt-3 border-slate-700 border-t pt-3">
              <p className="px-3 pb-1 font-semibold text-slate-400 text-xs uppercase tracking-wider">Staff</p>
              <ul className="grid grid-cols-2 gap-1">
                {staffItems.map((item) => (
                  <li key={item.to}>
                    <NavLink to={item.to} className={itemClass} onClick={close}>
                      {item.label}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          <div className="mt-3 border-slate-700 border-t pt-4">
            <AccountArea stacked onAction={closeToTrigger} />
          </div>
        </nav>
      ) : null}
    </>
  );
}
