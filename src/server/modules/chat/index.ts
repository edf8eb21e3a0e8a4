import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { chatRoutes } from './chat.routes';

/** The chat module: the station chat. */
export const chatModule = fp(
  async function chat(app: FastifyInstance) {
    await app.register(chatRoutes);
  },
  { name: 'chat' },
);
