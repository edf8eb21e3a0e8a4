import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { FILES_TEXTS } from '../../../shared/texts/common';
import { AppError } from '../http/errors';
import { sendStoredFile } from './send-stored-file';

/** The only kinds of file served from /uploads, by extension: never HTML or scripts. */
const TYPES: Record<string, string> = {
  '.webp': 'image/webp',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.gif': 'image/gif',
};

/**
 * Serves uploaded files from the storage's object store (the local folder or the shared bucket), so every
 * instance serves every file at the same URL. Names are unique, so responses are cached for a year; Range
 * requests get 206 (416 when the range starts past the end); ETag and Last-Modified answer revalidation.
 */
export async function uploadsRoutes(app: FastifyInstance) {
  const { store } = app.ctx.storage;
  app.withTypeProvider<ZodTypeProvider>().get(
    '/uploads/*',
    {
      config: { access: 'public' },
      schema: { tags: ['uploads'], params: z.object({ '*': z.string().max(300) }) },
    },
    async (req, reply) => {
      const key = app.ctx.storage.keyOf(`/uploads/${req.params['*']}`);
      const type = TYPES[path.extname(req.params['*']).toLowerCase()];
      if (!key || !type) throw new AppError('NOT_FOUND', FILES_TEXTS.notFound);
      return sendStoredFile(req, reply, store, key, {
        type,
        cacheControl: 'public, max-age=31536000, immutable',
        notFoundMessage: FILES_TEXTS.notFound,
      });
    },
  );
}
