import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { applicationsRoutes } from './applications.routes';

/** The applications module: presenter applications. */
export const applicationsModule = fp(
  async function applications(app: FastifyInstance) {
    await app.register(applicationsRoutes);
  },
  { name: 'applications' },
);
