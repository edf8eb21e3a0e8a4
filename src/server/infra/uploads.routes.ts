import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { TEXTS } from '../../shared/texts';
import { AppError } from './errors';
import { parseRange } from './http-range';
import type { ObjectInfo, ObjectRead } from './object-store';
import { RangeNotSatisfiableError } from './object-store';

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
      if (!key || !type) throw new AppError('NOT_FOUND', TEXTS.files.notFound);
      const rangeHeader = req.headers.range;
      try {
        // Without a Range or a validator, one call opens the file; otherwise its size and ETag come first.
        let file: ObjectRead | null;
        if (!rangeHeader && !req.headers['if-none-match']) {
          file = await store.get(key);
        } else {
          const info = await store.head(key);
          if (!info) throw new AppError('NOT_FOUND', TEXTS.files.notFound);
          setHeaders(reply, info, type);
          if (notModified(req, info)) return reply.code(304).send();
          const range = ifRangeHolds(req, info) ? parseRange(rangeHeader, info.size) : null;
          if (range === 'unsatisfiable') throw new RangeNotSatisfiableError(info.size);
          file = await store.get(key, range ? { range } : {});
        }
        if (!file) throw new AppError('NOT_FOUND', TEXTS.files.notFound);
        setHeaders(reply, file, type);
        if (file.range) {
          reply.code(206);
          reply.header('content-range', `bytes ${file.range.start}-${file.range.end}/${file.size}`);
          reply.header('content-length', file.range.end - file.range.start + 1);
        } else {
          reply.header('content-length', file.size);
        }
        return reply.send(file.body);
      } catch (err) {
        // An error is not the file: a cache in front must not keep it for a year.
        for (const h of ['cache-control', 'etag', 'last-modified', 'accept-ranges']) reply.removeHeader(h);
        if (err instanceof AppError) throw err;
        if (err instanceof RangeNotSatisfiableError) {
          reply.header('content-range', `bytes */${err.size}`);
          return reply.code(416).send();
        }
        req.log.error({ err, key }, 'the file store could not be read');
        throw new AppError('UNAVAILABLE', TEXTS.files.storeUnavailable);
      }
    },
  );
}

function setHeaders(reply: FastifyReply, info: ObjectInfo, type: string) {
  reply.header('content-type', type);
  reply.header('cache-control', 'public, max-age=31536000, immutable');
  reply.header('x-content-type-options', 'nosniff');
  reply.header('accept-ranges', 'bytes');
  reply.header('etag', info.etag);
  reply.header('last-modified', info.lastModified.toUTCString());
}

function notModified(req: FastifyRequest, info: ObjectInfo) {
  const inm = req.headers['if-none-match'];
  if (!inm) return false;
  return inm.trim() === '*' || inm.split(',').some((t) => t.trim().replace(/^W\//, '') === info.etag);
}

/** `If-Range`: the range holds only while the file is the one the client has (by ETag or date). */
function ifRangeHolds(req: FastifyRequest, info: ObjectInfo) {
  const v = req.headers['if-range'];
  if (typeof v !== 'string' || !v) return true;
  if (v.startsWith('"') || v.startsWith('W/')) return v === info.etag;
  const when = Date.parse(v);
  return !Number.isNaN(when) && info.lastModified.getTime() <= when;
}
