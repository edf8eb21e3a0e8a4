import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Ok } from '../../../shared/contracts/common';
import {
  ManagedRecordingList,
  ManageRecordingsQuery,
  RecordedShows,
  RecordingIdParam,
  RecordingList,
  RecordingListQuery,
  RecordingPatch,
  RecordingResult,
} from '../../../shared/contracts/recordings';
import { RECORDINGS_TEXTS } from '../../../shared/recordings-texts';
import { TEXTS } from '../../../shared/texts';
import { AppError, notFound } from '../../infra/errors';
import { parseRange } from '../../infra/http-range';
import { type ObjectInfo, type ObjectRead, RangeNotSatisfiableError } from '../../infra/object-store';
import { renderPodcastFeed } from './podcast-feed';
import {
  deleteRecording,
  listManagedRecordings,
  listPublishedRecordings,
  listRecordedShows,
  playableRecording,
  recordingsStore,
  setRecordingHidden,
} from './recordings.service';

/**
 * Listen again (issue 26): the published recordings of live shows, their audio (HTTP Range), the podcast
 * feed, and hide/publish/delete for a recording's presenter and for managers of recordings (admins).
 * Reads are fresh from the database (one indexed query); `recordings.changed` tells pages to read again.
 */
export async function recordingsRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['recordings'];
  const signedIn = { access: 'signed-in' as const };

  r.get(
    '/api/recordings',
    {
      config: { access: 'public' },
      schema: {
        tags,
        description:
          'Published recordings of live shows, newest first. Page with `limit` and `before` (the previous answer’s `nextBefore`); filter by `show` (title) or `presenterId`.',
        querystring: RecordingListQuery,
        response: { 200: RecordingList },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-cache');
      return listPublishedRecordings(ctx, req.query);
    },
  );

  r.get(
    '/api/recordings/shows',
    {
      config: { access: 'public' },
      schema: {
        tags,
        description: 'The shows that have published recordings (for Listen again links on the schedule).',
        response: { 200: RecordedShows },
      },
    },
    async (_req, reply) => {
      reply.header('cache-control', 'no-cache');
      return listRecordedShows(ctx);
    },
  );

  r.get(
    '/api/recordings/manage',
    {
      config: signedIn,
      schema: {
        tags,
        description:
          'The caller’s own recordings, hidden ones included; every recording for admins and holders of recordings.manage.',
        querystring: ManageRecordingsQuery,
        response: { 200: ManagedRecordingList },
      },
    },
    async (req) => listManagedRecordings(ctx, await req.requireActor(), req.query),
  );

  r.patch(
    '/api/recordings/:id',
    {
      config: signedIn,
      schema: {
        tags,
        description: 'Hide or publish a recording: its presenter, admins and holders of recordings.manage.',
        params: RecordingIdParam,
        body: RecordingPatch,
        response: { 200: RecordingResult },
      },
    },
    async (req) => ({
      recording: await setRecordingHidden(ctx, await req.requireActor(), req.params.id, req.body.hidden),
    }),
  );

  r.delete(
    '/api/recordings/:id',
    {
      config: signedIn,
      schema: {
        tags,
        description:
          'Delete a recording and its file: its presenter, admins and holders of recordings.manage.',
        params: RecordingIdParam,
        response: { 200: Ok },
      },
    },
    async (req) => {
      await deleteRecording(ctx, await req.requireActor(), req.params.id);
      return { ok: true as const };
    },
  );

  r.get(
    '/api/recordings/:id/audio.mp3',
    {
      config: { access: 'public' },
      schema: {
        tags,
        description:
          'The recording’s MP3, with HTTP Range (206, 416 when the range starts past the end). A hidden recording only for its presenter and admins.',
        params: RecordingIdParam,
      },
    },
    async (req, reply) => {
      const rec = await playableRecording(ctx, req.params.id, () => req.getActor());
      return sendAudio(req, reply, rec.storageKey, rec.mimeType, rec.hidden);
    },
  );

  r.get(
    '/podcast.xml',
    {
      config: { access: 'public' },
      schema: { tags, description: 'RSS 2.0 podcast feed (with iTunes tags) of the published recordings.' },
    },
    async (_req, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return reply.type('application/rss+xml; charset=utf-8').send(await renderPodcastFeed(ctx));
    },
  );

  /** Streams the file (or the asked range of it), as /uploads does. */
  async function sendAudio(
    req: FastifyRequest,
    reply: FastifyReply,
    key: string,
    type: string,
    hidden: boolean,
  ) {
    const store = recordingsStore(ctx);
    const rangeHeader = req.headers.range;
    try {
      let file: ObjectRead | null;
      if (!rangeHeader && !req.headers['if-none-match']) {
        file = await store.get(key);
      } else {
        const info = await store.head(key);
        if (!info) throw notFound(RECORDINGS_TEXTS.notFound);
        setHeaders(reply, info, type, hidden);
        if (notModified(req, info)) return reply.code(304).send();
        const range = ifRangeHolds(req, info) ? parseRange(rangeHeader, info.size) : null;
        if (range === 'unsatisfiable') throw new RangeNotSatisfiableError(info.size);
        file = await store.get(key, range ? { range } : {});
      }
      if (!file) throw notFound(RECORDINGS_TEXTS.notFound);
      setHeaders(reply, file, type, hidden);
      if (file.range) {
        reply.code(206);
        reply.header('content-range', `bytes ${file.range.start}-${file.range.end}/${file.size}`);
        reply.header('content-length', file.range.end - file.range.start + 1);
      } else {
        reply.header('content-length', file.size);
      }
      return reply.send(file.body);
    } catch (err) {
      for (const h of ['cache-control', 'etag', 'last-modified', 'accept-ranges']) reply.removeHeader(h);
      if (err instanceof AppError) throw err;
      if (err instanceof RangeNotSatisfiableError) {
        reply.header('content-range', `bytes */${err.size}`);
        return reply.code(416).send();
      }
      req.log.error({ err, key }, 'the recordings store could not be read');
      throw new AppError('UNAVAILABLE', TEXTS.files.storeUnavailable);
    }
  }
}

/**
 * A published recording may sit in a shared cache for a few minutes (a hide or a delete takes effect
 * within them); a hidden one is for its presenter only and is never kept by a shared cache.
 */
function setHeaders(reply: FastifyReply, info: ObjectInfo, type: string, hidden: boolean) {
  reply.header('content-type', type);
  reply.header('cache-control', hidden ? 'private, no-store' : 'public, max-age=300');
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
