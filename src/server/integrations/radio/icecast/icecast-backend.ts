import type { FastifyBaseLogger } from 'fastify';
import {
  type IcecastSource,
  type IcecastStatus,
  IcecastStatusSchema,
  parseStatusJson,
  pickSource,
  splitTitle,
} from '../icecast-status';
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

export interface IcecastBackendOptions {
  /** The Icecast server (ICECAST_URL); status is read from `{baseUrl}/status-json.xsl`. */
  baseUrl: string;
  /** Mount to follow (ICECAST_STATUS_MOUNT), e.g. `/radio.mp3`; default: the first source. */
  mount?: string | null;
  /** Public listen URL (STREAM_PUBLIC_URL); default: the source's listenurl. */
  streamUrl?: string | null;
  hlsUrl?: string | null;
  log: FastifyBaseLogger;
  pollMs?: number;
  /** Per-request time limit (default 10 s). */
  timeoutMs?: number;
}

const unsupported = (what: string) =>
  new RadioBackendError(`${what} is not supported by a plain Icecast server`, 'unsupported');

/** Read-only: any Icecast 2.4 host's status-json.xsl, polled for the title and the listener count. */
export class IcecastBackend implements RadioBackend {
  readonly kind = 'icecast' as const;
  readonly supports = { streamers: false, commands: false };
  private readonly baseUrl: string;
  private readonly pollMs: number;
  private readonly timeoutMs: number;
  private timer: NodeJS.Timeout | null = null;
  private running = false;
  private sink: BackendSink | null = null;
  private latest: { status: IcecastStatus; source: IcecastSource | null } | null = null;
  private lastUpdate: Date | null = null;
  private lastError: { message: string; at: Date } | null = null;
  private lastTitleKey: string | null = null;
  private lastListeners: number | null = null;
  private sequence = 0;
  /** Bumped by stop(): a poll still in flight from an earlier start() schedules nothing. */
  private generation = 0;

  constructor(private readonly options: IcecastBackendOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.pollMs = options.pollMs ?? 10_000;
    this.timeoutMs = options.timeoutMs ?? 10_000;
  }

  get streamUrl(): string | null {
    return this.options.streamUrl || this.latest?.source?.listenurl || null;
  }

  get hlsUrl(): string | null {
    return this.options.hlsUrl || null;
  }

