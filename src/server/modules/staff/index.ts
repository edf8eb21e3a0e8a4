import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { developerRoutes } from './developer.routes';
import { presenterStatsJob, pruneSystemLogsJob } from './staff.jobs';
import { staffRoutes } from './staff.routes';
import { trainingQuizRoutes } from './training-quiz.routes';

/**
 * The staff module: the staff area, the Developer section (API keys, system logs) and training. The API
 * key check itself (api-key-access.ts) is an HTTP plugin app.ts registers before any route.
 */
export const staffModule = fp(
  async function staff(app: FastifyInstance) {
    app.ctx.jobs.register(presenterStatsJob(app.ctx), pruneSystemLogsJob(app.ctx));
    await app.register(staffRoutes);
    await app.register(developerRoutes);
    await app.register(trainingQuizRoutes);
  },
  { name: 'staff' },
);
