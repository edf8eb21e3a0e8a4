import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { settingsRoutes } from './settings.routes';

/**
 * The settings module: the key/value settings store, the catalogue of its keys (catalogue.ts) with the
 * one typed accessor every module reads and writes them through, and the public settings every page reads.
 */
export const settingsModule = fp(
  async function settings(app: FastifyInstance) {
    await app.register(settingsRoutes);
  },
  { name: 'settings' },
);
