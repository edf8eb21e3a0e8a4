import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Topic, topics } from '../../shared/events';
import { defineJob } from './jobs';
import type { RealtimeHub } from './realtime';

/**
 * GET /api/events: one Server-Sent Events stream per tab. The caller receives public events, their own
 * (`user:<id>`) and those of each capability they hold (`cap:<capability>`), decided when the stream opens.
 */
export async function realtimeRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  r.get(
    '/api/events',
    {
      config: { access: 'public' },
      schema: {
        tags: ['realtime'],
        description:
          'Server-Sent Events. Resume with the Last-Event-ID header or ?lastEventId=. Heartbeat comments every 25 s.',
        querystring: z.object({ lastEventId: z.coerce.number().int().min(0).optional() }),
        produces: ['text/event-stream'],
      },
    },
    async (req, reply) => {
      const actor = await req.getActor();
      const header = req.headers['last-event-id'];
      const fromHeader = typeof header === 'string' && /^\d+$/.test(header) ? Number(header) : undefined;
      const lastEventId = fromHeader ?? req.query.lastEventId ?? null;
      const subscribed: Topic[] = [topics.public];
      if (actor) {
        subscribed.push(topics.members, topics.user(actor.userId));
        for (const c of actor.access.capabilities) subscribed.push(topics.capability(c));
      }
      const extra = reply.getHeaders();
      reply.hijack();
      reply.raw.writeHead(200, {
        ...(extra as Record<string, string>),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      reply.raw.socket?.setNoDelay(true);
      await ctx.realtime.attach(reply.raw, subscribed, lastEventId, actor?.userId ?? null);
    },
  );
}

export const pruneRealtimeEventsJob = (hub: RealtimeHub) =>
  defineJob({
    name: 'realtime.prune',
    schema: z.object({}),
    cron: '*/15 * * * *',
    handler: async () => ({ deleted: await hub.prune(60) }),
  });
