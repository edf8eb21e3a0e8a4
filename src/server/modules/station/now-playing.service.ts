import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { NowPlaying, SongRef } from '../../../shared/contracts/station';
import { EVENT_TYPES, topics } from '../../../shared/events';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { perApp } from '../../infra/per-app';
import type {
  BackendSink,
  HistoryItem,
  LiveState,
  RadioBackend,
  TrackChange,
} from '../../integrations/radio/types';
import type { SpotifyClient } from '../../integrations/spotify/spotify-client';
import { songs } from '../library/library.table';
import { recordPlay, type SongRow, upsertSong } from '../library/songs.service';
import { currentSlot } from '../schedule/schedule.service';
import { readSetting } from '../settings/settings.service';
import { closeOpenSessions, closeSessionsLeftOpen, openLiveSession, openSession } from './live-sessions';
import { LIVE_SHOW_TITLE, liveTrackLabel } from './live-track-label';
import {
  libraryTrackOf,
  playlistNameOf,
  recentPlays,
  songTrackOf,
  type TrackLook,
} from './now-playing-lookups';
import { findPresenter } from './presenter-lookup';
import { artOrDefault, DEFAULT_ART } from './station-art';
import { listenStreams } from './streams/listen-streams';

const HISTORY_SIZE = 10;

type Ctx = Pick<AppContext, 'db' | 'realtime' | 'config' | 'log' | 'jobs' | 'events'>;

/**
 * The one server-side now-playing state. The radio backend reports into it (it is the backend's sink);
 * each change is stored (song, play, history), pushed to every browser over the event stream, and served
 * as cached JSON with an ETag at GET /api/now-playing.
 */
export class NowPlayingService implements BackendSink {
  private state: NowPlaying;
  /** Whether the backend has told this instance its live state yet. */
  private liveSeen = false;
  private body = '';
  private tag = '';
  private lastSequence = Number.NEGATIVE_INFINITY;
  private queue: Promise<void> = Promise.resolve();
  /** The admin's listen URL (site setting `stream_url`); null: the backend's own. */
  private streamUrlOverride: string | null = null;

  constructor(
    private readonly ctx: Ctx,
    private readonly backend: RadioBackend,
    private readonly spotify: SpotifyClient | null,
    /** Listeners play the app's own /stream relay (built-in engine without a public stream URL). */
    private readonly relay: boolean,
    /**
     * The engine lease (built-in engine): a play is recorded only while this instance's term holds, in
     * the play's own transaction (docs/operations/several-instances.md#fencing).
     */
    private readonly fence: { holdsIn(tx: DbOrTx): Promise<boolean> } | null = null,
  ) {
    this.state = {
      station: {
        name: ctx.config.SITE_TITLE,
        backend: backend.kind,
        configured: backend.kind !== 'none',
        streamUrl: null,
        hlsUrl: null,
        streams: [],
        defaultArt: DEFAULT_ART,
      },
      nowPlaying: null,
      live: { isLive: false, streamerName: null, presenter: null, show: null },
      listeners: { total: 0 },
      history: [],
      updatedAt: new Date().toISOString(),
    };
    this.render();
  }

  /** Loads the recent history from the database (so a restart keeps it) and the admin's listen URL. */
  async init() {
    await this.loadStreamUrl();
    if (this.keepsLiveSessions) {
      const closed = await closeSessionsLeftOpen(this.ctx.db);
      if (closed.length)
        this.ctx.log.warn(
          { sessions: closed.map((s) => ({ id: s.id, endedAt: s.endedAt })) },
          'station: closed live sessions the previous run left open (at their last known time)',
        );
    }
    const rows = await recentPlays(this.ctx.db, HISTORY_SIZE + 1);
    const [latest, ...rest] = rows;
    if (latest && Date.now() - latest.playedAt.getTime() < 15 * 60_000) {
      this.state.nowPlaying = {
        song: this.ref(latest.s, null, latest.track),
        playedAt: latest.playedAt.toISOString(),
        source: 'autodj',
      };
      this.state.history = rest.map((r) => ({
        song: this.ref(r.s, null, r.track),
        playedAt: r.playedAt.toISOString(),
      }));
    } else {
      this.state.history = rows
        .slice(0, HISTORY_SIZE)
        .map((r) => ({ song: this.ref(r.s, null, r.track), playedAt: r.playedAt.toISOString() }));
    }
    this.render();
  }

  /** What listeners play when no stream URL is set in the site settings. */
  get defaultStreamUrl(): string | null {
    return this.relay ? '/stream' : this.backend.streamUrl;
  }

  /** A new listen URL from the site settings reaches every open player at once (null: the default). */
  streamUrlChanged() {
    return this.enqueue(() => this.publish());
  }

  private async loadStreamUrl() {
    this.streamUrlOverride = (await readSetting(this.ctx.db, 'stream_url')) || null;
  }

