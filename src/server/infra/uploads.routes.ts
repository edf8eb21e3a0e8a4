import { createReadStream, existsSync, statSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from './errors';

const TYPES: Record<string, string> = {
  '.webp': 'image/webp',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.gif': 'image/gif',
};

/** Serves uploaded files (profile pictures…) from the storage folder: names are unique, so cached for a year. */
export async function uploadsRoutes(app: FastifyInstance) {
  const root = app.ctx.storage.root;
  app.withTypeProvider<ZodTypeProvider>().get(
    '/uploads/*',
    {
      config: { access: 'public' },
      schema: { tags: ['uploads'], params: z.object({ '*': z.string().max(300) }) },
    },
    async (req, reply) => {
      const file = path.resolve(root, req.params['*']);
      const type = TYPES[path.extname(file).toLowerCase()];
      if (!type || !file.startsWith(root + path.sep) || !existsSync(file) || !statSync(file).isFile()) {
        throw new AppError('NOT_FOUND', 'File not found');
      }
      reply.header('content-type', type);
      reply.header('cache-control', 'public, max-age=31536000, immutable');
      reply.header('x-content-type-options', 'nosniff');
      return reply.send(createReadStream(file));
    },
  );
}
