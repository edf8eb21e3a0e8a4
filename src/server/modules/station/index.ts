import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type FastPaths, NOW_PLAYING_HEADERS } from '../../infra/caches/fast-paths';
import { HlsAudience, hlsAudienceSlot } from './audience';
import { applyStationCapacity } from './capacity';
import { HlsService, hlsServiceSlot } from './hls.service';
import { applyLiveLevelling } from './live-levelling';
import { NowPlayingService, nowPlayingSlot } from './now-playing.service';
import { stationRoutes } from './station.routes';
import { ensureStreamingAccount } from './station.service';

export interface StationModuleOptions {
  /** The app's fast paths: /api/now-playing and the HLS files are served from memory there. */
  fastPaths: FastPaths;
}

/**
 * The station module: now playing (it emits `live.started` and `live.ended`), the stream and HLS, the
 * streamers' accounts (it hears `member.promoted`), the engine's callbacks; it starts and stops the
 * radio backend.
 */
export const stationModule = fp(
  async function station(app: FastifyInstance, opts: StationModuleOptions) {
    const { ctx } = app;
    const { backend, engine, relaySource, spotify } = ctx.station;
    const nowPlaying = new NowPlayingService(ctx, backend, spotify, relaySource !== null);
    await nowPlaying.init();
    opts.fastPaths.register('/api/now-playing', () => nowPlaying, NOW_PLAYING_HEADERS);
    nowPlayingSlot.provide(ctx, nowPlaying);
    const hlsAudience = new HlsAudience();
    hlsAudienceSlot.provide(ctx, hlsAudience);
    const hls = new HlsService(() => engine?.hlsDir ?? null, hlsAudience, ctx.config.TRUST_PROXY);
    hlsServiceSlot.provide(ctx, hls);
    if (engine) opts.fastPaths.registerPrefix('/hls/', (req, res, path) => hls.handle(req, res, path));

    // A new presenter gets a streaming account, however they were promoted.
    ctx.events.on('member.promoted', ({ userId }) => ensureStreamingAccount(ctx, userId));

    // The engine starts once the app listens: Liquidsoap calls back into it from its first track.
    app.lifecycle.on('engine-start', 'station: the radio backend', async () => {
      try {
        await applyStationCapacity(ctx);
        await applyLiveLevelling(ctx);
        await backend.start(nowPlaying);
        app.log.info({ backend: backend.kind }, 'radio backend started');
      } catch (err) {
        app.log.error({ err }, 'the radio backend did not start; the site runs without it');
      }
    });
    app.lifecycle.on('engine-stop', 'station: the radio backend', () =>
      backend.stop().catch((err) => app.log.warn({ err }, 'radio backend did not stop cleanly')),
    );
    app.lifecycle.on('after-engine-stop', 'station: now playing', () => nowPlaying.idle());

    await app.register(stationRoutes);
  },
  { name: 'station' },
);
