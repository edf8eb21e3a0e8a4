import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { type AzuraCastApi, formatDuration } from './azuracast-api';
import { type NowPlaying, NowPlayingSchema } from './azuracast-schemas';
import { readEventStream } from './event-stream';

export type FeedMode = 'stopped' | 'sse' | 'polling';

export interface NowPlayingFeedOptions {
  api: AzuraCastApi;
  /** Station id or short name. */
  station: string;
  useSse: boolean;
  pollMs: number;
  log: FastifyBaseLogger;
  onData: (np: NowPlaying) => void | Promise<void>;
  /** First wait before retrying the SSE feed; doubles up to sseMaxRetryMs (defaults 2 s and 2 min). */
  sseRetryMs?: number;
  sseMaxRetryMs?: number;
  /** Reconnect when the SSE feed sends nothing (not even a ping) for this long (default 60 s). */
  sseIdleMs?: number;
}

// Centrifugo messages on AzuraCast's SSE feed. `{}` is a ping.
const Publication = z.object({ data: z.object({ np: z.unknown() }).partial().nullish() });
const SseMessage = z.object({
  channel: z.string().nullish(),
  pub: Publication.nullish(),
  connect: z
    .object({
      subs: z.record(z.string(), z.object({ publications: z.array(Publication).nullish() })).nullish(),
      /** Before Centrifugo 5 the initial rows came as `connect.data`. */
      data: z.array(Publication.extend({ channel: z.string().nullish() })).nullish(),
    })
    .nullish(),
});

/** The now-playing payloads carried by one SSE message, oldest first (none for pings). */
export function payloadsOf(data: string, channel: string): { np: unknown[]; isConnect: boolean } {
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return { np: [], isConnect: false };
  }
  const msg = SseMessage.safeParse(json);
  if (!msg.success) return { np: [], isConnect: false };
  const { channel: ch, pub, connect } = msg.data;
  const np: unknown[] = [];
  if (pub?.data?.np && (!ch || ch === channel)) np.push(pub.data.np);
  for (const p of connect?.subs?.[channel]?.publications ?? []) if (p.data?.np) np.push(p.data.np);
  for (const row of connect?.data ?? [])
    if (row.data?.np && (!row.channel || row.channel === channel)) np.push(row.data.np);
  return { np, isConnect: Boolean(connect) };
}

/**
 * Keeps AzuraCast's now-playing flowing to `onData`: through the SSE feed when enabled, polling every
 * pollMs when it is not, and while the SSE feed is down (retried with back-off).
 */
export class NowPlayingFeed {
  mode: FeedMode = 'stopped';
  lastUpdate: Date | null = null;
  lastError: { message: string; at: Date } | null = null;
  /** The station's short name (the SSE channel), known from the option or the first answer. */
  shortcode: string | null;
  private running = false;
  private pollTimer: NodeJS.Timeout | null = null;
  private retryTimer: NodeJS.Timeout | null = null;
  private sseAbort: AbortController | null = null;
  private readonly firstRetryMs: number;
  private retryMs: number;

  constructor(private readonly o: NowPlayingFeedOptions) {
    this.shortcode = /^\d+$/.test(o.station) ? null : o.station;
    this.firstRetryMs = o.sseRetryMs ?? 2_000;
    this.retryMs = this.firstRetryMs;
  }

  async start(): Promise<void> {
    this.running = true;
    this.mode = 'polling';
    await this.poll();
    if (!this.running) return;
    if (this.o.useSse) this.connectSse();
    else this.schedulePoll();
  }

  stop(): void {
    this.running = false;
    this.mode = 'stopped';
    if (this.pollTimer) clearTimeout(this.pollTimer);
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.pollTimer = this.retryTimer = null;
    this.sseAbort?.abort();
    this.sseAbort = null;
  }

  /** One now-playing request (throws RadioBackendError). */
  fetchNowPlaying(): Promise<NowPlaying> {
    return this.o.api.request(
      'GET',
      `/api/nowplaying/${encodeURIComponent(this.o.station)}`,
      NowPlayingSchema,
    );
  }

  private async poll(): Promise<void> {
    try {
      await this.deliver(await this.fetchNowPlaying());
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      if (this.lastError?.message !== message) this.o.log.warn(`AzuraCast now playing: ${message}`);
      this.lastError = { message, at: new Date() };
    }
  }

