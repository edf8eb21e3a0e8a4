import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { carriesSessionCookie } from '../caches/actor-cache';

/**
 * Serves the built web app (dist/web): files as they are, hashed assets cached for a year, and
 * index.html for any other page path so the browser router can take it. Never index.html for /api/*
 * or for a path that names a file.
 */
export const webPlugin = fp(
  async (
    app: FastifyInstance,
    opts: {
      root: string;
      /** Fills the page shell for a path (link previews), or answers a permanent redirect. */
      renderIndex?: (
        html: string,
        path: string,
        caller: { visitor: boolean },
      ) => Promise<string | { redirect: string }>;
    },
  ) => {
    const root = path.resolve(opts.root);
    const indexFile = path.join(root, 'index.html');
    const built = existsSync(indexFile);
    // The page shell is read once: a new build means a restart anyway (its assets have new names).
    const indexHtml = built ? readFileSync(indexFile, 'utf8') : '';
    // Brotli and gzip copies written at build time are sent to browsers that accept them.
    await app.register(fastifyStatic, { root, serve: false, preCompressed: true });

    app.withTypeProvider<ZodTypeProvider>().get(
      '/*',
      {
        config: { access: 'public' },
        schema: { hide: true, params: z.object({ '*': z.string() }) },
      },
      async (req, reply) => {
        const rel = req.params['*'];
        if (rel.startsWith('api/') || rel === 'api') {
          return reply
            .status(404)
            .send({ error: { code: 'NOT_FOUND', message: `No route for GET /${rel}` } });
        }
        if (!built) {
          return reply
            .status(503)
            .type('text/plain')
            .send('The web app has not been built yet. Run `npm run build` (npm start does it for you).');
        }
        const hasExtension = path.extname(rel) !== '';
        if (hasExtension) {
          const file = path.resolve(root, rel);
          if (!file.startsWith(root + path.sep) || !existsSync(file)) {
            return reply.status(404).send({ error: { code: 'NOT_FOUND', message: 'File not found' } });
          }
          const immutable = rel.startsWith('assets/');
          // The service worker is checked on every visit, so a new version is noticed at once.
          const maxAge = immutable ? 365 * 24 * 3600 * 1000 : rel === 'sw.js' ? 0 : 3600 * 1000;
          return reply.sendFile(rel, root, { maxAge, immutable });
        }
        const visitor = !carriesSessionCookie(req.headers.cookie);
        const page = opts.renderIndex ? await opts.renderIndex(indexHtml, `/${rel}`, { visitor }) : indexHtml;
        if (typeof page !== 'string') return reply.redirect(page.redirect, 301);
        // A visitor's page says so (page-data.ts): a cache must not hand it to a member, nor the reverse.
        reply.header('cache-control', 'no-cache');
        reply.header('vary', 'Cookie');
        return reply.type('text/html; charset=utf-8').send(page);
      },
    );
  },
  { name: 'web' },
);
