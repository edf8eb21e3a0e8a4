import type { FastifyReply, FastifyRequest } from 'fastify';
import { FILES_TEXTS } from '../../../shared/texts/common';
import { AppError } from '../http/errors';
import { parseRange } from './http-range';
import { type ObjectInfo, type ObjectRead, type ObjectStore, RangeNotSatisfiableError } from './object-store';

export interface StoredFileOptions {
  /** The Content-Type sent (the caller decides it: never from the file). */
  type: string;
  /** How long caches may keep it (e.g. a year for an immutable upload, private for a hidden recording). */
  cacheControl: string;
  /** The 404's message when the store has no such file. */
  notFoundMessage: string;
}

/**
 * Streams a file of an object store (the local folder or the shared bucket) as /uploads and recordings
 * are served: Range requests get 206 (416 when the range starts past the end, with `bytes *\/size`),
 * If-Range keeps a range only while the file is the client's, and ETag/Last-Modified answer
 * revalidation with 304. An error never carries the file's cache headers.
 */
export async function sendStoredFile(
  req: FastifyRequest,
  reply: FastifyReply,
  store: ObjectStore,
  key: string,
  opts: StoredFileOptions,
) {
  const rangeHeader = req.headers.range;
  try {
    // Without a Range or a validator, one call opens the file; otherwise its size and ETag come first.
    let file: ObjectRead | null;
    if (!rangeHeader && !req.headers['if-none-match']) {
      file = await store.get(key);
    } else {
      const info = await store.head(key);
      if (!info) throw new AppError('NOT_FOUND', opts.notFoundMessage);
      setHeaders(reply, info, opts);
      if (notModified(req, info)) return reply.code(304).send();
      const range = ifRangeHolds(req, info) ? parseRange(rangeHeader, info.size) : null;
      if (range === 'unsatisfiable') throw new RangeNotSatisfiableError(info.size);
      file = await store.get(key, range ? { range } : {});
    }
    if (!file) throw new AppError('NOT_FOUND', opts.notFoundMessage);
    setHeaders(reply, file, opts);
    if (file.range) {
      reply.code(206);
      reply.header('content-range', `bytes ${file.range.start}-${file.range.end}/${file.size}`);
      reply.header('content-length', file.range.end - file.range.start + 1);
    } else {
      reply.header('content-length', file.size);
    }
    return reply.send(file.body);
  } catch (err) {
    // An error is not the file: a cache in front must not keep it.
    for (const h of ['cache-control', 'etag', 'last-modified', 'accept-ranges']) reply.removeHeader(h);
    if (err instanceof AppError) throw err;
    if (err instanceof RangeNotSatisfiableError) {
      reply.header('content-range', `bytes */${err.size}`);
      return reply.code(416).send();
    }
    req.log.error({ err, key }, 'the file store could not be read');
    throw new AppError('UNAVAILABLE', FILES_TEXTS.storeUnavailable);
  }
}

function setHeaders(reply: FastifyReply, info: ObjectInfo, opts: StoredFileOptions) {
  reply.header('content-type', opts.type);
  reply.header('cache-control', opts.cacheControl);
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
