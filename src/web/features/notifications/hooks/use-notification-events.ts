import { EVENT_TYPES } from '@shared/events';
import { useQueryClient } from '@tanstack/react-query';
import type { NotificationList } from '@web/app/data/query-data';
import { queryKeys } from '@web/app/data/query-keys';
import { useRealtimeEvent } from '@web/app/realtime/realtime-provider';
import { notificationsQuery } from '../api';

export interface BannerNotification {
  id: string;
  title: string;
  message: string;
  link: string | null;
}

function asBannerNotification(value: unknown): BannerNotification | null {
  if (!value || typeof value !== 'object') return null;
  const v = value as Record<string, unknown>;
  if (typeof v.id !== 'string' || typeof v.title !== 'string' || typeof v.message !== 'string') return null;
  return { id: v.id, title: v.title, message: v.message, link: typeof v.link === 'string' ? v.link : null };
}

/**
 * Keeps the notification cache live and reports each newly created notification, whether the event
 * carries the whole notification or only its id.
 */
export function useNotificationEvents(onCreated: (n: BannerNotification) => void) {
  const queryClient = useQueryClient();

  useRealtimeEvent(EVENT_TYPES.notificationsChanged, () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.notifications });
  });

  useRealtimeEvent(EVENT_TYPES.notificationCreated, async (data) => {
    const payload = (data ?? {}) as { notification?: unknown; id?: unknown };
    const direct = asBannerNotification(payload.notification ?? data);
    if (direct) onCreated(direct);
    await queryClient.invalidateQueries({ queryKey: queryKeys.notifications });
    if (direct) return;
    const list = await queryClient
      .fetchQuery<NotificationList>({ ...notificationsQuery, staleTime: 0 })
      .catch(() => null);
    const id = typeof payload.id === 'string' ? payload.id : null;
    const found = list?.notifications.find((n) => n.id === id) ?? (id ? null : list?.notifications[0]);
    if (found) onCreated(found);
  });
}
