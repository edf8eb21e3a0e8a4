import { perApp } from '../../infra/per-app';

/** What kind of program a listener uses, from its User-Agent (analytics: listeners by kind of client). */
export type ClientKind = 'browser' | 'app' | 'other';

/** One listener at the moment of a sample: which mount (or HLS variant) and which client. */
export interface AudienceClient {
  /** An Icecast mount ("/radio.mp3") or an HLS variant ("hls/128"). */
  mount: string;
  userAgent: string;
}

/**
 * Listeners of the HLS output, which Icecast cannot count (each fetches files from the app): a client
 * is a listener of a variant while it fetched one of its segments within the window (a minute). A
 * client is its address and user agent. Kept in memory per app; a sample reads it once a minute.
 */
export class HlsAudience {
  private readonly seenAt = new Map<string, { mount: string; userAgent: string; at: number }>();

  constructor(private readonly windowMs = 60_000) {}

  /** A segment of `mount` (e.g. "hls/128") was fetched by this client. */
  seen(mount: string, address: string, userAgent: string | undefined, at = Date.now()) {
    const ua = userAgent ?? '';
    this.seenAt.set(`${address}\u0000${ua}`, { mount, userAgent: ua, at });
    if (this.seenAt.size > 50_000) this.prune(at);
  }

  /** The clients seen within the window before `now`, one entry each. */
  clients(now = Date.now()): AudienceClient[] {
    this.prune(now);
    return [...this.seenAt.values()].map(({ mount, userAgent }) => ({ mount, userAgent }));
  }

  private prune(now: number) {
    for (const [key, v] of this.seenAt) if (now - v.at > this.windowMs) this.seenAt.delete(key);
  }
}

export const hlsAudienceSlot = perApp<HlsAudience>('the HLS audience');
