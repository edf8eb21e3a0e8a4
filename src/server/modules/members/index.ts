import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { membersRoutes } from './members.routes';

/** The members module: the member directory and public profiles. */
export const membersModule = fp(
  async function members(app: FastifyInstance) {
    await app.register(membersRoutes);
  },
  { name: 'members' },
);
