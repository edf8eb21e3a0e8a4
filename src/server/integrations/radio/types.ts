/**
 * The one interface every radio backend implements (RADIO_BACKEND=builtin|azuracast|icecast|none).
 * The station module owns the now-playing state; a backend only reports what the engine says, through
 * the sink it is given, and carries out commands.
 */

export type PlaySource = 'live' | 'autodj' | 'request';
export type RadioBackendKind = 'builtin' | 'azuracast' | 'icecast' | 'none';
export type RadioCommand = 'skip' | 'disconnect' | 'restart';

export interface TrackInfo {
  title: string;
  artist: string;
  album: string | null;
  /** Album art URL as the engine knows it (AzuraCast gives one); null when unknown. */
  art: string | null;
}

/** A track change as reported by the engine. */
export interface TrackChange extends TrackInfo {
  source: PlaySource;
  /** When the track started, per the engine. */
  startedAt: Date;
  /**
   * A number that grows with each change, when the engine provides one (the builtin engine's Liquidsoap
   * counter; AzuraCast's played_at). Reports can arrive twice or out of order: the station drops any
   * report not newer than the last one it applied.
   */
  sequence: number;
  /** Live presenter's streaming username (builtin) or display name (azuracast), when live. */
  streamerName: string | null;
  /** The media library track the built-in engine played, when the app chose it (media_tracks.id). */
  mediaTrackId?: string | null;
  /** The AutoDJ playlist the app chose it from (media_playlists.id), when it did. */
  playlistId?: string | null;
}

/**
 * One listener connected to the backend at this moment: the mount and the client's User-Agent ('' when
 * the backend cannot tell). The same shape as the station module's AudienceClient.
 */
export interface BackendAudienceClient {
  mount: string;
  userAgent: string;
}

export interface LiveState {
  isLive: boolean;
  streamerName: string | null;
  /**
   * What the DJ's software said it sends, when it connected (the built-in engine's harbor reports the
   * request headers): a MIME type such as audio/mpeg, and a bitrate in kbps. Null or absent: not said.
   */
  format?: string | null;
  bitrate?: number | null;
}

export interface HistoryItem extends TrackInfo {
  playedAt: Date;
}

/** What a backend reports; the station module implements it. */
export interface BackendSink {
  trackChanged(change: TrackChange): void | Promise<void>;
  liveChanged(state: LiveState): void | Promise<void>;
  listenersChanged(total: number): void | Promise<void>;
  /** Backends that know past tracks (AzuraCast's song_history) report them here. */
  historyReported?(items: HistoryItem[]): void | Promise<void>;
}

export interface StreamerAccount {
  id: string;
  username: string;
  displayName: string;
  comments: string | null;
  isActive: boolean;
  updatedAt: string | null;
}

export interface StreamerInput {
  username: string;
  password: string;
  displayName: string;
  comments?: string | null;
  isActive?: boolean;
}

export interface StreamerPatch {
  password?: string;
  displayName?: string;
  comments?: string | null;
  isActive?: boolean;
}

/** The engine's real state, for the admin's Radio Control. */
export interface EngineStatus {
  kind: RadioBackendKind;
  configured: boolean;
  /** Is audio going out right now? */
  onAir: boolean;
  /** Human-readable lines: process states, mount, last error… */
  details: { label: string; value: string }[];
  listeners: number;
  live: LiveState;
}

/** What the engine says about its own processes. */
export interface EngineChange {
  stopped: boolean;
}

export interface RadioBackend {
  readonly kind: RadioBackendKind;
  /** The listen URL for browsers (MP3/AAC over HTTP), or null when there is none. */
  readonly streamUrl: string | null;
  /** An HLS playlist URL when the backend offers one (iOS), else null. */
  readonly hlsUrl: string | null;
  /**
   * The MP3 qualities the app relays at /stream (the first) and /stream/<kbps> (the others), highest
   * first; only the built-in engine has them.
   */
  readonly qualities?: readonly { kbps: number; name: string }[];
  /** Which optional abilities this backend has (icecast and none have neither). */
  readonly supports: { streamers: boolean; commands: boolean };

  /** Start supervising or polling, reporting to the sink. Resolves once running (not necessarily on air). */
  start(sink: BackendSink): Promise<void>;
  /** Stop everything started (processes, timers, connections). */
  stop(): Promise<void>;
  status(): Promise<EngineStatus>;
  /**
   * Who listens now, one entry per connected client of each mount (listener analytics, sampled once a
   * minute). The built-in engine lists Icecast's clients with their User-Agents; a backend that knows
   * only a total gives that many entries without a User-Agent (counted as "other").
   */
  audience(): Promise<BackendAudienceClient[]>;
  /**
   * Calls `listener` when the engine's own processes stop or start (the built-in engine), so a watcher
   * can measure the status at once instead of at its next check. `stopped` is a fact, not a guess: the
   * process that feeds the stream has exited, so the station is off air at that moment even if a
   * measurement taken a few milliseconds later finds the replacement already up (a restart can be that
   * quick). Returns the unsubscribe function.
   */
  onEngineChange?(listener: (change: EngineChange) => void): () => void;

  listStreamers(): Promise<StreamerAccount[]>;
  createStreamer(input: StreamerInput): Promise<StreamerAccount>;
  updateStreamer(id: string, patch: StreamerPatch): Promise<StreamerAccount>;
  deleteStreamer(id: string): Promise<void>;
  command(action: RadioCommand): Promise<void>;
}

/** A backend that knows only how many listen: that many clients of `mount`, without a User-Agent. */
export const countedAudience = (mount: string, listeners: number): BackendAudienceClient[] =>
  Array.from({ length: Math.max(0, Math.floor(listeners)) }, () => ({ mount, userAgent: '' }));

/** Raised by a backend that cannot do what was asked (not configured, not supported, engine error). */
export class RadioBackendError extends Error {
  constructor(
    message: string,
    readonly kind: 'unsupported' | 'unavailable' | 'rejected' = 'unavailable',
  ) {
    super(message);
  }
}
