import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParam, Ok } from '../../../shared/contracts/common';
import {
  ManagedStreamerList,
  RecognisedStreamer,
  StreamerInput,
  StreamerList,
  StreamerPatch,
} from '../../../shared/contracts/streamers';
import { EVENT_TYPES } from '../../../shared/events';
import {
  addStreamer,
  deleteStreamer,
  listActiveStreamers,
  listAllStreamers,
  updateStreamer,
} from './streamers.service';

/**
 * Community streamers. GET /api/streamers is the same for every visitor and changes only with a
 * `streamers.changed` or `streamers.live` event; the rest is the admin tab ('content.manage').
 */
export async function streamersRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const tags = ['streamers'];
  const manage = { access: { capability: 'content.manage' as const } };
  const one = z.object({ streamer: RecognisedStreamer });

  // Rebuilt when the list changes or the Twitch poll finds a change in what the page shows.
  const activeStreamers = ctx.publicReads.register({
    url: '/api/streamers',
    response: StreamerList,
    build: async () => ({ streamers: await listActiveStreamers(ctx) }),
    invalidatedBy: [EVENT_TYPES.streamersChanged, EVENT_TYPES.streamersLiveChanged],
  });
  r.get(
    '/api/streamers',
    { config: { access: 'public' }, schema: { tags, response: { 200: StreamerList } } },
    (req, reply) => activeStreamers.reply(req, reply),
  );
  r.get(
    '/api/streamers/all',
    { config: manage, schema: { tags, response: { 200: ManagedStreamerList } } },
    async () => listAllStreamers(ctx),
  );
  r.post(
    '/api/streamers',
    { config: manage, schema: { tags, body: StreamerInput, response: { 201: one } } },
    async (req, reply) => reply.code(201).send({ streamer: await addStreamer(ctx, req.body) }),
  );
  r.patch(
    '/api/streamers/:id',
    { config: manage, schema: { tags, params: IdParam, body: StreamerPatch, response: { 200: one } } },
    async (req) => ({ streamer: await updateStreamer(ctx, req.params.id, req.body) }),
  );
  r.delete(
    '/api/streamers/:id',
    { config: manage, schema: { tags, params: IdParam, response: { 200: Ok } } },
    async (req) => {
      await deleteStreamer(ctx, req.params.id, await req.requireActor());
      return { ok: true as const };
    },
  );
}
