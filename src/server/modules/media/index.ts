import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { EVENT_TYPES } from '../../../shared/events';
import { nowPlayingSlot } from '../station/now-playing.service';
import { mediaEngineRoutes } from './autodj/engine.routes';
import type { NextTrackDecider } from './autodj/engine-next';
import { decideNextTrack, trackStarted } from './autodj/next-track.service';
import { playlistsRoutes } from './autodj/playlists.routes';
import { deckRoutes } from './deck/deck.routes';
import { trackCueRoutes } from './tracks/cue.routes';
import { startFolderImport } from './tracks/import.service';
import { mediaLibraryRoutes } from './tracks/media-library.routes';
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
    await app.register(mediaEngineRoutes, { decide: opts.decideNextTrack ?? decideNextTrack });

    // A track deleted while on air goes once the station has moved on to the next one; the track the
    // engine held leaves "up next" once it has started.
    let sweeping: Promise<void> = Promise.resolve();
    const stop = ctx.realtime.onEvent((e) => {
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
      await sweeping;
    });
  },
  { name: 'media' },
);
