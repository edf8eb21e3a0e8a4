import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../../config';
import type { Db } from '../../../db/client';
import { mediaCacheDirOf } from '../../../infra/storage/hashed-cache';
import {
  type BackendSink,
  type EngineChange,
  type EngineStatus,
  type RadioBackend,
  RadioBackendError,
  type RadioCommand,
  type StreamerAccount,
  type StreamerInput,
  type StreamerPatch,
} from '../types';
import { EngineEventReceiver } from './engine-events';
import { engineDetails, sendLiquidsoapCommand } from './engine-status';
import {
  fedByCurrentProcess,
  fetchIcecastAudience,
  fetchMountStatus,
  type MountStatus,
  UNREACHABLE_MOUNT,
} from './icecast-mounts';
import { sameSecret } from './passwords';
import {
  connectHost,
  DEFAULT_MAX_LISTENERS,
  HLS,
  qualityMount,
  STREAM_QUALITIES,
  type StreamKbps,
} from './station-configs';
import { StationEngine } from './station-engine';
import { StreamerAccounts } from './streamer-accounts';
import { isBuiltinEngineInstalled } from './supervisor';

export { isBuiltinEngineInstalled } from './supervisor';

export type BuiltinEngineConfig = Pick<
  Config,
  | 'MUSIC_DIR'
  | 'STATION_BIND_ADDRESS'
  | 'ICECAST_PORT'
  | 'HARBOR_PORT'
  | 'STATION_MOUNT'
  | 'STATION_USER'
  | 'STREAM_PUBLIC_URL'
  | 'STREAM_HLS_URL'
> & { dataDir: string } & Partial<
    Pick<Config, 'SITE_TITLE' | 'SITE_DESCRIPTION' | 'STATION_RUNTIME_BASE' | 'S3_BUCKET'>
  >;

export interface BuiltinBackendOptions {
  config: BuiltinEngineConfig;
  db: Db;
  log: FastifyBaseLogger;
  /** Where Liquidsoap reaches the app's engine routes, e.g. http://127.0.0.1:3000. */
  appUrl: string;
  /** Shared secret of Liquidsoap's callbacks and control requests; random when absent. */
  engineToken?: string;
  /** How often Icecast's listener count is read (default 5 s). */
  listenerPollMs?: number;
  templatesDir?: string;
  /** The media library's upload folder, played by the engine's local rotation (default <dataDir>/media). */
  mediaDir?: string;
  /** How long Liquidsoap waits for the app's next track before its local rotation plays (default 2000 ms). */
  nextTimeoutMs?: number;
  /** "Most listeners at once" until setMaxListeners says otherwise (default 1,000). */
  maxListeners?: number;
}

/**
 * The built-in station engine: Icecast + Liquidsoap, configured from station/ templates and supervised
 * by the app. Liquidsoap reports tracks and DJs through the app's engine routes (handleEngineEvent,
 * authenticate); the listener count is read from Icecast every few seconds.
 */
export class BuiltinBackend implements RadioBackend {
  readonly kind = 'builtin' as const;
  readonly supports = { streamers: true, commands: true };
  engineToken: string;
  /** Icecast's own address for the mount; the app relays it to browsers at /stream. */
  readonly internalStreamUrl: string;
  readonly streamUrl: string;
  readonly hlsUrl: string | null;
  /**
   * The MP3 qualities, highest first: each its own Icecast mount, relayed by the app at /stream (the
   * highest) and /stream/<kbps>.
   */
  readonly qualities: { kbps: StreamKbps; name: string; mount: string; internalUrl: string }[];

  private readonly cfg: BuiltinEngineConfig;
  private readonly log: FastifyBaseLogger;
  private readonly accounts: StreamerAccounts;
  private readonly events: EngineEventReceiver;
  private readonly icecastBase: string;
  private readonly harborBase: string;
  /** Where a DJ source connects (the web booth's encoder, on this machine). */
  readonly harborSource: { host: string; port: number; mount: string };
  private readonly engine: StationEngine;
  private sink: BackendSink | null = null;
  private poll: NodeJS.Timeout | null = null;
  private mount: MountStatus = UNREACHABLE_MOUNT;
  private reportedListeners = -1;
  private readonly engineListeners = new Set<(change: EngineChange) => void>();
  private readonly recordingListeners = new Set<(files: string[]) => void>();
  private recordingAllowed = true;
  private liveLevelling = true;

