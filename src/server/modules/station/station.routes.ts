import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParam, Ok } from '../../../shared/contracts/common';
import {
  CreateStreamerInput,
  EngineStatus,
  MyConnection,
  MyCredentials,
  NowPlaying,
  RadioCommandParam,
  StreamerAccount,
  UpdateStreamerInput,
} from '../../../shared/contracts/station';
import { LISTEN_TEXTS } from '../../../shared/texts/station';
import type { EngineHolder } from '../../infra/cluster/engine-holder';
import { AppError } from '../../infra/http/errors';
import { EngineAuthReply } from '../../integrations/radio/builtin/engine-events';
import { boothsSlot } from './booth/booths';
import { harborAddress } from './harbor-address';
import { authorizeDj, LIVE_SLOT_GRACE_MINUTES, lastRefusal, liveOnlyInBookedSlots } from './live-gate';
import { openSession, openSessionOf } from './live-sessions';
import { nowPlayingSlot } from './now-playing.service';
import {
  createStreamer,
  deleteStreamer,
  generateMyCredentials,
  getMyAccount,
  listStreamers,
  runCommand,
  updateStreamer,
} from './station.service';
import { registerHlsRoutes } from './streams/hls.routes';
import { followStream } from './streams/stream-follow';
import { relayStream } from './streams/stream-relay';

export interface StationRoutesOptions {
  /** Where the engine runs now (a follower relays the stream and HLS from it). */
  holder: EngineHolder | null;
}