  async start(sink: BackendSink): Promise<void> {
    await this.stop();
    this.sink = sink;
    this.running = true;
    await this.report('liveChanged', () => sink.liveChanged({ isLive: false, streamerName: null }));
    await this.poll();
    this.schedule();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.generation += 1;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  async status(): Promise<EngineStatus> {
    if (!this.latest) await this.refresh().catch(() => {});
    const source = this.latest?.source ?? null;
    const mount = source?.listenurl ? new URL(source.listenurl, this.baseUrl).pathname : null;
    const details = [
      {
        label: 'Server',
        value: `${this.baseUrl}${this.latest ? ` (${this.latest.status.icestats.server_id})` : ''}`,
      },
      {
        label: 'Mount',
        value:
          mount ?? (this.options.mount ? `${this.options.mount} (not connected)` : 'No source connected'),
      },
      ...(source?.server_name ? [{ label: 'Stream', value: source.server_name }] : []),
      ...(source?.bitrate ? [{ label: 'Bitrate', value: `${source.bitrate} kbps` }] : []),
      { label: 'Last update', value: this.lastUpdate?.toISOString() ?? 'Never' },
      {
        label: 'Feed',
        value: this.running ? `Polling every ${Math.round(this.pollMs / 1000)} s` : 'Stopped',
      },
      {
        label: 'Last error',
        value: this.lastError ? `${this.lastError.message} (${this.lastError.at.toISOString()})` : 'None',
      },
    ];
    return {
      kind: 'icecast',
      configured: true,
      onAir: source !== null,
      details,
      listeners: source?.listeners ?? 0,
      live: { isLive: false, streamerName: null },
    };
  }

  /** A plain Icecast's status tells only the followed mount's total: that many clients, kind unknown. */
  async audience() {
    if (!this.latest) await this.refresh().catch(() => {});
    const source = this.latest?.source ?? null;
    if (!source) return [];
    let mount = 'stream';
    try {
      if (source.listenurl) mount = new URL(source.listenurl, this.baseUrl).pathname;
    } catch {
      // A listen URL that is not one: the total still counts.
    }
    return countedAudience(mount, source.listeners ?? 0);
  }

  async listStreamers(): Promise<StreamerAccount[]> {
    throw unsupported('Managing streamer accounts');
  }

  async createStreamer(_input: StreamerInput): Promise<StreamerAccount> {
    throw unsupported('Managing streamer accounts');
  }

  async updateStreamer(_id: string, _patch: StreamerPatch): Promise<StreamerAccount> {
    throw unsupported('Managing streamer accounts');
  }

  async deleteStreamer(_id: string): Promise<void> {
    throw unsupported('Managing streamer accounts');
  }

  async command(_action: RadioCommand): Promise<void> {
    throw unsupported('Controlling playback');
  }

  private schedule(): void {
    if (!this.running) return;
    const generation = this.generation;
    this.timer = setTimeout(async () => {
      this.timer = null;
      await this.poll();
      if (generation === this.generation) this.schedule();
    }, this.pollMs);
    this.timer.unref();
  }

  private async poll(): Promise<void> {
    try {
      await this.refresh();
    } catch (err) {
      const message = (err as Error).message;
      if (this.lastError?.message !== message) this.options.log.warn(`Icecast status: ${message}`);
      this.lastError = { message, at: new Date() };
      return;
    }
    const sink = this.sink;
    const source = this.latest?.source ?? null;
    if (!sink || !this.running) return;
    if (source?.title.trim()) {
      const { artist, title } = splitTitle(source);
      const key = `${artist}\u0000${title}`;
      if (key !== this.lastTitleKey) {
        this.lastTitleKey = key;
        const change = { title, artist, album: null, art: null, streamerName: null };
        this.sequence += 1;
        const sequence = this.sequence;
        await this.report('trackChanged', () =>
          sink.trackChanged({ ...change, source: 'autodj', startedAt: new Date(), sequence }),
        );
      }
    }
    const listeners = source?.listeners ?? 0;
    if (listeners !== this.lastListeners) {
      this.lastListeners = listeners;
      await this.report('listenersChanged', () => sink.listenersChanged(listeners));
    }
  }

  /** Reads status-json.xsl into `latest` (throws RadioBackendError). */
  private async refresh(): Promise<void> {
    const url = `${this.baseUrl}/status-json.xsl`;
    let res: Response;
    let raw: string;
    try {
      res = await fetch(url, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      raw = await res.text();
    } catch (err) {
      const e = err as { name?: string; message?: string; cause?: { code?: string } };
      if (e?.name === 'TimeoutError') {
        throw new RadioBackendError(
          `Icecast at ${this.baseUrl} did not answer within ${this.timeoutMs / 1000} s`,
        );
      }
      throw new RadioBackendError(
        `Icecast at ${this.baseUrl} could not be reached (${e?.cause?.code ?? e?.message})`,
      );
    }
    if (!res.ok) throw new RadioBackendError(`Icecast answered HTTP ${res.status} for ${url}`);
    let json: unknown;
    try {
      json = parseStatusJson(raw);
    } catch {
      throw new RadioBackendError(`Icecast sent invalid JSON from ${url} (is it Icecast 2.4 or newer?)`);
    }
    const parsed = IcecastStatusSchema.safeParse(json);
    if (!parsed.success) throw new RadioBackendError(`Icecast sent an unexpected status from ${url}`);
    this.latest = {
      status: parsed.data,
      source: pickSource(parsed.data.icestats.source, this.options.mount),
    };
    this.lastUpdate = new Date();
  }

  private async report(name: string, fn: () => void | Promise<void>): Promise<void> {
    try {
      await fn();
    } catch (err) {
      this.options.log.error({ err }, `radio sink ${name} failed`);
    }
  }
}
