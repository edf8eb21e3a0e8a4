import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParam, Ok } from '../../../shared/contracts/common';
import {
  Notification,
  NotificationList,
  SendNotificationInput,
} from '../../../shared/contracts/notifications';
import { EVENT_TYPES } from '../../../shared/events';
import { notFound } from '../../infra/http/errors';
import { profiles } from '../accounts/accounts.table';
import {
  deleteNotification,
  listNotifications,
  markAllRead,
  markRead,
  notify,
} from './notifications.service';

export async function notificationsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const own = { access: 'signed-in' as const };
  const tags = ['notifications'];

  // Each member's latest notifications and unread count, kept in memory until one of theirs changes.
  const mine = ctx.publicReads.register({
    url: '/api/notifications',
    response: NotificationList,
    audience: 'each-member',
    build: (_q, actor) => listNotifications(ctx, actor!.userId),
    invalidatedBy: [EVENT_TYPES.notificationCreated, EVENT_TYPES.notificationsChanged],
  });
  r.get(
    '/api/notifications',
    { config: own, schema: { tags, response: { 200: NotificationList } } },
    (req, reply) => mine.reply(req, reply),
  );

  r.post(
    '/api/notifications/:id/read',
    {
      config: own,
      schema: { tags, params: IdParam, response: { 200: z.object({ notification: Notification }) } },
    },
    async (req) => ({ notification: await markRead(ctx, (await req.requireActor()).userId, req.params.id) }),
  );

  r.post(
    '/api/notifications/read-all',
    { config: own, schema: { tags, response: { 200: z.object({ updated: z.number() }) } } },
    async (req) => ({ updated: await markAllRead(ctx, (await req.requireActor()).userId) }),
  );

  r.delete(
    '/api/notifications/:id',
    { config: own, schema: { tags, params: IdParam, response: { 200: Ok } } },
    async (req) => {
      await deleteNotification(ctx, (await req.requireActor()).userId, req.params.id);
      return { ok: true as const };
    },
  );

  // Staff send a notification to one member (announcements, follow-ups).
  r.post(
    '/api/notifications',
    {
      config: { access: { capability: 'notifications.send' } },
      schema: {
        tags,
        body: SendNotificationInput,
        response: { 201: z.object({ notification: Notification }) },
      },
    },
    async (req, reply) => {
      const [target] = await ctx.db
        .select({ id: profiles.id })
        .from(profiles)
        .where(eq(profiles.id, req.body.userId));
      if (!target) throw notFound('User not found');
      const notification = await notify(ctx, target.id, req.body);
      return reply.code(201).send({ notification });
    },
  );
}