export async function stationRoutes(app: FastifyInstance, opts: StationRoutesOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const { station } = ctx;
  const tags = ['station'];
  const control = { access: { capability: 'station.control' as const } };
  const builtinEngine = () => {
    if (!station.engine)
      throw new AppError('NOT_FOUND', 'The built-in engine is not in use on this station.');
    return station.engine;
  };

  // Cached JSON with an ETag and open CORS, so fans can build bots on it.
  r.get(
    '/api/now-playing',
    { config: { access: 'public' }, schema: { tags, response: { 200: NowPlaying } } },
    async (req, typedReply) => {
      // The body is pre-rendered once per change: sent as it is, not serialized per request.
      const reply = typedReply as unknown as FastifyReply;
      const np = nowPlayingSlot.of(ctx);
      reply.header('access-control-allow-origin', '*');
      reply.header('cache-control', 'public, max-age=2, must-revalidate');
      reply.header('etag', np.etag);
      if (req.headers['if-none-match'] === np.etag) return reply.code(304).send();
      return reply
        .type('application/json; charset=utf-8')
        .serializer((x: unknown) => x as string)
        .send(np.json);
    },
  );

  // The stream relay: listeners play the built-in engine through the site's own address and port, one
  // route per quality (/stream is the highest, /stream/64 the next). The instance that runs the engine
  // relays from its Icecast; the others from that instance's app, through a failover of the engine
  // (docs/operations/several-instances.md#every-instance-serves-the-station).
  const { holder } = opts;
  const relays = new Map<string, string>();
  if (station.relaySource && station.engine) {
    for (const [i, q] of station.engine.qualities.entries())
      relays.set(i === 0 ? '' : String(q.kbps), i === 0 ? station.relaySource : q.internalUrl);
  }
  const relay = (req: FastifyRequest, reply: FastifyReply, quality: string) => {
    const source = quality ? relays.get(quality) : station.relaySource;
    if (!source) throw new AppError('NOT_FOUND', LISTEN_TEXTS.noStream);
    if (!holder) return relayStream(req, reply, source, req.ip);
    const hop = holder.hopOf(req.headers);
    const listener = hop.listener ?? req.ip;
    if (holder.here) return relayStream(req, reply, source, listener);
    if (hop.relayed) throw new AppError('UNAVAILABLE', LISTEN_TEXTS.relayedTwice);
    const path = quality ? `/stream/${quality}` : '/stream';
    return followStream(req, reply, {
      pick: async (again) => {
        const engine = await holder.find({ fresh: again });
        if (!engine) return null;
        // This instance took the engine over meanwhile: its own Icecast serves.
        if (engine.self) return { url: source, headers: { 'x-forwarded-for': listener } };
        return { url: `${engine.address}${path}`, headers: holder.relayHeaders(listener) };
      },
    });
  };
  r.get(
    '/stream',
    {
      config: { access: 'public' },
      schema: {
        tags,
        description:
          'The live audio stream (MP3, highest quality), relayed from the built-in engine. Send Icy-MetaData: 1 for icy-metaint and in-band titles.',
        produces: ['audio/mpeg'],
      },
    },
    (req, reply) => relay(req, reply, ''),
  );
  r.get(
    '/stream/:quality',
    {
      config: { access: 'public' },
      schema: {
        tags,
        description:
          'The live audio stream in another quality (kbps, e.g. /stream/64), relayed from the built-in engine.',
        params: z.object({ quality: z.string().max(10) }),
        produces: ['audio/mpeg'],
      },
    },
    (req, reply) => relay(req, reply, req.params.quality),
  );

  registerHlsRoutes(r, ctx, holder);

  r.post(
    '/api/station/engine/auth',
    {
      config: { access: 'engine' },
      schema: {
        tags,
        description:
          'Liquidsoap asks whether a DJ may connect (x-engine-token required); the answer names the account that goes on air (user "source" with "username:password" as the password logs in as username).',
        body: z.object({
          user: z.string().max(200),
          password: z.string().max(200),
          address: z.string().max(200).optional(),
        }),
        response: { 200: EngineAuthReply },
      },
    },
    async (req) => {
      const engine = builtinEngine();
      // A web booth's encoder logs in with the booth's one-time password; the slot rule still applies.
      const booths = boothsSlot.of(ctx);
      const login = {
        authenticate: async (l: typeof req.body) => booths.acceptsLogin(l) || engine.authenticate(l),
      };
      return authorizeDj(ctx, login, req.body);
    },
  );

  r.post(
    '/api/station/engine/event',
    {
      config: { access: 'engine' },
      schema: {
        tags,
        description:
          'Liquidsoap reports a track change or a DJ connecting/leaving (x-engine-token required).',
        body: z.record(z.string(), z.unknown()),
        response: { 200: Ok },
      },
    },
    async (req) => {
      await builtinEngine().handleEngineEvent(req.body);
      return { ok: true as const };
    },
  );

  r.get(
    '/api/station/status',
    { config: control, schema: { tags, response: { 200: EngineStatus } } },
    async () => ({
      ...(await station.backend.status()),
      supports: station.backend.supports,
    }),
  );

  r.post(
    '/api/station/commands/:action',
    {
      config: control,
      schema: { tags, params: RadioCommandParam, response: { 200: z.object({ message: z.string() }) } },
    },
    async (req) => runCommand(ctx, req.params.action, await req.requireActor()),
  );

  r.get(
    '/api/station/streamers',
    {
      config: control,
      schema: { tags, response: { 200: z.object({ streamers: z.array(StreamerAccount) }) } },
    },
    async () => ({ streamers: await listStreamers(ctx) }),
  );
  r.post(
    '/api/station/streamers',
    {
      config: control,
      schema: { tags, body: CreateStreamerInput, response: { 201: z.object({ streamer: StreamerAccount }) } },
    },
    async (req, reply) => reply.code(201).send({ streamer: await createStreamer(ctx, req.body) }),
  );
  r.patch(
    '/api/station/streamers/:id',
    {
      config: control,
      schema: {
        tags,
        params: IdParam,
        body: UpdateStreamerInput,
        response: { 200: z.object({ streamer: StreamerAccount }) },
      },
    },
    async (req) => ({ streamer: await updateStreamer(ctx, req.params.id, req.body) }),
  );
  r.delete(
    '/api/station/streamers/:id',
    { config: control, schema: { tags, params: IdParam, response: { 200: Ok } } },
    async (req) => {
      await deleteStreamer(ctx, req.params.id);
      return { ok: true as const };
    },
  );

  const connection = () => ({ ...harborAddress(ctx.config), mount: '/live' });
  r.get(
    '/api/station/my-credentials',
    {
      config: { access: { capability: 'station.stream' } },
      schema: { tags, response: { 200: MyCredentials } },
    },
    async (req) => {
      const account = await getMyAccount(ctx, (await req.requireActor()).userId);
      return {
        username: account?.username ?? null,
        password: null,
        passwordChosen: account?.passwordChosen ?? false,
        connection: connection(),
        backend: station.backend.kind,
      };
    },
  );
  r.post(
    '/api/station/my-credentials',
    {
      config: { access: { capability: 'station.stream' } },
      schema: { tags, response: { 200: MyCredentials } },
    },
    async (req) => {
      const out = await generateMyCredentials(ctx, (await req.requireActor()).userId);
      return { ...out, connection: connection(), backend: station.backend.kind };
    },
  );

  // Stream Info's connection check: the member's own session; station control sees the one on air.
  r.get(
    '/api/station/my-connection',
    {
      config: { access: { capability: 'station.stream' } },
      schema: {
        tags,
        description:
          "Is the presenter's broadcasting software connected to the built-in engine now: format, bitrate, since when.",
        response: { 200: MyConnection },
      },
    },
    async (req) => {
      const actor = await req.requireActor();
      const account = await getMyAccount(ctx, actor.userId);
      const supported = station.engine !== null;
      const mine = supported
        ? await openSessionOf(ctx.db, { userId: actor.userId, streamerUsername: account?.username ?? null })
        : null;
      const seesAll = actor.access.capabilities.includes('station.control');
      const shown = mine ?? (supported && seesAll ? await openSession(ctx.db) : null);
      return {
        supported,
        connected: shown !== null,
        session: shown
          ? {
              streamerUsername: shown.streamerUsername,
              showTitle: shown.showTitle,
              format: shown.format,
              bitrate: shown.bitrate,
              since: shown.startedAt.toISOString(),
            }
          : null,
        own: shown !== null && shown === mine,
        lastRefusal: mine
          ? null
          : lastRefusal(ctx, { user: account?.username ?? null, address: req.ip, seesAll }),
        bookedSlotsOnly: await liveOnlyInBookedSlots(ctx.db),
        graceMinutes: LIVE_SLOT_GRACE_MINUTES,
      };
    },
  );
}
