import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LISTEN_TEXTS } from '../../../../shared/texts/station';
import type { AppContext } from '../../../context';
import type { EngineHolder } from '../../../infra/cluster/engine-holder';
import { AppError } from '../../../infra/http/errors';
import { hlsHeaders, hlsServiceSlot } from './hls.service';

/**
 * GET /hls/<file>: the built-in engine's HLS output (master playlist live.m3u8, a playlist per quality,
 * their segments), with headers a CDN can sit behind: segments are immutable, playlists live about one
 * segment. Each segment fetched counts its client as a listener of that variant ("hls/128"). The fast
 * path (HlsService.handle) answers existing files first; this route answers the rest (and app.inject).
 */
export function registerHlsRoutes(app: FastifyInstance, ctx: AppContext, holder: EngineHolder | null) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/hls/:file',
    {
      config: { access: 'public' },
      schema: {
        tags: ['station'],
        description:
          'The live stream as HLS (built-in engine): live.m3u8 (every quality), <kbps>.m3u8, <kbps>_<n>.ts.',
        params: z.object({ file: z.string().max(100) }),
        produces: ['application/vnd.apple.mpegurl', 'video/mp2t'],
      },
    },
    async (req, typedReply) => {
      const reply = typedReply as unknown as FastifyReply;
      const hls = hlsServiceSlot.of(ctx);
      const ua = req.headers['user-agent'];
      const hop = holder?.hopOf(req.headers);
      if (!hls.servesHere && hls.relay) {
        // Another instance runs the engine: its answer, unless this request was relayed already.
        reply.header('cache-control', 'no-store');
        if (hop?.relayed) throw new AppError('UNAVAILABLE', LISTEN_TEXTS.relayedTwice);
        const got = await hls.relay.get(req.params.file, req.ip, ua);
        if (!got) throw new AppError('UNAVAILABLE', LISTEN_TEXTS.notOnAir);
        if (got.status !== 200) throw new AppError('NOT_FOUND', LISTEN_TEXTS.noHlsFile);
        return reply.headers(got.headers).send(got.body);
      }
      const file = await hls.fetch(req.params.file, hop?.listener ?? req.ip, ua);
      if (!file) {
        reply.header('cache-control', 'no-store');
        throw new AppError('NOT_FOUND', LISTEN_TEXTS.noHlsFile);
      }
      return reply.headers(hlsHeaders(file)).send(file.body);
    },
  );
}
