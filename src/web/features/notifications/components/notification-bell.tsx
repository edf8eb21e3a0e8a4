import type { Notification } from '@shared/contracts/notifications';
import { LIMITS } from '@shared/limits';
import { LOADING_TEXTS } from '@shared/texts/common';
import { NOTIFICATIONS_TEXTS } from '@shared/texts/notifications';
import { LoadingState } from '@web/components/ui/spinner';
import { useDismiss } from '@web/components/ui/use-dismiss';
import { UnreadBubble } from '@web/components/unread-bubble';
import { Bell, CheckCheck } from 'lucide-react';
import { useCallback, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  useDeleteNotification,
  useMarkAllNotificationsRead,
  useMarkNotificationRead,
  useNotifications,
} from '../api';
import { NotificationItem } from './notification-item';

export const formatUnread = (count: number) =>
  count > LIMITS.unreadBadgeCap ? `${LIMITS.unreadBadgeCap}+` : String(count);

/** The bell with the unread count and the notifications dropdown. */
export function NotificationBell() {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const container = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, close, container, trigger);

  const navigate = useNavigate();
  const { data, isPending, isError } = useNotifications(true);
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const remove = useDeleteNotification();

  const unread = data?.unreadCount ?? 0;
  const notifications = data?.notifications ?? [];

  const openItem = (n: Notification) => {
    if (!n.isRead) markRead.mutate(n.id);
    if (n.link) {
      setOpen(false);
      navigate(n.link);
    }
  };

  const deleteItem = (n: Notification) => {
    if (window.confirm(NOTIFICATIONS_TEXTS.confirmDelete)) remove.mutate(n.id);
  };

  return (
    <div ref={container} className="relative">
      <button
        ref={trigger}
        type="button"
        aria-label="Notifications"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((v) => !v)}
        className="relative flex size-10 items-center justify-center rounded-lg text-slate-300 transition hover:bg-white/5 hover:text-white"
      >
        <Bell aria-hidden className="size-5" />
        <UnreadBubble count={unread} text={formatUnread(unread)} testId="unread-count" tone="bg-pink-500" />
      </button>
      {open ? (
        <section
          id={panelId}
          aria-label="Notifications"
          className="fixed inset-x-2 top-16 z-50 overflow-hidden rounded-xl border border-slate-700 bg-slate-900 shadow-2xl shadow-black/50 sm:absolute sm:inset-x-auto sm:top-full sm:right-0 sm:mt-2 sm:w-96"
        >
          <header className="flex items-center justify-between gap-2 border-slate-700 border-b px-4 py-3">
            <h2 className="font-semibold text-white">Notifications</h2>
            <button
              type="button"
              onClick={() => markAll.mutate(undefined)}
              disabled={unread === 0}
              className="flex items-center gap-1 rounded-md px-2 py-1 font-medium text-pink-300 text-sm transition hover:bg-white/5 disabled:cursor-not-allowed disabled:opacity-40"
            >
              <CheckCheck aria-hidden className="size-4" />
              {NOTIFICATIONS_TEXTS.markAllRead}
            </button>
          </header>
          <div className="max-h-[min(28rem,calc(100dvh-8rem))] overflow-y-auto overscroll-contain">
            {isPending ? (
              <LoadingState label={LOADING_TEXTS.generic} className="py-8" />
            ) : isError ? (
              <p className="px-4 py-8 text-center text-slate-300 text-sm">
                Notifications could not be loaded.
              </p>
            ) : notifications.length === 0 ? (
              <p className="px-4 py-8 text-center text-slate-300 text-sm">{NOTIFICATIONS_TEXTS.empty}</p>
            ) : (
              <ul>
                {notifications.map((n) => (
                  <NotificationItem key={n.id} notification={n} onOpen={openItem} onDelete={deleteItem} />
                ))}
              </ul>
            )}
          </div>
        </section>
      ) : null}
    </div>
  );
}
