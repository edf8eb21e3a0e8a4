import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { EVENT_TYPES } from '../../../shared/events';
import type { AppContext } from '../../context';
import { HashedFileCache, mediaCacheDirOf } from '../../infra/storage/hashed-cache';
import type { ObjectStore } from '../../infra/storage/object-store';
import { nowPlayingSlot } from '../station/now-playing.service';
import { mediaEngineRoutes } from './autodj/engine.routes';
import { startFetchAhead, withCachedAudio, withoutBucket } from './autodj/engine-audio';
import type { NextTrackDecider } from './autodj/engine-next';
import { decideNextTrack, trackStarted } from './autodj/next-track.service';
import { playlistsRoutes } from './autodj/playlists.routes';
import { deckRoutes } from './deck/deck.routes';
import { trackCueRoutes } from './tracks/cue.routes';
import { engineRunsHere, startFolderImport } from './tracks/import.service';
import { mediaLibraryRoutes } from './tracks/media-library.routes';
import { audioCacheSlot, mediaStoreOf } from './tracks/track-files';
import { sweepRemovedAfterAir } from './tracks/tracks.service';
import { diskFreeSpace, freeSpaceSlot, sweepStaleIncoming } from './tracks/upload.service';

export interface MediaModuleOptions {
  /** How the next AutoDJ track is chosen, instead of the programming rules (engine tests). */
  decideNextTrack?: NextTrackDecider;
}

/**
 * The media module, in two halves: tracks/, the media library (uploads, the MUSIC_DIR import), and
 * autodj/, playlists, the AutoDJ queue and the engine's "next track" callback; deck/ is the web booth's
 * search of the library. Their tables are in
 * media.table.ts (docs/architecture.md).
 */
export const mediaModule = fp(
  async function media(app: FastifyInstance, opts: MediaModuleOptions) {
    const { ctx } = app;
    await app.register(playlistsRoutes);
    await app.register(mediaLibraryRoutes);
    await app.register(trackCueRoutes);
    await app.register(deckRoutes);
    // With S3_BUCKET the library's audio is in the bucket: the engine's instance plays checked copies.
    let decide = opts.decideNextTrack ?? decideNextTrack;
    const store = mediaStoreOf(ctx.config);
    const ahead = store ? startAudioCache(ctx, store) : null;
    if (ahead) decide = withCachedAudio(decide, audioCacheSlot.of(ctx), ahead.kick);
    else decide = withoutBucket(decide);
    await app.register(mediaEngineRoutes, { decide });

    // A track deleted while on air goes once the station has moved on to the next one; the track the
    // engine held leaves "up next" once it has started.
    let sweeping: Promise<void> = Promise.resolve();
    const stop = ctx.realtime.onEvent((e) => {
      if (e.type === EVENT_TYPES.mediaProgrammingChanged) ahead?.kick();
      if (e.type !== EVENT_TYPES.nowPlayingChanged) return;
      const np = nowPlayingSlot.of(ctx).snapshot.nowPlaying;
      sweeping = sweeping
        .then(() => sweepRemovedAfterAir(ctx))
        .catch((err) => ctx.log.warn({ err }, 'media: removing a track after air failed'))
        .then(() =>
          np?.song.id
            ? trackStarted(ctx, { songId: np.song.id, source: np.source, startedAt: new Date(np.playedAt) })
            : undefined,
        )
        .catch((err) => ctx.log.warn({ err }, 'media: could not take the started track off the queue'));
    });
    freeSpaceSlot.provide(ctx, diskFreeSpace);
    const folder = startFolderImport(ctx);
    void sweepStaleIncoming(ctx).catch((err) =>
      ctx.log.warn({ err }, 'media: sweeping unfinished uploads failed'),
    );
    app.addHook('onClose', async () => {
      stop();
      await folder.stop();
      await ahead?.stop();
      await sweeping;
    });
  },
  { name: 'media' },
);

/** This instance's audio cache (DATA_DIR/media-cache), filled ahead of the queue while the engine runs here. */
function startAudioCache(ctx: AppContext, store: ObjectStore) {
  const cache = new HashedFileCache({
    dir: mediaCacheDirOf(ctx.config.dataDir),
    limitBytes: ctx.config.MEDIA_CACHE_MB * 1_048_576,
    store,
    log: ctx.log,
  });
  audioCacheSlot.provide(ctx, cache);
  return startFetchAhead(ctx, cache, () => engineRunsHere(ctx));
}
