import type { EngineHolder } from '../../../infra/cluster/engine-holder';
import { isHlsFileName } from './hls-files';

/** What a follower answers for an HLS file: the engine instance's answer, its caching headers kept. */
export interface RelayedHls {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** The engine instance's headers a follower passes on (its own framework sets the length). */
const PASSED = ['content-type', 'cache-control', 'access-control-allow-origin', 'x-content-type-options'];
const TIMEOUT_MS = 5_000;
/** Segments are immutable: one fetch from the engine's instance serves this instance's clients a while. */
const SEGMENT_KEEP_MS = 60_000;
const SEGMENTS_KEPT = 64;

/**
 * HLS on an instance that does not run the engine: each file is fetched from the engine instance's app
 * (docs/operations/several-instances.md#every-instance-serves-the-station). A playlist is fetched on
 * every request, with the client's address and User-Agent, so the engine's instance counts the HLS
 * listener once, as it counts its own; a segment once per instance, kept a minute in memory.
 */
export class HlsProxy {
  private readonly segments = new Map<string, { at: number; got: Promise<RelayedHls | null> }>();

  constructor(private readonly holder: EngineHolder) {}

  /** The file from the engine's instance; null when none can be reached (nobody runs the engine). */
  async get(name: string, listener: string, userAgent: string | undefined): Promise<RelayedHls | null> {
    if (!isHlsFileName(name)) return { status: 404, headers: {}, body: Buffer.alloc(0) };
    if (name.endsWith('.m3u8')) return this.fetch(name, listener, userAgent);
    const now = Date.now();
    const kept = this.segments.get(name);
    if (kept && now - kept.at < SEGMENT_KEEP_MS) return kept.got;
    const got = this.fetch(name, listener, userAgent);
    this.segments.set(name, { at: now, got });
    // Only a segment the engine's instance had is kept; the rest is asked again next time.
    void got.then((r) => {
      if (r?.status !== 200 && this.segments.get(name)?.got === got) this.segments.delete(name);
    });
    this.forgetOld(now);
    return got;
  }

  private async fetch(name: string, listener: string, userAgent: string | undefined) {
    const engine = await this.holder.find().catch(() => null);
    if (!engine || engine.self) return null;
    const headers = this.holder.relayHeaders(listener);
    if (userAgent) headers['user-agent'] = userAgent;
    try {
      const res = await fetch(`${engine.address}/hls/${encodeURIComponent(name)}`, {
        headers,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      const body = Buffer.from(await res.arrayBuffer());
      if (res.status >= 500) return null;
      const out: Record<string, string> = {};
      for (const h of PASSED) {
        const v = res.headers.get(h);
        if (v !== null) out[h] = v;
      }
      return { status: res.status, headers: out, body };
    } catch {
      return null;
    }
  }

  private forgetOld(now: number) {
    for (const [name, kept] of this.segments) {
      if (this.segments.size > SEGMENTS_KEPT || now - kept.at >= SEGMENT_KEEP_MS) this.segments.delete(name);
    }
  }
}
