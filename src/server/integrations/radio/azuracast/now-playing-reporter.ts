import type { FastifyBaseLogger } from 'fastify';
import type { BackendSink, HistoryItem, LiveState, TrackChange, TrackInfo } from '../types';
import type { NowPlaying, SongHistory } from './azuracast-schemas';

/** Title and artist of an AzuraCast song; falls back to splitting `text` ("Artist - Title"). */
function trackInfo(entry: SongHistory): TrackInfo | null {
  const { song } = entry;
  let { title, artist } = song;
  if (!title && !artist && song.text) {
    const dash = song.text.indexOf(' - ');
    [artist, title] = dash < 0 ? ['', song.text] : [song.text.slice(0, dash), song.text.slice(dash + 3)];
  }
  if (!title && !artist) return null;
  return { title, artist, album: song.album || null, art: song.art };
}

export function liveState(np: NowPlaying): LiveState {
  if (!np.live.is_live) return { isLive: false, streamerName: null };
  return { isLive: true, streamerName: np.live.streamer_name || np.now_playing?.streamer || null };
}

/** The current track as a TrackChange, or null when AzuraCast has no real play (offline, no song). */
export function toTrackChange(np: NowPlaying): TrackChange | null {
  const entry = np.now_playing;
  if (!entry || entry.played_at <= 0) return null;
  const info = trackInfo(entry);
  if (!info) return null;
  const live = liveState(np);
  return {
    ...info,
    source: live.isLive ? 'live' : entry.is_request ? 'request' : 'autodj',
    startedAt: new Date(entry.played_at * 1000),
    sequence: entry.played_at,
    streamerName: live.streamerName,
  };
}

export function toHistory(np: NowPlaying): HistoryItem[] {
  const items: HistoryItem[] = [];
  for (const entry of np.song_history) {
    const info = trackInfo(entry);
    if (info && entry.played_at > 0) items.push({ ...info, playedAt: new Date(entry.played_at * 1000) });
  }
  return items;
}

/**
 * Turns successive now-playing answers into sink reports, sending only what changed since the last
 * report (live state, track, listener count, history), one answer at a time and in arrival order.
 */
export class NowPlayingReporter {
  private last: { live?: string; track?: string; listeners?: number; history?: string } = {};
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly sink: BackendSink,
    private readonly log: FastifyBaseLogger,
  ) {}

  report(np: NowPlaying): Promise<void> {
    this.queue = this.queue.then(() => this.apply(np));
    return this.queue;
  }

  private async apply(np: NowPlaying): Promise<void> {
    const live = liveState(np);
    const liveKey = JSON.stringify(live);
    if (liveKey !== this.last.live) {
      this.last.live = liveKey;
      await this.call('liveChanged', () => this.sink.liveChanged(live));
    }
    const track = toTrackChange(np);
    const trackKey = track && JSON.stringify(track);
    if (track && trackKey !== this.last.track) {
      this.last.track = trackKey ?? undefined;
      await this.call('trackChanged', () => this.sink.trackChanged(track));
    }
    if (np.listeners.total !== this.last.listeners) {
      this.last.listeners = np.listeners.total;
      await this.call('listenersChanged', () => this.sink.listenersChanged(np.listeners.total));
    }
    const history = toHistory(np);
    const historyKey = JSON.stringify(history);
    if (this.sink.historyReported && history.length > 0 && historyKey !== this.last.history) {
      this.last.history = historyKey;
      await this.call('historyReported', () => this.sink.historyReported?.(history));
    }
  }

  private async call(name: string, fn: () => void | Promise<void>): Promise<void> {
    try {
      await fn();
    } catch (err) {
      this.log.error({ err }, `radio sink ${name} failed`);
    }
  }
}
