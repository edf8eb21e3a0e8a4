import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BulkUpdateTracksInput,
  BulkUpdateTracksResult,
  DeleteTrackResult,
  FolderImportStatus,
  TrackList,
  TrackListQuery,
  TrackResult,
  UpdateTrackInput,
  UploadResult,
} from '../../../../shared/contracts/media';
import { MEDIA_TEXTS } from '../../../../shared/texts/media';
import { AppError, badRequest } from '../../../infra/http/errors';
import { ART_MAX_BYTES } from './art.service';
import { bulkUpdateTracks } from './bulk-edit.service';
import { folderImportSlot } from './import.service';
import { sendTrackAudio } from './track-audio';
import { deleteTrack, getTrack, listTracks, replaceTrackArt, updateTrack } from './tracks.service';
import { uploadTracks } from './upload.service';

const access = { capability: 'media.manage' } as const;
const tags = ['media'];
const TrackId = z.object({ id: z.uuid(MEDIA_TEXTS.trackNotFound) });

/** The media library's tracks: upload, list and search, edit, art, delete; the MUSIC_DIR import. */
export async function mediaLibraryRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Multipart parsing for this plugin's routes only; files stream (the per-request limits are set there).
  await app.register(multipart, { limits: { fileSize: ART_MAX_BYTES, files: 1, fields: 20 } });

  r.post(
    '/api/media/tracks',
    {
      config: { access },
      schema: {
        tags,
        description:
          'Upload audio files (multipart/form-data, one or more `file` parts): MP3, AAC/M4A, OGG/Opus, FLAC or WAV, each at most the size limit of the site settings (default 200 MB). Answers the stored tracks (an identical file answers the track that has it) and the refused files; all refused: 4xx.',
        consumes: ['multipart/form-data'],
        response: { 201: UploadResult },
      },
    },
    async (req, reply) => {
      const actor = await req.requireActor();
      return reply.status(201).send(await uploadTracks(ctx, req, actor.userId));
    },
  );

  r.get(
    '/api/media/tracks',
    { config: { access }, schema: { tags, querystring: TrackListQuery, response: { 200: TrackList } } },
    async (req) => listTracks(ctx, req.query),
  );

  r.get(
    '/api/media/folder-import',
    {
      config: { access },
      schema: {
        tags,
        description:
          'The music folder import (built-in engine): when it last looked, and the files it skips with their reason.',
        response: { 200: FolderImportStatus },
      },
    },
    async () => folderImportSlot.of(ctx).status(),
  );

  r.patch(
    '/api/media/tracks/:id',
    {
      config: { access },
      schema: { tags, params: TrackId, body: UpdateTrackInput, response: { 200: TrackResult } },
    },
    async (req) => ({ track: await updateTrack(ctx, req.params.id, req.body) }),
  );

  r.post(
    '/api/media/tracks/bulk-edit',
    {
      config: { access },
      schema: {
        tags,
        description:
          'Set the artist, album or genre (the fields given) on every selected track, in one go with one audit entry. An unknown track id changes nothing (404).',
        body: BulkUpdateTracksInput,
        response: { 200: BulkUpdateTracksResult },
      },
    },
    async (req) => bulkUpdateTracks(ctx, req.body, await req.requireActor()),
  );

  r.get(
    '/api/media/tracks/:id/audio',
    {
      // Also for presenters who may broadcast: the web booth's deck plays library tracks on air.
      config: { access: { anyCapability: ['media.manage', 'station.stream'] } },
      schema: {
        tags,
        description:
          'The track’s audio file, for the library’s preview player and the web booth’s deck (admins, holders of manage_playlists, presenters who may broadcast): HTTP Range (206, 416 when the range starts past the end).',
        params: TrackId,
      },
    },
    async (req, reply) => sendTrackAudio(req, reply, await getTrack(ctx, req.params.id), ctx.config),
  );

  r.put(
    '/api/media/tracks/:id/art',
    {
      config: { access, tooLargeMessage: MEDIA_TEXTS.artTooLarge },
      schema: {
        tags,
        description:
          'Replace the cover art: multipart/form-data with one `file` part (JPG, PNG, GIF or WebP, at most 5 MB).',
        consumes: ['multipart/form-data'],
        params: TrackId,
        response: { 200: TrackResult },
      },
    },
    async (req) => {
      if (!req.isMultipart()) throw badRequest(MEDIA_TEXTS.artNotImage);
      let bytes: Buffer;
      try {
        const file = await req.file({ limits: { fileSize: ART_MAX_BYTES, files: 1 } });
        if (!file) throw badRequest(MEDIA_TEXTS.artNotImage);
        bytes = await file.toBuffer();
      } catch (err) {
        if (err instanceof AppError) throw err;
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
          throw new AppError('PAYLOAD_TOO_LARGE', MEDIA_TEXTS.artTooLarge);
        throw badRequest(MEDIA_TEXTS.artNotImage);
      }
      const track = await replaceTrackArt(ctx, req.params.id, bytes);
      if (!track) throw badRequest(MEDIA_TEXTS.artNotImage);
      return { track };
    },
  );

  r.delete(
    '/api/media/tracks/:id',
    { config: { access }, schema: { tags, params: TrackId, response: { 200: DeleteTrackResult } } },
    async (req) => deleteTrack(ctx, req.params.id, await req.requireActor()),
  );
}
