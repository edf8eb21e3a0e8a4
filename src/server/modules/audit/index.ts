import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { auditRoutes, pruneStaffActionsJob } from './audit.routes';

/** The audit module: the log of staff actions and its pruning. */
export const auditModule = fp(
  async function audit(app: FastifyInstance) {
    app.ctx.jobs.register(pruneStaffActionsJob(app.ctx));
    await app.register(auditRoutes);
  },
  { name: 'audit' },
);
