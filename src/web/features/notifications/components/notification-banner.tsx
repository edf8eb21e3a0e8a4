import { LIMITS } from '@shared/limits';
import { Bell, X } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { type BannerNotification, useNotificationEvents } from '../hooks/use-notification-events';

/**
 * The transient banner at the top right that shows the most recent notification as it arrives.
 * Mounted once in the layout; it also keeps the notification list live.
 */
export function NotificationBanner() {
  const [current, setCurrent] = useState<BannerNotification | null>(null);
  const navigate = useNavigate();
  const show = useCallback((n: BannerNotification) => setCurrent(n), []);
  useNotificationEvents(show);

  useEffect(() => {
    if (!current) return;
    const timer = setTimeout(() => setCurrent(null), LIMITS.notificationBannerMs);
    return () => clearTimeout(timer);
  }, [current]);

  if (!current) return null;
  return (
    <div
      role="status"
      data-testid="notification-banner"
      className="fixed top-[4.25rem] right-3 left-3 z-[60] ml-auto max-w-sm rounded-xl border border-pink-500/40 bg-slate-900/95 p-4 shadow-2xl shadow-black/50 backdrop-blur sm:left-auto sm:w-96"
    >
      <div className="flex items-start gap-3">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-pink-500/20 text-pink-300">
          <Bell aria-hidden className="size-4" />
        </span>
        <div className="min-w-0 flex-1">
          <p className="break-words font-semibold text-white">{current.title}</p>
          <p className="mt-0.5 break-words text-slate-300 text-sm">{current.message}</p>
          {current.link ? (
            <button
              type="button"
              onClick={() => {
                if (current.link) navigate(current.link);
                setCurrent(null);
              }}
              className="mt-2 font-semibold text-pink-300 text-sm hover:underline"
            >
              View
            </button>
          ) : null}
        </div>
        <button
          type="button"
          aria-label="Dismiss notification"
          onClick={() => setCurrent(null)}
          className="-mt-1 -mr-1 rounded-md p-1.5 text-slate-400 transition hover:bg-white/5 hover:text-white"
        >
          <X aria-hidden className="size-4" />
        </button>
      </div>
    </div>
  );
}
