import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BannedSong,
  BannedSongInput,
  BannedSongList,
  BannedSongPatch,
  BannedSongQuery,
} from '../../../shared/contracts/banned-songs';
import { IdParam, Ok } from '../../../shared/contracts/common';
import {
  MusicSearchQuery,
  MusicSearchResult,
  RequestInput,
  RequestList,
  RequestListQuery,
  RequestSettings,
  RequestStatusInput,
  SongRequest,
  UpdateRequestSettingsInput,
} from '../../../shared/contracts/requests';
import { EVENT_TYPES } from '../../../shared/events';
import { forbidden } from '../../infra/http/errors';
import { banSong, deleteBan, listBannedSongs, setBanActive } from './banned-songs.service';
import { searchMusic } from './music-search.service';
import { getRequestSettings, setRequestsEnabled } from './request-settings.service';
import { listRequests, setRequestStatus, submitRequest } from './requests.service';

export async function requestsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const tags = ['requests'];
  const manage = { access: { capability: 'requests.manage' as const } };
  const banned = { access: { capability: 'banned.manage' as const } };

  // What every visitor sees; request managers see more (emails) and are answered fresh.
  const publicRequests = ctx.publicReads.register({
    url: '/api/requests',
    query: RequestListQuery,
    response: RequestList,
    build: (q) => listRequests(ctx, { ...q, forManager: false }),
    invalidatedBy: [EVENT_TYPES.requestsChanged, EVENT_TYPES.membersChanged],
    audience: 'anonymous',
  });
  r.get(
    '/api/requests',
    {
      config: { access: 'public' },
      schema: { tags, querystring: RequestListQuery, response: { 200: RequestList } },
    },
    async (req, reply) => {
      const actor = await req.getActor();
      if (!actor?.access.capabilities.includes('requests.manage')) return publicRequests.reply(req, reply);
      reply.header('cache-control', 'private, no-store');
      return listRequests(ctx, { ...req.query, forManager: true });
    },
  );

  // Anonymous listeners may send requests too (no user id); the rules hold for everyone.
  r.post(
    '/api/requests',
    {
      config: { access: 'public' },
      schema: { tags, body: RequestInput, response: { 201: z.object({ request: SongRequest }) } },
    },
    async (req, reply) => {
      const request = await submitRequest(ctx, await req.getActor(), req.ip, req.body);
      return reply.code(201).send({ request });
    },
  );

  r.patch(
    '/api/requests/:id/status',
    {
      config: manage,
      schema: {
        tags,
        params: IdParam,
        body: RequestStatusInput,
        response: { 200: z.object({ request: SongRequest }) },
      },
    },
    async (req) => ({ request: await setRequestStatus(ctx, req.params.id, req.body.status) }),
  );

  // The switch, the live presenter and the limits: same for everyone.
  const requestSettings = ctx.publicReads.register({
    url: '/api/requests/settings',
    response: RequestSettings,
    build: () => getRequestSettings(ctx),
    invalidatedBy: [
      EVENT_TYPES.requestSettingsChanged,
      EVENT_TYPES.nowPlayingChanged,
      EVENT_TYPES.settingsChanged,
    ],
  });
  r.get(
    '/api/requests/settings',
    { config: { access: 'public' }, schema: { tags, response: { 200: RequestSettings } } },
    (req, reply) => requestSettings.reply(req, reply),
  );
  r.patch(
    '/api/requests/settings',
    {
      config: manage,
      schema: { tags, body: UpdateRequestSettingsInput, response: { 200: RequestSettings } },
    },
    async (req) => setRequestsEnabled(ctx, req.body.enabled, await req.requireActor()),
  );

  r.get(
    '/api/music/search',
    {
      config: { access: 'public' },
      schema: { tags, querystring: MusicSearchQuery, response: { 200: MusicSearchResult } },
    },
    async (req) => searchMusic(ctx, req.query.q),
  );

  // Active bans as every visitor sees them; managers (emails, inactive bans) are answered fresh.
  const publicBans = ctx.publicReads.register({
    url: '/api/banned-songs',
    query: BannedSongQuery,
    response: BannedSongList,
    build: async () => ({
      songs: await listBannedSongs(ctx.db, { includeInactive: false, withEmail: false }),
    }),
    cacheable: (q) => q.all !== 'true',
    invalidatedBy: [EVENT_TYPES.bannedSongsChanged, EVENT_TYPES.membersChanged],
    audience: 'anonymous',
  });
  r.get(
    '/api/banned-songs',
    {
      config: { access: 'public' },
      schema: { tags, querystring: BannedSongQuery, response: { 200: BannedSongList } },
    },
    async (req, reply) => {
      const actor = await req.getActor();
      const isManager = Boolean(actor?.access.capabilities.includes('banned.manage'));
      if (req.query.all === 'true' && !isManager) throw forbidden();
      if (!isManager) return publicBans.reply(req, reply);
      reply.header('cache-control', 'private, no-store');
      return {
        songs: await listBannedSongs(ctx.db, {
          includeInactive: req.query.all === 'true',
          withEmail: isManager,
        }),
      };
    },
  );
  r.post(
    '/api/banned-songs',
    {
      config: banned,
      schema: { tags, body: BannedSongInput, response: { 201: z.object({ song: BannedSong }) } },
    },
    async (req, reply) =>
      reply.code(201).send({ song: await banSong(ctx, (await req.requireActor()).userId, req.body) }),
  );
  r.patch(
    '/api/banned-songs/:id',
    {
      config: banned,
      schema: {
        tags,
        params: IdParam,
        body: BannedSongPatch,
        response: { 200: z.object({ song: BannedSong }) },
      },
    },
    async (req) => ({
      song: await setBanActive(ctx, req.params.id, req.body.isActive, await req.requireActor()),
    }),
  );
  r.delete(
    '/api/banned-songs/:id',
    { config: banned, schema: { tags, params: IdParam, response: { 200: Ok } } },
    async (req) => {
      await deleteBan(ctx, req.params.id, await req.requireActor());
      return { ok: true as const };
    },
  );
}
