/** The notification bell (modules/notifications, features/notifications). Texts convention: see common.ts. */
export const NOTIFICATIONS_TEXTS = {
  empty: 'No notifications',
  markAllRead: 'Mark all read',
  confirmDelete: 'Delete this notification?',
} as const;
