import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParam, Ok } from '../../../../shared/contracts/common';
import {
  MediaSettings,
  MediaSettingsPatch,
  Playlist,
  PlaylistDetail,
  PlaylistInput,
  PlaylistList,
  PlaylistPatch,
  PlaylistTracksInput,
  QueueList,
} from '../../../../shared/contracts/media';
import { getMediaSettings, updateMediaSettings } from './media-settings.service';
import { forgetOutside } from './next-track.service';
import {
  createPlaylist,
  deletePlaylist,
  getPlaylist,
  listPlaylists,
  setPlaylistTracks,
  updatePlaylist,
} from './playlists.service';
import { listUpcoming, removeFromQueue, skipCurrent } from './queue.service';

/** Playlists, the AutoDJ queue and AutoDJ's settings: admins and holders of manage_playlists. */
export async function playlistsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const manage = { access: { capability: 'media.manage' as const } };
  const tags = ['media'];
  const noStore = { 'cache-control': 'no-store' };

  r.get(
    '/api/media/playlists',
    { config: manage, schema: { tags, response: { 200: PlaylistList } } },
    async (_req, reply) => reply.headers(noStore).send({ playlists: await listPlaylists(ctx) }),
  );
  r.post(
    '/api/media/playlists',
    {
      config: manage,
      schema: { tags, body: PlaylistInput, response: { 201: z.object({ playlist: Playlist }) } },
    },
    async (req, reply) =>
      reply.code(201).send({ playlist: await createPlaylist(ctx, req.body, await req.requireActor()) }),
  );
  r.get(
    '/api/media/playlists/:id',
    { config: manage, schema: { tags, params: IdParam, response: { 200: PlaylistDetail } } },
    async (req, reply) => reply.headers(noStore).send(await getPlaylist(ctx, req.params.id)),
  );
  r.patch(
    '/api/media/playlists/:id',
    {
      config: manage,
      schema: {
        tags,
        params: IdParam,
        body: PlaylistPatch,
        response: { 200: z.object({ playlist: Playlist }) },
      },
    },
    async (req) => ({
      playlist: await updatePlaylist(ctx, req.params.id, req.body, await req.requireActor()),
    }),
  );
  r.delete(
    '/api/media/playlists/:id',
    { config: manage, schema: { tags, params: IdParam, response: { 200: Ok } } },
    async (req) => {
      await deletePlaylist(ctx, req.params.id, await req.requireActor());
      return { ok: true as const };
    },
  );
  r.put(
    '/api/media/playlists/:id/tracks',
    {
      config: manage,
      schema: { tags, params: IdParam, body: PlaylistTracksInput, response: { 200: PlaylistDetail } },
    },
    async (req) => setPlaylistTracks(ctx, req.params.id, req.body.trackIds, await req.requireActor()),
  );

  r.get(
    '/api/media/queue',
    { config: manage, schema: { tags, response: { 200: QueueList } } },
    async (_req, reply) => reply.headers(noStore).send({ upcoming: await listUpcoming(ctx) }),
  );
  r.delete(
    '/api/media/queue/:id',
    { config: manage, schema: { tags, params: IdParam, response: { 200: Ok } } },
    async (req) => {
      await removeFromQueue(ctx, req.params.id);
      return { ok: true as const };
    },
  );
  r.post(
    '/api/media/queue/skip',
    { config: manage, schema: { tags, response: { 200: z.object({ message: z.string() }) } } },
    async (req) => skipCurrent(ctx, await req.requireActor()),
  );

  r.get(
    '/api/media/settings',
    { config: manage, schema: { tags, response: { 200: MediaSettings } } },
    async (_req, reply) => reply.headers(noStore).send(await getMediaSettings(ctx)),
  );
  r.patch(
    '/api/media/settings',
    { config: manage, schema: { tags, body: MediaSettingsPatch, response: { 200: MediaSettings } } },
    async (req) => {
      const settings = await updateMediaSettings(ctx, req.body);
      forgetOutside(ctx.db); // the next decision applies them
      return settings;
    },
  );
}
