import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParam, Ok } from '../../../shared/contracts/common';
import {
  BlockedMember,
  BlockInput,
  BlockList,
  BlockParam,
  Report,
  ReportDecision,
  ReportInput,
  ReportList,
  ReportQuery,
} from '../../../shared/contracts/safety';
import { SAFETY_TEXTS } from '../../../shared/texts/safety';
import { createRateLimiter, enforceRateLimit } from '../../infra/http/rate-limit';
import { blockMember, listBlocks, unblockMember } from './blocks.service';
import { decideReport, listReports, submitReport } from './reports.service';

/** Blocks (each member's own) and reports (sent by members, handled by moderators and admins). */
export async function safetyRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const tags = ['safety'];
  const own = { access: 'signed-in' as const };
  const moderators = { access: { capability: 'chat.moderate' as const } };
  // Per member: 5 reports per 10 minutes, so a report button cannot flood the moderators' queue.
  const reportLimiter = createRateLimiter({ max: 5, windowMs: 10 * 60_000 });

  r.get('/api/blocks', { config: own, schema: { tags, response: { 200: BlockList } } }, async (req) => ({
    blocks: await listBlocks(ctx.db, (await req.requireActor()).userId),
  }));
  r.post(
    '/api/blocks',
    {
      config: own,
      schema: { tags, body: BlockInput, response: { 201: z.object({ block: BlockedMember }) } },
    },
    async (req, reply) => {
      const block = await blockMember(ctx, (await req.requireActor()).userId, req.body.userId);
      return reply.code(201).send({ block });
    },
  );
  r.delete(
    '/api/blocks/:userId',
    { config: own, schema: { tags, params: BlockParam, response: { 200: Ok } } },
    async (req) => {
      await unblockMember(ctx, (await req.requireActor()).userId, req.params.userId);
      return { ok: true as const };
    },
  );

  r.post(
    '/api/reports',
    { config: own, schema: { tags, body: ReportInput, response: { 201: z.object({ report: Report }) } } },
    async (req, reply) => {
      const actor = await req.requireActor();
      enforceRateLimit(reportLimiter, actor.userId, SAFETY_TEXTS.reportTooFast);
      const report = await submitReport(ctx, actor.userId, req.body);
      return reply.code(201).send({ report });
    },
  );
  r.get(
    '/api/reports',
    { config: moderators, schema: { tags, querystring: ReportQuery, response: { 200: ReportList } } },
    async (req) => listReports(ctx, req.query.status),
  );
  r.patch(
    '/api/reports/:id',
    {
      config: moderators,
      schema: {
        tags,
        params: IdParam,
        body: ReportDecision,
        response: { 200: z.object({ report: Report }) },
      },
    },
    async (req) => ({
      report: await decideReport(ctx, (await req.requireActor()).userId, req.params.id, req.body.status),
    }),
  );
}
