import type { FastifyBaseLogger } from 'fastify';
import {
  type BackendSink,
  countedAudience,
  type EngineStatus,
  type RadioBackend,
  RadioBackendError,
  type RadioCommand,
  type StreamerAccount,
  type StreamerInput,
  type StreamerPatch,
} from '../types';
import { AzuraCastApi, formatDuration } from './azuracast-api';
import {
  type AzuraStreamer,
  type NowPlaying,
  StatusSchema,
  StreamerListSchema,
  StreamerSchema,
} from './azuracast-schemas';
import { NowPlayingFeed } from './now-playing-feed';
import { liveState, NowPlayingReporter } from './now-playing-reporter';

export interface AzuraCastBackendOptions {
  baseUrl: string;
  apiKey?: string;
  /** Station id or short name (AZURACAST_STATION). */
  station: string | number;
  /** Follow AzuraCast's SSE feed (AZURACAST_SSE); otherwise poll. */
  useSse: boolean;
  log: FastifyBaseLogger;
  pollMs?: number;
  /** STREAM_PUBLIC_URL / STREAM_HLS_URL: override the URLs AzuraCast reports. */
  streamUrl?: string | null;
  hlsUrl?: string | null;
  /** Per-request time limit (default 10 s). */
  timeoutMs?: number;
  /** SSE back-off and idle limits (see NowPlayingFeedOptions); for tests. */
  sseRetryMs?: number;
  sseMaxRetryMs?: number;
  sseIdleMs?: number;
}

const toAccount = (s: AzuraStreamer): StreamerAccount => ({
  id: s.id,
  username: s.streamer_username,
  displayName: s.display_name || s.streamer_username,
  comments: s.comments || null,
  isActive: s.is_active,
  // AzuraCast keeps no modification time for streamer accounts.
  updatedAt: null,
});

/** An existing AzuraCast station: now playing (SSE or polling), streamer accounts and backend commands. */
export class AzuraCastBackend implements RadioBackend {
  readonly kind = 'azuracast' as const;
  readonly supports = { streamers: true, commands: true };
  private readonly api: AzuraCastApi;
  private readonly station: string;
  private readonly pollMs: number;
  private feed: NowPlayingFeed | null = null;
  private latest: NowPlaying | null = null;
  private probeError: { message: string; at: Date } | null = null;

  constructor(private readonly options: AzuraCastBackendOptions) {
    this.api = new AzuraCastApi({
      baseUrl: options.baseUrl,
      apiKey: options.apiKey,
      timeoutMs: options.timeoutMs,
    });
    this.station = String(options.station);
    this.pollMs = options.pollMs ?? 10_000;
  }

  get streamUrl(): string | null {
    return this.options.streamUrl || this.latest?.station.listen_url || null;
  }

  get hlsUrl(): string | null {
    return this.options.hlsUrl || this.latest?.station.hls_url || null;
  }

  async start(sink: BackendSink): Promise<void> {
    await this.stop();
    const reporter = new NowPlayingReporter(sink, this.options.log);
    this.feed = this.createFeed((np) => {
      this.latest = np;
      return reporter.report(np);
    });
    await this.feed.start();
  }

  async stop(): Promise<void> {
    this.feed?.stop();
  }

