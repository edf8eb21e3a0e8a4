import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { MEDIA_TEXTS } from '../../../../shared/texts/media';
import type { Config } from '../../../config';
import { notFound } from '../../../infra/http/errors';
import { parseRange } from '../../../infra/storage/http-range';
import { sendStoredFile } from '../../../infra/storage/send-stored-file';
import { fileWithoutBucket, inBucket, mediaStoreOf } from './track-files';

/** The Content-Type of each stored format (ingest.service's formats). */
const AUDIO_TYPES: Record<string, string> = {
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  aac: 'audio/aac',
  ogg: 'audio/ogg',
  opus: 'audio/ogg',
  flac: 'audio/flac',
  wav: 'audio/wav',
};

/**
 * A library track's file for the staff's preview player, with HTTP Range (206; 416 when the range starts
 * past the end): the browser's audio element seeks with it. Never kept by a shared cache.
 */
export async function sendTrackAudio(
  req: FastifyRequest,
  reply: FastifyReply,
  track: { path: string; format: string },
  config: Config,
) {
  const store = inBucket(track.path) ? mediaStoreOf(config) : null;
  if (store) {
    // Any instance answers from the bucket, Range included: nothing is copied to its disk.
    return sendStoredFile(req, reply, store, track.path, {
      type: AUDIO_TYPES[track.format] ?? 'application/octet-stream',
      cacheControl: 'private, no-store',
      notFoundMessage: MEDIA_TEXTS.audioMissing,
    });
  }
  const file = fileWithoutBucket(config, track.path);
  const s = await stat(file).catch(() => null);
  if (!s?.isFile()) throw notFound(MEDIA_TEXTS.audioMissing);
  reply.header('content-type', AUDIO_TYPES[track.format] ?? 'application/octet-stream');
  reply.header('cache-control', 'private, no-store');
  reply.header('x-content-type-options', 'nosniff');
  reply.header('accept-ranges', 'bytes');
  const range = parseRange(req.headers.range, s.size);
  if (range === 'unsatisfiable') {
    reply.header('content-range', `bytes */${s.size}`);
    return reply.code(416).send();
  }
  if (range) {
    reply.code(206);
    reply.header('content-range', `bytes ${range.start}-${range.end}/${s.size}`);
    reply.header('content-length', range.end - range.start + 1);
    return reply.send(createReadStream(file, { start: range.start, end: range.end }));
  }
  reply.header('content-length', s.size);
  return reply.send(createReadStream(file));
}