  constructor(private readonly opts: BuiltinBackendOptions) {
    const c = opts.config;
    this.cfg = c;
    this.log = opts.log;
    this.engineToken = opts.engineToken ?? randomBytes(24).toString('base64url');
    const host = connectHost(c.STATION_BIND_ADDRESS);
    const hostInUrl = host.includes(':') ? `[${host}]` : host;
    this.icecastBase = `http://${hostInUrl}:${c.ICECAST_PORT}`;
    this.harborBase = `http://${hostInUrl}:${c.HARBOR_PORT}`;
    this.harborSource = { host, port: c.HARBOR_PORT, mount: 'live' };
    this.internalStreamUrl = `${this.icecastBase}${c.STATION_MOUNT}`;
    this.streamUrl = c.STREAM_PUBLIC_URL ?? this.internalStreamUrl;
    // The app serves the engine's HLS output itself (GET /hls/live.m3u8) unless another address is set.
    this.hlsUrl = c.STREAM_HLS_URL ?? `/hls/${HLS.master}`;
    this.qualities = STREAM_QUALITIES.map(({ kbps, name }) => {
      const mount = qualityMount(c.STATION_MOUNT, kbps);
      return { kbps, name, mount, internalUrl: `${this.icecastBase}${mount}` };
    });
    this.accounts = new StreamerAccounts(opts.db, opts.log);
    this.events = new EngineEventReceiver(
      () => this.sink,
      opts.log,
      (file) => this.recordingsClosed([file]),
    );
    this.engine = new StationEngine({
      runtimeDir: path.join(c.dataDir, 'station'),
      musicDir: path.resolve(c.MUSIC_DIR),
      mediaDir: path.resolve(opts.mediaDir ?? path.join(c.dataDir, 'media')),
      mediaCacheDir: c.S3_BUCKET ? mediaCacheDirOf(c.dataDir) : undefined,
      nextTimeoutMs: opts.nextTimeoutMs,
      bindAddress: c.STATION_BIND_ADDRESS,
      icecastPort: c.ICECAST_PORT,
      harborPort: c.HARBOR_PORT,
      mount: c.STATION_MOUNT,
      appUrl: opts.appUrl,
      engineToken: this.engineToken,
      stationName: c.SITE_TITLE ?? 'OnAir Radio',
      stationDescription: c.SITE_DESCRIPTION ?? '',
      maxListeners: opts.maxListeners ?? DEFAULT_MAX_LISTENERS,
      kickBlockSeconds: 30,
      stationUser: c.STATION_USER,
      runtimeBase: c.STATION_RUNTIME_BASE,
      templatesDir: opts.templatesDir,
      log: opts.log,
      onLiquidsoapExit: () => {
        void this.events.engineLost();
        this.engineChanged({ stopped: true });
      },
      recordingOn: () => this.recordingAllowed,
      liveLevelling: () => this.liveLevelling,
      onRecordingsLeft: (files) => this.recordingsClosed(files),
    });
  }

  /** The folder the engine writes its HLS playlists and segments into (served by the app at /hls/). */
  get hlsDir(): string {
    return this.engine.hlsDir;
  }

  /**
   * "Most listeners at once" (site setting): icecast.xml is rewritten and a running Icecast re-reads it
   * (SIGHUP); listeners already connected stay connected.
   */
  setMaxListeners(max: number): void {
    if (this.engine.setMaxListeners(max))
      this.log.info({ max }, 'station: Icecast reloaded with a new listener limit');
  }

  /** How many times the engine's processes were restarted after dying (for /metrics). */
  get engineRestarts(): number {
    return (this.engine.icecast?.restarts ?? 0) + (this.engine.liquidsoap?.restarts ?? 0);
  }

