import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { libraryRoutes, weeklyChartJob } from './library.routes';

/** The library module: the songs played, their history and the weekly chart (it emits `chart.published`). */
export const libraryModule = fp(
  async function library(app: FastifyInstance) {
    app.ctx.jobs.register(weeklyChartJob(app.ctx));
    await app.register(libraryRoutes);
  },
  { name: 'library' },
);
