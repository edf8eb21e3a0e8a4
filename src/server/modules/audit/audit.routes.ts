import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { StaffActionList, StaffActionQuery } from '../../../shared/contracts/audit';
import type { AppContext } from '../../context';
import { defineJob } from '../../infra/jobs';
import { listStaffActions, pruneStaffActions } from './audit.service';

/** The audit trail, read in the Developer section (developer.tools: developers and admins). */
export async function auditRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  r.get(
    '/api/staff/audit',
    {
      config: { access: { capability: 'developer.tools' } },
      schema: {
        tags: ['developer'],
        description: 'Staff actions (who, when, before and after), newest first, with filters.',
        querystring: StaffActionQuery,
        response: { 200: StaffActionList },
      },
    },
    async (req) => listStaffActions(ctx.db, req.query),
  );
}

/** Daily at 04:50 UTC: staff actions older than a year go. */
export const pruneStaffActionsJob = (ctx: Pick<AppContext, 'db'>) =>
  defineJob({
    name: 'audit.staff-actions.prune',
    schema: z.object({}),
    cron: '50 4 * * *',
    handler: async () => ({ removed: await pruneStaffActions(ctx.db) }),
  });
