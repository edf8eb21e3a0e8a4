import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type FastPaths, NOW_PLAYING_HEADERS } from '../../infra/caches/fast-paths';
import { EngineHolder } from '../../infra/cluster/engine-holder';
import { EngineRunner } from '../../infra/cluster/engine-runner';
import { HlsAudience, hlsAudienceSlot } from './audience';
import { boothRoutes } from './booth/booth.routes';
import { Booths, boothsSlot } from './booth/booths';
import { applyStationCapacity } from './capacity';
import { applyLiveLevelling } from './live-levelling';
import { NowPlayingService, nowPlayingSlot } from './now-playing.service';
import { stationRoutes } from './station.routes';
import { ensureStreamingAccount } from './station.service';
import { HlsService, hlsServiceSlot } from './streams/hls.service';

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
    const fence = ctx.station.election;
    const nowPlaying = new NowPlayingService(ctx, backend, spotify, relaySource !== null, fence);
    await nowPlaying.init();
    opts.fastPaths.register('/api/now-playing', () => nowPlaying, NOW_PLAYING_HEADERS);
    nowPlayingSlot.provide(ctx, nowPlaying);
    const hlsAudience = new HlsAudience();
    hlsAudienceSlot.provide(ctx, hlsAudience);
    // HLS listeners join the count now playing shows: at once when one starts, and within a few
    // seconds of one leaving (nobody fetches anything then, so a timer looks).
    hlsAudience.watch((n) => void nowPlaying.hlsListenersChanged(n));
    const hlsLeavers = setInterval(() => hlsAudience.count(), 5_000);
    hlsLeavers.unref();
    app.addHook('onClose', async () => clearInterval(hlsLeavers));
    // Where the engine runs now: the other instances relay the stream and HLS from it.
    const { election, instances } = ctx.station;
    const holder = engine
      ? new EngineHolder({
          dbh: ctx.dbh,
          self: instances.self,
          holdsHere: () => election?.term != null,
          authSecret: ctx.config.authSecret,
        })
      : null;
    const hls = new HlsService(() => engine?.hlsDir ?? null, hlsAudience, ctx.config.TRUST_PROXY, holder);
    hlsServiceSlot.provide(ctx, hls);
    if (engine) opts.fastPaths.registerPrefix('/hls/', (req, res, path) => hls.handle(req, res, path));

    const booths = new Booths(ctx, engine?.harborSource ?? null, holder);
    boothsSlot.provide(ctx, booths);

    // A new presenter gets a streaming account, however they were promoted.
    ctx.events.on('member.promoted', ({ userId }) => ensureStreamingAccount(ctx, userId));

    const startBackend = async () => {
      try {
        await applyStationCapacity(ctx);
        await applyLiveLevelling(ctx);
        await backend.start(nowPlaying);
        app.log.info({ backend: backend.kind }, 'radio backend started');
        return true;
      } catch (err) {
        app.log.error({ err }, 'the radio backend did not start; the site runs without it');
        return false;
      }
    };
    const stopBackend = () =>
      backend.stop().catch((err) => app.log.warn({ err }, 'radio backend did not stop cleanly'));
    if (election && engine) {
      // The built-in engine runs on the lease's holder only (docs/operations/several-instances.md).
      const runner = new EngineRunner(election, engine, startBackend, stopBackend);
      app.addHook('onReady', () => runner.campaign());
      app.lifecycle.on('engine-start', 'station: the radio backend', () => runner.allow());
      app.lifecycle.on('engine-stop', 'station: the radio backend', () => runner.stop());
    } else if (!engine) {
      // The engine starts once the app listens: Liquidsoap calls back into it from its first track.
      app.lifecycle.on('engine-start', 'station: the radio backend', async () => void (await startBackend()));
      app.lifecycle.on('engine-stop', 'station: the radio backend', stopBackend);
    }
    // Another instance runs the engine: now playing follows its reports over the realtime bus.
    if (engine) {
      const unfollow = nowPlaying.followBus(() => !election?.term);
      app.addHook('onClose', async () => unfollow());
    }
    app.lifecycle.on('before-engine-stop', 'station: the web booths', () => booths.closeAll());
    app.lifecycle.on('after-engine-stop', 'station: now playing', () => nowPlaying.idle());
    app.lifecycle.on('after-engine-stop', 'station: this instance', () => ctx.station.instances.stop());

    await app.register(stationRoutes, { holder });
    await app.register(boothRoutes);
  },
  { name: 'station' },
);
