import { hash } from 'node:crypto';
import { EVENT_TYPES } from '../../../shared/events';
import type { Actor } from '../http/access';
import type { RealtimeHub } from '../realtime/realtime-hub';

/** What a session's cached entry holds besides the actor: when it must be looked at again. */
export interface SessionTimes {
  /** The session's expiry (ms): past it the session is refused. */
  expiresAt: number;
  /** When better-auth would extend the session (ms): from then on the next request goes through it. */
  refreshAt: number;
}

interface Entry extends SessionTimes {
  actor: Actor;
  storedAt: number;
}

export interface ActorCacheOptions {
  /** A safety net: an entry is re-read from the database at least this often (ms). */
  maxAgeMs: number;
  maxEntries: number;
  now?: () => number;
}

/** The data of a `session.ended` event. */
export interface SessionEnded {
  userId: string;
  /** The sessions that ended; all of the member's sessions when omitted. */
  sessionIds?: string[];
}

/** The value of the session cookie in a Cookie header. */
export function sessionCookieValue(cookieHeader: string | undefined, name: string): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim() || null;
  }
  return null;
}

/**
 * Does the request carry a session cookie (better-auth's `…session_token`, whatever its prefix)? Without
 * one the caller is a visitor for certain; with one, only the session lookup can say who it is.
 */
export const carriesSessionCookie = (cookieHeader: string | undefined) =>
  cookieHeader?.includes('session_token') ?? false;

/**
 * The cache key of a session cookie: a hash, so the token itself is never kept in memory as a key. One-shot
 * (no Hash object per call): it runs on every signed-in request.
 */
export function sessionKey(cookieValue: string) {
  return hash('sha256', cookieValue, 'base64url');
}

/**
 * Signed-in callers resolved from memory: session cookie hash → actor (profile fields and computed
 * access) with the session's expiry. Entries are dropped when the realtime bus reports a change that
 * affects them, on every instance: `session.ended` (sign-out, revocation), `me.changed` (profile role,
 * assigned roles, a role's permissions) and `members.changed` (profile fields). better-auth stays the
 * source of truth: a miss, an entry due for its session extension, or one older than `maxAgeMs` is read
 * again through it.
 *
 * A lookup that started before a change must not store what it read: `mark()` is taken before the
 * lookup, and `set` refuses an entry for a member dropped since.
 */
export class ActorCache {
  private readonly entries = new Map<string, Entry>();
  private readonly keysByUser = new Map<string, Set<string>>();
  /** A counter moved by every drop, and the value it had at each member's latest drop. */
  private counter = 0;
  private readonly droppedAt = new Map<string, number>();
  private clearedAt = 0;
  private readonly now: () => number;
  /** better-auth's session cookie name, known once auth is ready (the resolver sets it). */
  cookieName: string | null = null;

  constructor(private readonly opts: ActorCacheOptions) {
    this.now = opts.now ?? Date.now;
  }

  get size() {
    return this.entries.size;
  }

  /** The cached actor, or null when absent, expired, due for its session extension or too old. */
  get(key: string): Actor | null {
    const e = this.entries.get(key);
    if (!e) return null;
    const t = this.now();
    if (t >= e.expiresAt || t >= e.refreshAt || t - e.storedAt >= this.opts.maxAgeMs) {
      this.remove(key, e);
      return null;
    }
    return e.actor;
  }

  /** The cached actor of a request's session cookie, without any lookup (the fast path uses it). */
  peek(cookieHeader: string | undefined): Actor | null {
    if (!this.cookieName || !cookieHeader) return null;
    const value = sessionCookieValue(cookieHeader, this.cookieName);
    return value ? this.get(sessionKey(value)) : null;
  }

  /** Taken before a lookup; passed to `set` so a lookup that raced a change is not stored. */
  mark(): number {
    return this.counter;
  }

  set(key: string, actor: Actor, times: SessionTimes, mark: number) {
    if (this.clearedAt > mark || (this.droppedAt.get(actor.userId) ?? 0) > mark) return;
    const old = this.entries.get(key);
    if (old) this.remove(key, old);
    while (this.entries.size >= this.opts.maxEntries) {
      const [oldestKey, oldest] = this.entries.entries().next().value as [string, Entry];
      this.remove(oldestKey, oldest);
    }
    this.entries.set(key, { ...times, actor, storedAt: this.now() });
    let keys = this.keysByUser.get(actor.userId);
    if (!keys) {
      keys = new Set();
      this.keysByUser.set(actor.userId, keys);
    }
    keys.add(key);
  }

  /** Drops a member's entries (all, or only those of some sessions). */
  dropUser(userId: string, sessionIds?: readonly string[]) {
    this.counter += 1;
    this.droppedAt.set(userId, this.counter);
    const keys = this.keysByUser.get(userId);
    if (!keys) return;
    const only = sessionIds ? new Set(sessionIds) : null;
    for (const key of [...keys]) {
      const e = this.entries.get(key);
      if (e && (!only || only.has(e.actor.sessionId))) this.remove(key, e);
    }
  }

  clear() {
    this.counter += 1;
    this.clearedAt = this.counter;
    this.droppedAt.clear();
    this.entries.clear();
    this.keysByUser.clear();
  }

  private remove(key: string, e: Entry) {
    this.entries.delete(key);
    const keys = this.keysByUser.get(e.actor.userId);
    keys?.delete(key);
    if (keys && keys.size === 0) this.keysByUser.delete(e.actor.userId);
  }
}

/** The member a `user:<id>` topic names, if any. */
const userOfTopic = (topic: string) => (topic.startsWith('user:') ? topic.slice(5) : null);

/**
 * Keeps the cache right on this instance from the bus, and closes the event streams of ended sessions and
 * of members whose rights changed (`me.changed`), so a page's stream never outlives the rights it was
 * opened with.
 * Access changes are confirmed publishes: the response that made them leaves once every instance
 * listening on the database has been sent the event.
 */
export function invalidateActorsFromBus(realtime: RealtimeHub, cache: ActorCache) {
  realtime.confirmDeliveryOf([EVENT_TYPES.sessionEnded, EVENT_TYPES.meChanged, EVENT_TYPES.membersChanged]);
  return realtime.onEvent((e) => {
    if (e.type === EVENT_TYPES.sessionEnded) {
      const d = e.data as SessionEnded;
      cache.dropUser(d.userId, d.sessionIds);
      if (d.sessionIds) realtime.endStreamsOfSessions(d.sessionIds);
      else realtime.endStreamsOfUser(d.userId);
    } else if (e.type === EVENT_TYPES.meChanged) {
      const userId = userOfTopic(e.topic);
      if (userId) {
        cache.dropUser(userId);
        // The member's streams carry topics chosen from their old rights: they reconnect with the new.
        realtime.rightsChanged(userId);
      }
    } else if (e.type === EVENT_TYPES.membersChanged) {
      const id = (e.data as { id?: unknown } | null)?.id;
      if (typeof id === 'string') cache.dropUser(id);
      else cache.clear();
    }
  });
}