  get snapshot(): NowPlaying {
    return this.state;
  }
  get json() {
    return this.body;
  }
  get etag() {
    return this.tag;
  }

  /** Runs changes one after another, in the order they were reported. */
  private enqueue(task: () => Promise<void>) {
    this.queue = this.queue
      .then(task)
      .catch((err) => this.ctx.log.error({ err }, 'now playing: update failed'));
    return this.queue;
  }

  /** Settles once every change reported so far has been applied (tests, shutdown). */
  idle() {
    return this.queue;
  }

  trackChanged(change: TrackChange) {
    return this.enqueue(async () => {
      if (change.sequence <= this.lastSequence) return; // a duplicate or a late, older report
      this.lastSequence = change.sequence;
      const presenter =
        change.source === 'live' ? await findPresenter(this.ctx.db, change.streamerName) : null;
      const slot = change.source === 'live' ? await currentSlot(this.ctx) : null;
      const label =
        change.source === 'live'
          ? liveTrackLabel(change, {
              presenterName: presenter?.name ?? null,
              showName: slot?.showName ?? null,
            })
          : change;
      const library = await libraryTrackOf(this.ctx.db, change);
      const song =
        library?.song ??
        (await upsertSong(this.ctx.db, {
          title: label.title,
          artist: label.artist,
          album: label.album,
        }));
      // A library file the engine played on its own (its local rotation) is still the library's track.
      const track =
        library?.track ??
        (change.source === 'live' ? null : await songTrackOf(this.ctx.db, song.id, label.album));
      const play = {
        songId: song.id,
        source: change.source,
        playedBy: presenter?.id ?? null,
        streamerName: change.streamerName,
        playedAt: change.startedAt,
        listeners: this.state.listeners.total,
        playlistName: change.source === 'live' ? null : await playlistNameOf(this.ctx.db, change.playlistId),
        showTitle: change.source === 'live' ? await this.liveShowTitle(slot?.showName ?? null) : null,
        mediaTrackId: track?.id ?? null,
      };
      const fence = this.fence;
      const recorded = await this.ctx.db.transaction(async (tx) => {
        if (fence && !(await fence.holdsIn(tx))) return false;
        await recordPlay(tx, play);
        return true;
      });
      if (!recorded) {
        this.ctx.log.warn(
          { title: change.title },
          'now playing: a report from an engine whose lease has ended was dropped',
        );
        return;
      }
      const previous = this.state.nowPlaying;
      if (previous)
        this.state.history = [
          { song: previous.song, playedAt: previous.playedAt },
          ...this.state.history,
        ].slice(0, HISTORY_SIZE);
      this.state.nowPlaying = {
        song: this.ref(song, change.art, track),
        playedAt: change.startedAt.toISOString(),
        source: change.source,
      };
      await this.publish();
      if (!track?.artUrl && !song.spotifyArtUrl && !song.artCheckedAt && this.spotify)
        void this.lookUpArt(song);
    });
  }

  /**
   * On an instance that does not run the engine (`following()`), now playing, live state, history and
   * listeners follow the engine's instance over the realtime bus. Returns the function that stops it.
   */
  followBus(following: () => boolean): () => void {
    return this.ctx.realtime.onEvent((e) => {
      if (!following()) return;
      if (e.type === EVENT_TYPES.nowPlayingChanged) {
        const { nowPlaying, live, history, listeners } = e.data as NowPlaying;
        void this.enqueue(async () => {
          Object.assign(this.state, { nowPlaying, live, history, listeners });
          this.render();
        });
      } else if (e.type === EVENT_TYPES.listenersChanged) {
        const { total } = e.data as { total: number };
        void this.enqueue(async () => {
          this.state.listeners = { total };
          this.render();
        });
      }
    });
  }

  /** The live show a live track goes out in: the open live session's, else the slot on now, else "Live show". */
  private async liveShowTitle(slotShow: string | null): Promise<string> {
    const open = await openSession(this.ctx.db);
    return open?.showTitle ?? slotShow ?? LIVE_SHOW_TITLE;
  }

  /** Live sessions are the built-in engine's: its harbor is the one place DJs connect, in one app. */
  private get keepsLiveSessions() {
    return this.backend.kind === 'builtin';
  }

  /** A DJ connected (a new session) or left, or the engine stopped (the open session ends). */
  private async recordLiveSession(live: LiveState) {
    if (!this.keepsLiveSessions) return;
    try {
      if (live.isLive && live.streamerName) {
        await openLiveSession(this.ctx, {
          streamerUsername: live.streamerName,
          format: live.format ?? null,
          bitrate: live.bitrate ?? null,
        });
      } else if (!live.isLive) {
        await closeOpenSessions(this.ctx.db);
      }
    } catch (err) {
      this.ctx.log.error({ err }, 'station: could not record the live session');
    }
  }

