import type { FastifyInstance } from 'fastify';
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
import { RECORDINGS_TEXTS } from '../../../shared/texts/recordings';
import { sendStoredFile } from '../../infra/storage/send-stored-file';
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
 * Listen again: the published recordings of live shows, their audio (HTTP Range), the podcast
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
      // A published recording may sit in a shared cache for a few minutes (a hide or a delete takes effect
      // within them); a hidden one is for its presenter only and is never kept by a shared cache.
      return sendStoredFile(req, reply, recordingsStore(ctx), rec.storageKey, {
        type: rec.mimeType,
        cacheControl: rec.hidden ? 'private, no-store' : 'public, max-age=300',
        notFoundMessage: RECORDINGS_TEXTS.notFound,
      });
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
}