  private async deliver(np: NowPlaying): Promise<void> {
    if (!this.running) return;
    if (np.station.shortcode) this.shortcode = np.station.shortcode;
    this.lastUpdate = new Date();
    await this.o.onData(np);
  }

  private schedulePoll(): void {
    if (this.pollTimer || !this.running || this.mode === 'sse') return;
    this.pollTimer = setTimeout(async () => {
      this.pollTimer = null;
      if (!this.running || this.mode === 'sse') return;
      await this.poll();
      this.schedulePoll();
    }, this.o.pollMs);
    this.pollTimer.unref();
  }

  private fallBack(reason: string): void {
    if (!this.running) return;
    const wasSse = this.mode === 'sse';
    this.mode = 'polling';
    this.lastError = { message: `Live updates: ${reason}`, at: new Date() };
    const wait = this.retryMs;
    this.retryMs = Math.min(this.retryMs * 2, this.o.sseMaxRetryMs ?? 120_000);
    const log = wasSse ? this.o.log.warn.bind(this.o.log) : this.o.log.debug.bind(this.o.log);
    log(`AzuraCast live updates unavailable (${reason}); polling, retrying in ${formatDuration(wait)}`);
    if (wasSse) void this.poll();
    this.schedulePoll();
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.connectSse();
    }, wait);
    this.retryTimer.unref();
  }

  private connectSse(): void {
    if (!this.running) return;
    const shortcode = this.shortcode;
    if (!shortcode) {
      this.fallBack('the station short name is not known yet');
      return;
    }
    const channel = `station:${shortcode}`;
    const connect = encodeURIComponent(JSON.stringify({ subs: { [channel]: { recover: true } } }));
    const url = `${this.o.api.baseUrl}/api/live/nowplaying/sse?cf_connect=${connect}`;
    const abort = new AbortController();
    this.sseAbort = abort;
    let timeoutReason = `no answer within ${formatDuration(this.o.api.timeoutMs)}`;
    let timer = setTimeout(() => abort.abort(), this.o.api.timeoutMs);
    const idleMs = this.o.sseIdleMs ?? 60_000;
    const armIdle = () => {
      clearTimeout(timer);
      timeoutReason = `nothing received for ${formatDuration(idleMs)}`;
      timer = setTimeout(() => abort.abort(), idleMs);
    };

    const run = async (): Promise<string> => {
      const res = await fetch(url, {
        headers: { accept: 'text/event-stream', 'cache-control': 'no-cache' },
        signal: abort.signal,
      });
      if (!res.ok || !res.body) {
        await res.body?.cancel().catch(() => {});
        return `HTTP ${res.status} from ${new URL(url).pathname}`;
      }
      if (!String(res.headers.get('content-type')).includes('text/event-stream')) {
        await res.body.cancel().catch(() => {});
        return 'the answer is not an event stream';
      }
      this.mode = 'sse';
      if (this.pollTimer) clearTimeout(this.pollTimer);
      this.pollTimer = null;
      this.o.log.info(`AzuraCast live updates connected (${channel})`);
      armIdle();
      await readEventStream(
        res.body,
        async ({ data }) => {
          const { np, isConnect } = payloadsOf(data, channel);
          const last = np.at(-1);
          if (last === undefined) {
            if (isConnect) await this.poll();
            return;
          }
          const parsed = NowPlayingSchema.safeParse(last);
          if (!parsed.success)
            return this.o.log.warn('AzuraCast live updates: unexpected now-playing payload');
          this.retryMs = this.firstRetryMs;
          if (this.sseAbort === abort) await this.deliver(parsed.data);
        },
        armIdle,
      );
      return 'the feed closed';
    };

    void run()
      .catch((err: unknown) => {
        if (abort.signal.aborted) return timeoutReason;
        const e = err as { message?: string; cause?: { code?: string } };
        return e?.cause?.code ?? e?.message ?? String(err);
      })
      .then((reason) => {
        clearTimeout(timer);
        if (this.sseAbort !== abort || !this.running) return;
        this.sseAbort = null;
        this.fallBack(reason);
      });
  }
}