  liveChanged(live: LiveState) {
    return this.enqueue(async () => {
      await this.recordLiveSession(live);
      const presenter = live.isLive ? await findPresenter(this.ctx.db, live.streamerName) : null;
      const slot = live.isLive ? await currentSlot(this.ctx) : null;
      const wentLive = live.isLive && !this.state.live.isLive;
      // Off air (or first seen off after a start): the next live session gets its announcement.
      const offAir = !live.isLive && (this.state.live.isLive || !this.liveSeen);
      this.liveSeen = true;
      this.state.live = {
        isLive: live.isLive,
        streamerName: live.isLive ? (presenter?.name ?? live.streamerName) : null,
        presenter,
        show: slot ? { showName: slot.showName, description: slot.description } : null,
      };
      await this.publish();
      if (wentLive) await this.announceLive();
      if (offAir)
        await this.ctx.events
          .emit('live.ended', {})
          .catch((err) => this.ctx.log.warn({ err }, 'now playing: could not end the live announcement'));
    });
  }

  /** A presenter went live: the modules that care (the Discord announcement) are told. */
  private async announceLive() {
    const live = this.state.live;
    try {
      await this.ctx.events.emit('live.started', {
        presenterName: live.streamerName ?? 'A presenter',
        showName: live.show?.showName ?? null,
        description: live.show?.description ?? null,
      });
    } catch (err) {
      this.ctx.log.error({ err }, 'now playing: the live announcement could not be queued');
    }
  }

  /** The backend's listeners (every Icecast mount, or its own total). */
  listenersChanged(total: number) {
    this.streamListeners = total;
    return this.listenersNow();
  }

  /** The HLS listeners the app counts itself (see HlsAudience); added to the backend's. */
  hlsListenersChanged(total: number) {
    this.hlsListeners = total;
    return this.listenersNow();
  }

  private streamListeners = 0;
  private hlsListeners = 0;

  private listenersNow() {
    return this.enqueue(async () => {
      const total = this.streamListeners + this.hlsListeners;
      if (this.state.listeners.total === total) return;
      this.state.listeners = { total };
      this.render();
      await this.ctx.realtime.publish(topics.public, EVENT_TYPES.listenersChanged, { total });
    });
  }

  historyReported(items: HistoryItem[]) {
    return this.enqueue(async () => {
      this.state.history = items.slice(0, HISTORY_SIZE).map((i) => ({
        song: { id: null, title: i.title, artist: i.artist, album: i.album, art: artOrDefault(i.art) },
        playedAt: i.playedAt.toISOString(),
      }));
      await this.publish();
    });
  }

  /** The song as pages show it: the library track's album and art first, then the song's, then the engine's art. */
  private ref(song: SongRow, engineArt?: string | null, track?: TrackLook | null): SongRef {
    return {
      id: song.id,
      title: song.title,
      artist: song.artist,
      album: track?.album ?? song.album,
      art: artOrDefault(track?.artUrl ?? song.spotifyArtUrl ?? engineArt),
    };
  }

  private async lookUpArt(song: SongRow) {
    let art: string | null = null;
    try {
      art = await this.spotify!.findAlbumArt(song.title, song.artist);
      if (art && artOrDefault(art) !== art) art = null;
    } catch (err) {
      this.ctx.log.warn({ err, song: song.id }, 'album art lookup failed; using the station image');
    }
    await this.ctx.db
      .update(songs)
      .set({ spotifyArtUrl: art, artCheckedAt: new Date() })
      .where(eq(songs.id, song.id));
    if (!art) return;
    await this.enqueue(async () => {
      const np = this.state.nowPlaying;
      if (np?.song.id === song.id) np.song = { ...np.song, art };
      for (const h of this.state.history) if (h.song.id === song.id) h.song = { ...h.song, art };
      await this.publish();
    });
  }

  private render() {
    this.state.updatedAt = new Date().toISOString();
    this.state.station.streamUrl = this.streamUrlOverride ?? this.defaultStreamUrl;
    this.state.station.hlsUrl = this.backend.hlsUrl;
    this.state.station.streams = listenStreams({
      backend: this.backend,
      relay: this.relay,
      streamUrlOverride: this.streamUrlOverride,
      defaultStreamUrl: this.defaultStreamUrl,
    });
    this.body = JSON.stringify(this.state);
    this.tag = `"${createHash('sha1').update(this.body).digest('base64url')}"`;
  }

  private async publish() {
    // Another instance may have changed the listen URL: each change re-reads it (one row by key).
    await this.loadStreamUrl();
    this.render();
    await this.ctx.realtime.publish(topics.public, EVENT_TYPES.nowPlayingChanged, this.state);
  }
}

/** The app's now playing: built by station/index.ts, read by the station and the modules above it. */
export const nowPlayingSlot = perApp<NowPlayingService>('now playing');