  async status(): Promise<EngineStatus> {
    if (!this.latest && this.feed?.mode !== 'sse') {
      // Not started, or nothing received yet: ask once so the admin sees the real state or the error.
      try {
        this.latest = await (this.feed ?? this.createFeed(() => {})).fetchNowPlaying();
      } catch (err) {
        this.probeError = { message: (err as Error).message, at: new Date() };
      }
    }
    const np = this.latest;
    const feed = this.feed;
    const mount = np?.station.mounts.find((m) => m.is_default) ?? np?.station.mounts[0];
    const feedText =
      !feed || feed.mode === 'stopped'
        ? 'Stopped'
        : feed.mode === 'sse'
          ? 'Live updates (SSE)'
          : `Polling every ${formatDuration(this.pollMs)}${this.options.useSse ? ' (live updates unavailable, retrying)' : ''}`;
    const lastError = feed?.lastError ?? this.probeError;
    const details = [
      {
        label: 'Station',
        value: np ? `${np.station.name} (${np.station.shortcode})` : `Station ${this.station}`,
      },
      { label: 'Server', value: this.api.baseUrl },
      {
        label: 'Mount',
        value: mount
          ? `${mount.name}${mount.bitrate ? ` ${mount.bitrate} kbps` : ''}`
          : (this.streamUrl ?? 'Unknown'),
      },
      { label: 'Last update', value: feed?.lastUpdate?.toISOString() ?? 'Never' },
      { label: 'Feed', value: feedText },
      {
        label: 'Last error',
        value: lastError ? `${lastError.message} (${lastError.at.toISOString()})` : 'None',
      },
    ];
    return {
      kind: 'azuracast',
      configured: true,
      onAir: np?.is_online ?? false,
      details,
      listeners: np?.listeners.total ?? 0,
      live: np ? liveState(np) : { isLive: false, streamerName: null },
    };
  }

  /** AzuraCast's now playing tells only the total: that many clients of the station, kind unknown. */
  async audience() {
    const { listeners } = await this.status();
    return countedAudience('azuracast', listeners);
  }

  async listStreamers(): Promise<StreamerAccount[]> {
    const list = await this.api.request('GET', `${this.stationPath()}/streamers`, StreamerListSchema);
    return list.map(toAccount);
  }

  async createStreamer(input: StreamerInput): Promise<StreamerAccount> {
    const created = await this.api.request('POST', `${this.stationPath()}/streamers`, StreamerSchema, {
      streamer_username: input.username,
      streamer_password: input.password,
      display_name: input.displayName,
      comments: input.comments ?? '',
      is_active: input.isActive ?? true,
    });
    return toAccount(created);
  }

  async updateStreamer(id: string, patch: StreamerPatch): Promise<StreamerAccount> {
    const body: Record<string, unknown> = {};
    if (patch.password !== undefined) body.streamer_password = patch.password;
    if (patch.displayName !== undefined) body.display_name = patch.displayName;
    if (patch.comments !== undefined) body.comments = patch.comments ?? '';
    if (patch.isActive !== undefined) body.is_active = patch.isActive;
    const path = this.streamerPath(id);
    if (Object.keys(body).length > 0) await this.expectSuccess('PUT', path, body);
    return toAccount(await this.api.request('GET', path, StreamerSchema));
  }

  async deleteStreamer(id: string): Promise<void> {
    await this.expectSuccess('DELETE', this.streamerPath(id));
  }

  async command(action: RadioCommand): Promise<void> {
    if (!['skip', 'disconnect', 'restart'].includes(action)) {
      throw new RadioBackendError(`Unknown radio command: ${action}`, 'unsupported');
    }
    await this.expectSuccess('POST', `${this.stationPath()}/backend/${action}`);
  }

  private createFeed(onData: (np: NowPlaying) => void | Promise<void>): NowPlayingFeed {
    const { useSse, log, sseRetryMs, sseMaxRetryMs, sseIdleMs } = this.options;
    return new NowPlayingFeed({
      api: this.api,
      station: this.station,
      useSse,
      pollMs: this.pollMs,
      log,
      onData,
      sseRetryMs,
      sseMaxRetryMs,
      sseIdleMs,
    });
  }

  private async expectSuccess(
    method: 'POST' | 'PUT' | 'DELETE',
    path: string,
    body?: unknown,
  ): Promise<void> {
    const status = await this.api.request(method, path, StatusSchema, body);
    if (!status.success) {
      const reason = status.message || status.formatted_message || 'no details';
      throw new RadioBackendError(`AzuraCast could not complete ${method} ${path}: ${reason}`, 'rejected');
    }
  }

  private stationPath(): string {
    return `/api/station/${encodeURIComponent(this.station)}`;
  }

  private streamerPath(id: string): string {
    if (!/^\d+$/.test(id)) throw new RadioBackendError(`Invalid AzuraCast streamer id: ${id}`, 'rejected');
    return `${this.stationPath()}/streamer/${id}`;
  }
}
