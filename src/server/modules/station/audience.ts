import { createHash } from 'node:crypto';
import { perApp } from '../../infra/per-app';

/** What kind of program a listener uses, from its User-Agent (analytics: listeners by kind of client). */
export type ClientKind = 'browser' | 'app' | 'other';

/** One listener at the moment of a sample: which mount (or HLS variant) and which client. */
export interface AudienceClient {
  /** An Icecast mount ("/radio.mp3") or an HLS variant ("hls/128"). */
  mount: string;
  userAgent: string;
}

export interface HlsAudienceLimits {
  /** A client that has not fetched its playlist for this long has left (and its entry is dropped). */
  windowMs: number;
  /** A client counts once its playlist fetches span at least this long (one fetch is not a listener). */
  confirmAfterMs: number;
  /** Clients kept for one address (listening or not yet): a household behind one router, not a flood. */
  perAddress: number;
  /** Clients kept in all, listening or not yet (each entry is a few hundred bytes). */
  maxClients: number;
}

const DEFAULT_LIMITS: HlsAudienceLimits = {
  windowMs: 60_000,
  confirmAfterMs: 4_000,
  perAddress: 5,
  maxClients: 20_000,
};

/** Enough of a User-Agent to tell the kind of client (the key holds a hash of all of it). */
const USER_AGENT_KEPT = 256;
/** An address is at most an IPv6 address in text; a longer one (a forged X-Forwarded-For) is cut. */
const ADDRESS_KEPT = 64;

/**
 * The "address" one household has: an IPv4 address as it is, an IPv6 one by its /64 (one connection
 * gets a whole /64, and can rotate through it freely).
 */
export function householdOf(address: string): string {
  const a = address.slice(0, ADDRESS_KEPT).toLowerCase();
  if (!a.includes(':') || /^::ffff:\d/.test(a)) return a.replace(/^::ffff:/, '');
  const [head, tail = null] = a.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups =
    tail === null
      ? left
      : [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

interface Client {
  address: string;
  mount: string;
  userAgent: string;
  firstAt: number;
  lastAt: number;
}

/**
 * Listeners of the HLS output, which Icecast cannot count (each fetches files from the app). A client is
 * its address and User-Agent; it is a listener while it keeps fetching a variant's playlist: two fetches
 * at least `confirmAfterMs` apart, the last within the window (docs/product/staff-and-admin.md, "HLS
 * listeners"). Segment fetches count for nothing, so a flood of them costs nothing.
 *
 * Bounded in memory: keys are the address and a hash of the User-Agent, one address holds at most
 * `perAddress` clients (a new one beyond is not tracked until one leaves), and at most `maxClients` are
 * kept (the client unconfirmed the longest goes first). Kept per app; now playing and the minute's
 * sample read it.
 */
export class HlsAudience {
  private readonly limits: HlsAudienceLimits;
  /** Clients seen once or not yet long enough, oldest fetch first. */
  private readonly pending = new Map<string, Client>();
  /** Listeners, oldest fetch first. */
  private readonly listening = new Map<string, Client>();
  private readonly perAddress = new Map<string, number>();
  private readonly watchers = new Set<(count: number) => void>();
  private lastCount = 0;

  constructor(limits: Partial<HlsAudienceLimits> = {}) {
    this.limits = { ...DEFAULT_LIMITS, ...limits };
  }

  /** The playlist of `mount` (e.g. "hls/128") was fetched by this client. */
  playlistFetched(mount: string, address: string, userAgent: string | undefined, at = Date.now()) {
    this.prune(at);
    const addr = householdOf(address);
    const ua = userAgent ?? '';
    const key = `${addr}\u0000${createHash('sha256').update(ua).digest('base64url').slice(0, 22)}`;
    const known = this.listening.get(key) ?? this.pending.get(key);
    if (known) {
      known.mount = mount;
      known.lastAt = at;
      if (this.listening.delete(key)) this.listening.set(key, known);
      else {
        this.pending.delete(key);
        if (at - known.firstAt >= this.limits.confirmAfterMs) this.listening.set(key, known);
        else this.pending.set(key, known);
      }
      this.changed();
      return;
    }
    const ofAddress = this.perAddress.get(addr) ?? 0;
    if (ofAddress >= this.limits.perAddress) return;
    if (this.pending.size + this.listening.size >= this.limits.maxClients) {
      const oldest = this.pending.keys().next();
      if (oldest.done) return; // every entry is a listener: a newcomer waits for one to leave
      this.drop(this.pending, oldest.value);
    }
    this.pending.set(key, {
      address: addr,
      mount,
      userAgent: ua.slice(0, USER_AGENT_KEPT),
      firstAt: at,
      lastAt: at,
    });
    this.perAddress.set(addr, ofAddress + 1);
  }

  /** The listeners within the window before `now`, one entry each. */
  clients(now = Date.now()): AudienceClient[] {
    this.prune(now, true);
    return [...this.listening.values()].map(({ mount, userAgent }) => ({ mount, userAgent }));
  }

  /** How many listen now. */
  count(now = Date.now()): number {
    this.prune(now, true);
    return this.listening.size;
  }

  /** Entries kept, listening or not yet (for the bound's tests and benchmark). */
  get size() {
    return this.pending.size + this.listening.size;
  }

  /** Calls `watcher` with the new count whenever the number of listeners changes. */
  watch(watcher: (count: number) => void): () => void {
    this.watchers.add(watcher);
    return () => this.watchers.delete(watcher);
  }

  private changed() {
    if (this.listening.size === this.lastCount) return;
    this.lastCount = this.listening.size;
    for (const w of this.watchers) w(this.lastCount);
  }

  /**
   * Drops the clients whose last fetch is older than the window. Each map is in order of last fetch, so
   * a quick pass stops at the first recent one; a full pass (a reading) looks at every entry.
   */
  private prune(now: number, full = false) {
    for (const map of [this.pending, this.listening])
      for (const [key, c] of map) {
        if (now - c.lastAt > this.limits.windowMs) this.drop(map, key);
        else if (!full) break;
      }
    this.changed();
  }

  private drop(map: Map<string, Client>, key: string) {
    const c = map.get(key);
    if (!c) return;
    map.delete(key);
    const left = (this.perAddress.get(c.address) ?? 1) - 1;
    if (left > 0) this.perAddress.set(c.address, left);
    else this.perAddress.delete(c.address);
  }
}

export const hlsAudienceSlot = perApp<HlsAudience>('the HLS audience');
