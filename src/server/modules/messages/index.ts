import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { messagesRoutes } from './messages.routes';

/** The messages module: private messages between members. */
export const messagesModule = fp(
  async function messages(app: FastifyInstance) {
    await app.register(messagesRoutes);
  },
  { name: 'messages' },
);
