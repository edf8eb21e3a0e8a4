import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { badgesRoutes } from './badges.routes';
import { pageVisitsRoutes, prunePageVisitsJob } from './page-visits.routes';

/** The badges module: members' badges and the page visits some of them count. */
export const badgesModule = fp(
  async function badges(app: FastifyInstance) {
    app.ctx.jobs.register(prunePageVisitsJob(app.ctx));
    await app.register(pageVisitsRoutes);
    await app.register(badgesRoutes);
  },
  { name: 'badges' },
);