  onEngineChange(listener: (change: EngineChange) => void): () => void {
    this.engineListeners.add(listener);
    return () => this.engineListeners.delete(listener);
  }

  private engineChanged(change: EngineChange) {
    for (const listener of this.engineListeners) listener(change);
  }

  /** Is a DJ on air, as the engine last reported? */
  get liveNow(): boolean {
    return this.events.live.isLive;
  }

  /** Where Liquidsoap records live shows (the runtime folder's recordings/). */
  get recordingsDir(): string {
    return this.engine.recordingsDir;
  }

  /**
   * Calls `listener` with recordings that are closed and waiting in recordingsDir: one Liquidsoap
   * reported, or all it left behind when it started or exited. Returns the unsubscribe function.
   */
  onRecordingsClosed(listener: (files: string[]) => void): () => void {
    this.recordingListeners.add(listener);
    return () => this.recordingListeners.delete(listener);
  }

  private recordingsClosed(files: string[]) {
    for (const listener of this.recordingListeners) listener(files);
  }

  /**
   * Allows or stops the recording of live shows (stopping closes the file being written). Kept for the
   * next start of Liquidsoap too. Resolves false when Liquidsoap could not be told (not running).
   */
  async setRecording(on: boolean): Promise<boolean> {
    this.recordingAllowed = on;
    return this.tellLiquidsoap('recording', on, 'record');
  }

  /**
   * Turns one of Liquidsoap's switches on or off (POST /control/<name> on its harbor). Resolves false
   * when Liquidsoap could not be told (not running, or no answer), logging why as `could not tell
   * Liquidsoap whether to <what>`.
   */
  private async tellLiquidsoap(name: string, on: boolean, what: string): Promise<boolean> {
    if (!this.engine.liquidsoap?.running) return false;
    try {
      const res = await fetch(`${this.harborBase}/control/${name}`, {
        method: 'POST',
        headers: { 'x-engine-token': this.engineToken, 'content-type': 'application/json' },
        body: JSON.stringify({ on }),
        signal: AbortSignal.timeout(5000),
      });
      await res.text();
      return res.ok;
    } catch (err) {
      this.log.warn({ err }, `station: could not tell Liquidsoap whether to ${what}`);
      return false;
    }
  }

  /** The engine lease's token for the term about to start (docs/operations/several-instances.md#fencing). */
  adoptEngineToken(token: string): void {
    this.engineToken = token;
    this.engine.setEngineToken(token);
  }

  /**
   * Levels the DJ's input like AutoDJ, or airs it as sent (docs/operations/engine.md, live levelling).
   * Kept for the next start of Liquidsoap too. Resolves false when Liquidsoap could not be told.
   */
  async setLiveLevelling(on: boolean): Promise<boolean> {
    this.liveLevelling = on;
    return this.tellLiquidsoap('live-levelling', on, 'level the live input');
  }

  /** Is this the engine token (constant-time)? The engine routes check it before anything else. */
  verifyEngineToken(token: unknown): boolean {
    return sameSecret(token, this.engineToken);
  }

  /** Liquidsoap's harbor asks whether a DJ may go on air. */
  authenticate(login: { user: string; password: string; address?: string }): Promise<boolean> {
    return this.accounts.authenticate(login);
  }

  /**
   * A report from Liquidsoap (validated with EngineEvent; a malformed body throws a 400 error).
   * Returns false for a duplicate or late report, which is dropped.
   */
  handleEngineEvent(body: unknown): Promise<boolean> {
    return this.events.receive(body);
  }

  async start(sink: BackendSink): Promise<void> {
    this.sink = sink;
    if (this.engine.running) return;
    await this.engine.start();
    this.poll = setInterval(() => void this.pollListeners(), this.opts.listenerPollMs ?? 5000);
    this.poll.unref();
    void this.pollListeners();
    this.log.info({ stream: this.internalStreamUrl, harbor: this.harborBase }, 'station engine running');
  }

