import { z } from 'zod';
import { SITE_PATH } from './common';

export const Notification = z.object({
  id: z.string(),
  title: z.string(),
  message: z.string(),
  link: z.string().nullable(),
  isRead: z.boolean(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof Notification>;

export const NotificationList = z.object({ notifications: z.array(Notification), unreadCount: z.number() });

export const SendNotificationInput = z.object({
  userId: z.string().min(1),
  title: z.string().trim().min(1).max(120),
  message: z.string().trim().min(1).max(1000),
  link: z
    .string()
    .trim()
    .max(500)
    .regex(SITE_PATH, 'Links must be paths on this site, starting with /')
    .nullable()
    .optional(),
});
