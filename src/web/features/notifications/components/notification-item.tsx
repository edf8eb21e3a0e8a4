import type { Notification } from '@shared/contracts/notifications';
import { clsx } from 'clsx';
import { Trash2 } from 'lucide-react';
import { relativeTime } from '../relative-time';

export function NotificationItem({
  notification,
  onOpen,
  onDelete,
}: {
  notification: Notification;
  onOpen: (n: Notification) => void;
  onDelete: (n: Notification) => void;
}) {
  const unread = !notification.isRead;
  return (
    <li
      data-testid="notification-item"
      className={clsx(
        'group relative flex gap-2 border-slate-700/70 border-b last:border-b-0',
        unread && 'bg-pink-500/5',
      )}
    >
      <button
        type="button"
        onClick={() => onOpen(notification)}
        className="flex min-w-0 flex-1 gap-3 px-4 py-3 text-left transition hover:bg-white/5"
      >
        <span
          aria-hidden
          className={clsx('mt-1.5 size-2 shrink-0 rounded-full', unread ? 'bg-pink-400' : 'bg-transparent')}
        />
        <span className="min-w-0 flex-1">
          <span
            className={clsx(
              'block break-words text-sm',
              unread ? 'font-semibold text-white' : 'text-slate-100',
            )}
          >
            {notification.title}
            {unread ? <span className="sr-only"> (unread)</span> : null}
          </span>
          <span className="mt-0.5 block break-words text-slate-300 text-sm">{notification.message}</span>
          <time dateTime={notification.createdAt} className="mt-1 block text-slate-400 text-xs">
            {relativeTime(notification.createdAt)}
          </time>
        </span>
      </button>
      <button
        type="button"
        onClick={() => onDelete(notification)}
        aria-label={`Delete notification: ${notification.title}`}
        className="mt-2 mr-2 h-8 shrink-0 rounded-md px-2 text-slate-400 transition hover:bg-red-500/10 hover:text-red-300"
      >
        <Trash2 aria-hidden className="size-4" />
      </button>
    </li>
  );
}
