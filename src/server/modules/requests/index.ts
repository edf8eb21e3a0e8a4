import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { requestsRoutes } from './requests.routes';

/** The requests module: song requests. */
export const requestsModule = fp(
  async function requests(app: FastifyInstance) {
    await app.register(requestsRoutes);
  },
  { name: 'requests' },
);
