import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { newsRoutes } from './news.routes';
import { siteFilesRoutes } from './site-files.routes';

/** The news module: news posts and pages, and the site's files. */
export const newsModule = fp(
  async function news(app: FastifyInstance) {
    await app.register(siteFilesRoutes);
    await app.register(newsRoutes);
  },
  { name: 'news' },
);
