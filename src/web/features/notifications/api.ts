import type { Notification } from '@shared/contracts/notifications';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/app/data/api-client';
import type { NotificationList } from '@web/app/data/query-data';
import { queryKeys, useKeyedQuery } from '@web/app/data/query-keys';

export const notificationsQuery = {
  queryKey: queryKeys.notifications,
  queryFn: () => api.get<NotificationList>('/api/notifications'),
};

/** The member's latest notifications (newest first, 20) and unread count; live via realtime events. */
export function useNotifications(enabled: boolean) {
  return useKeyedQuery({ ...notificationsQuery, enabled });
}

/** Applies an optimistic change to the cached list and returns a rollback. */
function optimistic(queryClient: QueryClient, change: (list: NotificationList) => NotificationList) {
  const previous = queryClient.getQueryData<NotificationList>(queryKeys.notifications);
  if (previous) queryClient.setQueryData(queryKeys.notifications, change(previous));
  return () => queryClient.setQueryData(queryKeys.notifications, previous);
}

const countUnread = (list: Notification[]) => list.filter((n) => !n.isRead).length;

function useNotificationMutation<V>(
  request: (v: V) => Promise<unknown>,
  change: (list: NotificationList, v: V) => NotificationList,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onMutate: async (v: V) => {
      await queryClient.cancelQueries({ queryKey: queryKeys.notifications });
      return { rollback: optimistic(queryClient, (list) => change(list, v)) };
    },
    onError: (_err, _v, ctx) => ctx?.rollback(),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.notifications }),
  });
}

export function useMarkNotificationRead() {
  return useNotificationMutation(
    (id: string) => api.post(`/api/notifications/${encodeURIComponent(id)}/read`),
    (list, id) => {
      const notifications = list.notifications.map((n) => (n.id === id ? { ...n, isRead: true } : n));
      const delta = countUnread(list.notifications) - countUnread(notifications);
      return { notifications, unreadCount: Math.max(0, list.unreadCount - delta) };
    },
  );
}

export function useMarkAllNotificationsRead() {
  return useNotificationMutation(
    (_: undefined) => api.post('/api/notifications/read-all'),
    (list) => ({ notifications: list.notifications.map((n) => ({ ...n, isRead: true })), unreadCount: 0 }),
  );
}

export function useDeleteNotification() {
  return useNotificationMutation(
    (id: string) => api.delete(`/api/notifications/${encodeURIComponent(id)}`),
    (list, id) => {
      const removed = list.notifications.find((n) => n.id === id);
      return {
        notifications: list.notifications.filter((n) => n.id !== id),
        unreadCount: Math.max(0, list.unreadCount - (removed && !removed.isRead ? 1 : 0)),
      };
    },
  );
}

export interface SendNotificationBody {
  userId: string;
  title: string;
  message: string;
  link?: string | null;
}

/** Admin: send a notification to one member. */
export function useSendNotification() {
  return useMutation({
    mutationFn: (body: SendNotificationBody) => api.post('/api/notifications', body),
  });
}
