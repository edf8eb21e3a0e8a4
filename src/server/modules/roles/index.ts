import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { rolesRoutes } from './roles.routes';

/** The roles module: roles and capabilities. */
export const rolesModule = fp(
  async function roles(app: FastifyInstance) {
    await app.register(rolesRoutes);
  },
  { name: 'roles' },
);
