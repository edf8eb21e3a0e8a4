import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { safetyRoutes } from './safety.routes';

/** The safety module: reports and blocks. */
export const safetyModule = fp(
  async function safety(app: FastifyInstance) {
    await app.register(safetyRoutes);
  },
  { name: 'safety' },
);
