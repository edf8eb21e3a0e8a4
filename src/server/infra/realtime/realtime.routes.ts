import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Topic, topics } from '../../../shared/events';
import { REALTIME_TEXTS } from '../../../shared/texts/common';
import { AppError } from '../http/errors';
import { defineJob } from '../jobs';
import type { RealtimeHub } from './realtime-hub';

/** An event id as the header or the query gives it: a whole number the database can compare. */
const EventId = z.coerce
  .number({ error: REALTIME_TEXTS.badLastEventId })
  .int(REALTIME_TEXTS.badLastEventId)
  .min(0, REALTIME_TEXTS.badLastEventId)
  .max(Number.MAX_SAFE_INTEGER, REALTIME_TEXTS.badLastEventId);

const STREAM_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache, no-transform',
  connection: 'keep-alive',
  'x-accel-buffering': 'no',
};

/** The Last-Event-ID header, bounded like the query form; a bad one is a 400, never a database error. */
function headerEventId(header: string | string[] | undefined): number | undefined {
  if (header === undefined) return undefined;
  const text = Array.isArray(header) ? header.join(',') : header;
  const parsed = /^\d{1,16}$/.test(text.trim()) ? EventId.safeParse(text.trim()) : null;
  if (!parsed?.success) throw new AppError('VALIDATION', REALTIME_TEXTS.badLastEventId);
  return parsed.data;
}

/**
 * GET /api/events: one Server-Sent Events stream per tab. The caller receives public events, their own
 * (`user:<id>`) and those of each capability they hold (`cap:<capability>`), decided when the stream opens.
 * A stream opened by a session ends when that session ends (sign-out, revocation), and when its member's
 * rights change (the page reconnects with the new ones), on every instance. Visitors who are not signed in
 * may hold a bounded number of streams per client address; a member, a bounded number per instance (a new
 * one ends their oldest).
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
          'Server-Sent Events. Resume with the Last-Event-ID header or ?lastEventId=. Heartbeat comments every 25 s. HEAD answers the stream headers without opening a stream.',
        querystring: z.object({ lastEventId: EventId.optional() }),
        produces: ['text/event-stream'],
      },
    },
    async (req, reply) => {
      const fromHeader = headerEventId(req.headers['last-event-id']);
      const lastEventId = fromHeader ?? req.query.lastEventId ?? null;
      if (req.method === 'HEAD') {
        // What a GET would answer, without a stream to keep open.
        for (const [k, v] of Object.entries(STREAM_HEADERS)) reply.header(k, v);
        return reply.code(200).send();
      }
      const rightsMark = ctx.realtime.rightsMark();
      const actor = await req.getActor();
      if (!actor && ctx.realtime.anonymousStreamsFrom(req.ip) >= ctx.config.EVENT_STREAMS_PER_ADDRESS) {
        throw Object.assign(new AppError('RATE_LIMITED', REALTIME_TEXTS.tooManyStreams), {
          retryAfterSeconds: 10,
        });
      }
      const subscribed: Topic[] = [topics.public];
      if (actor) {
        subscribed.push(topics.members, topics.user(actor.userId));
        for (const c of actor.access.capabilities) subscribed.push(topics.capability(c));
      }
      const extra = reply.getHeaders();
      reply.hijack();
      reply.raw.writeHead(200, { ...(extra as Record<string, string>), ...STREAM_HEADERS });
      reply.raw.socket?.setNoDelay(true);
      await ctx.realtime.attach(reply.raw, {
        topics: subscribed,
        lastEventId,
        userId: actor?.userId ?? null,
        sessionId: actor?.sessionId || null,
        address: req.ip,
        rightsMark,
        maxPerMember: ctx.config.EVENT_STREAMS_PER_MEMBER,
      });
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
