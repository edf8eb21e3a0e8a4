import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { AppError } from '../../infra/errors';
import { HLS } from '../../integrations/radio/builtin/station-configs';
import { hlsAudienceOf } from './audience';
import { HlsFiles } from './hls-files';

const CONTENT_TYPES = { playlist: 'application/vnd.apple.mpegurl', segment: 'video/mp2t' } as const;

/**
 * GET /hls/<file>: the built-in engine's HLS output (master playlist live.m3u8, a playlist per quality,
 * their segments), with headers a CDN can sit behind: segments are immutable, playlists live about one
 * segment. Each segment fetched counts its client as a listener of that variant ("hls/128").
 */
export function registerHlsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const engine = ctx.station.engine;
  const files = new HlsFiles(() => engine?.hlsDir ?? null, HLS.segmentSeconds / 2);
  r.get(
    '/hls/:file',
    {
      config: { access: 'public' },
      schema: {
        tags: ['station'],
        description:
          'The live stream as HLS (built-in engine): live.m3u8 (every quality), <kbps>.m3u8, <kbps>_<n>.ts.',
        params: z.object({ file: z.string().max(100) }),
        produces: [CONTENT_TYPES.playlist, CONTENT_TYPES.segment],
      },
    },
    async (req, typedReply) => {
      const reply = typedReply as unknown as FastifyReply;
      const file = await files.get(req.params.file);
      if (!file) {
        reply.header('cache-control', 'no-store');
        throw new AppError('NOT_FOUND', 'No such HLS file (the stream may not have started).');
      }
      reply.header('access-control-allow-origin', '*');
      reply.header('x-content-type-options', 'nosniff');
      if (file.kind === 'segment') {
        hlsAudienceOf(ctx).seen(`hls/${file.variant}`, req.ip, req.headers['user-agent']);
        reply.header('cache-control', 'public, max-age=31536000, immutable');
      } else {
        reply.header('cache-control', `public, max-age=${file.maxAge}`);
      }
      return reply.type(CONTENT_TYPES[file.kind]).send(file.body);
    },
  );
}
