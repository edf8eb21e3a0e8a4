import { and, count, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import { SITE_PATH } from '../../../shared/contracts/common';
import type { Notification } from '../../../shared/contracts/notifications';
import { EVENT_TYPES, topics } from '../../../shared/events';
import { LIMITS } from '../../../shared/limits';
import type { AppContext } from '../../context';
import { notFound, requireUuid } from '../../infra/http/errors';
import { notifications } from './notifications.table';

type Ctx = Pick<AppContext, 'db' | 'realtime'>;
type Row = typeof notifications.$inferSelect;

const present = (n: Row): Notification => ({
  id: n.id,
  title: n.title,
  message: n.message,
  // Only a path on this site reaches a page (a link stored before the rule included).
  link: n.link !== null && SITE_PATH.test(n.link) ? n.link : null,
  isRead: n.isRead,
  createdAt: n.createdAt.toISOString(),
});

/**
 * Sends a notification to one member: stored, then pushed live to their open pages.
 * Later features call this (request played, application decided, new message...).
 *
 * With a `groupKey` (e.g. the mentions of one sender), a notification of that key the member has not
 * read yet is brought up to date and moved to the top instead of adding another: one sender cannot fill
 * a member's list, and the member's pages refresh it without a new banner.
 */
export async function notify(
  ctx: Ctx,
  userId: string,
  n: { title: string; message: string; link?: string | null; groupKey?: string },
): Promise<Notification> {
  const values = {
    userId,
    title: n.title,
    message: n.message,
    link: n.link ?? null,
    groupKey: n.groupKey ?? null,
  };
  const insert = ctx.db.insert(notifications).values(values);
  const [{ inserted, ...row }] = await (n.groupKey
    ? insert.onConflictDoUpdate({
        target: [notifications.userId, notifications.groupKey],
        targetWhere: sql`${notifications.groupKey} IS NOT NULL AND NOT ${notifications.isRead}`,
        set: { title: values.title, message: values.message, link: values.link, createdAt: sql`now()` },
      })
    : insert
  ).returning({ ...getTableColumns(notifications), inserted: sql<boolean>`(xmax = 0)` });
  const out = present(row);
  if (inserted) await ctx.realtime.publish(topics.user(userId), EVENT_TYPES.notificationCreated, out);
  else await changed(ctx, userId);
  return out;
}

export async function listNotifications(ctx: Pick<AppContext, 'db'>, userId: string) {
  const rows = await ctx.db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt))
    .limit(LIMITS.notificationListLimit);
  const [{ unread }] = await ctx.db
    .select({ unread: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)));
  return { notifications: rows.map(present), unreadCount: Number(unread) };
}

async function changed(ctx: Ctx, userId: string) {
  await ctx.realtime.publish(topics.user(userId), EVENT_TYPES.notificationsChanged, {});
}

/** Only the owner's own notifications can be touched: anyone else's id answers 404. */
export async function markRead(ctx: Ctx, userId: string, id: string) {
  requireUuid(id, 'Notification not found');
  const [row] = await ctx.db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning();
  if (!row) throw notFound('Notification not found');
  await changed(ctx, userId);
  return present(row);
}

export async function markAllRead(ctx: Ctx, userId: string) {
  const rows = await ctx.db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)))
    .returning({ id: notifications.id });
  if (rows.length > 0) await changed(ctx, userId);
  return rows.length;
}

export async function deleteNotification(ctx: Ctx, userId: string, id: string) {
  requireUuid(id, 'Notification not found');
  const rows = await ctx.db
    .delete(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  if (rows.length === 0) throw notFound('Notification not found');
  await changed(ctx, userId);
}
