import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { notificationsRoutes } from './notifications.routes';

/** The notifications module: a member's notifications. */
export const notificationsModule = fp(
  async function notifications(app: FastifyInstance) {
    await app.register(notificationsRoutes);
  },
  { name: 'notifications' },
);