  async stop(): Promise<void> {
    if (this.poll) clearInterval(this.poll);
    this.poll = null;
    await this.engine.stop();
  }

  async status(): Promise<EngineStatus> {
    const { engine } = this;
    this.mount = engine.icecast?.running
      ? await fetchMountStatus(this.icecastBase, this.cfg.STATION_MOUNT)
      : UNREACHABLE_MOUNT;
    const details = engineDetails({
      engine,
      mount: this.mount,
      streamUrl: this.internalStreamUrl,
      qualities: this.qualities,
      hlsUrl: this.hlsUrl,
      hlsDir: this.hlsDir,
      harborBase: this.harborBase,
      musicDir: this.cfg.MUSIC_DIR,
    });
    return {
      kind: 'builtin',
      configured: isBuiltinEngineInstalled(),
      onAir: fedByCurrentProcess(this.mount, engine.liquidsoap?.running ? engine.liquidsoap.startedAt : null),
      details,
      listeners: this.mount.listeners,
      live: { isLive: this.events.live.isLive, streamerName: this.events.live.streamerName },
    };
  }

  /**
   * Everyone listening, on every mount, with their User-Agents: Icecast's admin API lists each mount's
   * clients (listeners through the app's /stream relay carry their own User-Agent, forwarded).
   */
  async audience() {
    const { engine } = this;
    if (!engine.icecast?.running) return [];
    const admin = engine.adminPassword ? { user: 'admin', password: engine.adminPassword } : null;
    return fetchIcecastAudience(this.icecastBase, admin);
  }

  /** The last lines each engine process printed (diagnostics). */
  recentEngineOutput(): string {
    return this.engine.recentOutput();
  }

  listStreamers(): Promise<StreamerAccount[]> {
    return this.accounts.list();
  }

  createStreamer(input: StreamerInput): Promise<StreamerAccount> {
    return this.accounts.create(input);
  }

  /** Disabling the DJ who is on air also takes them off air. */
  async updateStreamer(id: string, patch: StreamerPatch): Promise<StreamerAccount> {
    const { account } = await this.accounts.update(id, patch);
    if (patch.isActive === false) await this.kickIfLive(account.username);
    return account;
  }

  /** Deleting the DJ who is on air also takes them off air. Deleting a missing account is a no-op. */
  async deleteStreamer(id: string): Promise<void> {
    const gone = await this.accounts.delete(id);
    if (gone) await this.kickIfLive(gone.username);
  }

  async command(action: RadioCommand): Promise<void> {
    if (!this.engine.liquidsoap?.running) throw new RadioBackendError('The station engine is not running.');
    if (action === 'restart') {
      this.log.info('station: restarting Liquidsoap');
      await this.engine.restartLiquidsoap();
      // The script starts with the flag it was written with: say again what holds now.
      await this.setRecording(this.recordingAllowed);
      await this.setLiveLevelling(this.liveLevelling);
      this.engineChanged({ stopped: false });
      return;
    }
    await sendLiquidsoapCommand(this.harborBase, this.engineToken, action);
  }

  private async kickIfLive(username: string) {
    if (!this.events.live.isLive || this.events.live.streamerName !== username) return;
    await this.command('disconnect').catch((err) =>
      this.log.warn({ err }, 'station: could not disconnect the DJ'),
    );
  }

  private async pollListeners() {
    // Every quality's mount counts: a listener of the 64 kbps stream is a listener.
    const [top, ...others] = await Promise.all(
      this.qualities.map((q) => fetchMountStatus(this.icecastBase, q.mount)),
    );
    this.mount = top!;
    const listeners = this.mount.listeners + others.reduce((n, m) => n + m.listeners, 0);
    if (!this.mount.reachable || listeners === this.reportedListeners) return;
    this.reportedListeners = listeners;
    try {
      await this.sink?.listenersChanged(listeners);
    } catch (err) {
      this.log.warn({ err }, 'station: reporting the listener count failed');
    }
  }
}
