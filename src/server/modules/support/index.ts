import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { supportRoutes } from './support.routes';

/** The support module: support tickets. */
export const supportModule = fp(
  async function support(app: FastifyInstance) {
    await app.register(supportRoutes);
  },
  { name: 'support' },
);
