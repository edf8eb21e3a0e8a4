import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PageVisitInput } from '../../../shared/contracts/settings';
import { ERRORS_TEXTS } from '../../../shared/texts/common';
import { createRateLimiter, enforceRateLimit } from '../../infra/http/rate-limit';
import { defineJob } from '../../infra/jobs';
import { pageVisits } from './page-visits.table';

/** A person changes page far less often than this; a script posting visits is held back. */
export const PAGE_VISITS_PER_MINUTE = 60;

/**
 * Page visits (each path change is tracked). Anonymous visits are counted in the browser only.
 * Each member (or, signed out, each client address) may report 60 a minute.
 */
export async function pageVisitsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const limiter = createRateLimiter({ max: PAGE_VISITS_PER_MINUTE, windowMs: 60_000 });
  r.post(
    '/api/page-visits',
    {
      config: { access: 'public' },
      schema: { tags: ['badges'], body: PageVisitInput, response: { 204: z.null() } },
    },
    async (req, reply) => {
      const actor = await req.getActor();
      enforceRateLimit(
        limiter,
        actor ? `user:${actor.userId}` : `ip:${req.ip}`,
        ERRORS_TEXTS.tooManyRequests,
      );
      if (actor) await ctx.db.insert(pageVisits).values({ userId: actor.userId, path: req.body.path });
      return reply.code(204).send(null);
    },
  );
}

export const prunePageVisitsJob = (ctx: { db: import('../../db/client').Db }) =>
  defineJob({
    name: 'page-visits.prune',
    schema: z.object({}),
    cron: '15 3 * * *',
    handler: async () => {
      const res = await ctx.db.execute(
        sql`DELETE FROM page_visits WHERE visited_at < now() - interval '30 days'`,
      );
      return { deleted: (res as { rowCount?: number }).rowCount ?? null };
    },
  });
