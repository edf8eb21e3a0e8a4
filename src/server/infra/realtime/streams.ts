import type { ServerResponse } from 'node:http';
import type { RealtimeEvent, Topic } from '../../../shared/events';

/** One Server-Sent Event stream open on this instance. */
export interface Connection {
  res: ServerResponse;
  topics: Set<Topic>;
  /** While replaying, live events wait here so nothing is lost or sent twice. */
  pending: RealtimeEvent[] | null;
  /**
   * The ids of the events sent lately (at most SENT_IDS_KEPT). On PostgreSQL, events arrive in the
   * order their publishes committed, not in id order: an id below one already sent may still be new
   * to the stream, so what was sent is remembered by id rather than as a high-water mark.
   */
  sentIds: Set<number>;
  userId: string | null;
  /** The session that opened the stream: signing out (or a revocation) ends the stream. */
  sessionId: string | null;
  /** The client address of an anonymous stream (streams per address are bounded). */
  anonymousAddress: string | null;
  openedAt: number;
}

/** How many recent event ids a stream remembers to send each event once. */
export const SENT_IDS_KEPT = 1_000;

/** Whether the event is new to the stream; if so it is counted as sent (the caller writes it). */
export function markSent(conn: Connection, id: number): boolean {
  if (conn.sentIds.has(id)) return false;
  conn.sentIds.add(id);
  if (conn.sentIds.size > SENT_IDS_KEPT) {
    const oldest = conn.sentIds.values().next().value as number;
    conn.sentIds.delete(oldest);
  }
  return true;
}

/** An event as written on a stream. */
export function frame(e: RealtimeEvent): string {
  return `id: ${e.id}\nevent: ${e.type}\ndata: ${JSON.stringify(e.data)}\n\n`;
}

/**
 * The streams open on this instance, by topic (a public event goes to every stream), counted per member
 * and per anonymous client address, so they can be bounded and ended.
 */
export class OpenStreams {
  private readonly byTopic = new Map<Topic, Set<Connection>>();
  private readonly all = new Set<Connection>();
  private readonly anonymousByAddress = new Map<string, number>();

  get size() {
    return this.all.size;
  }

  has(conn: Connection) {
    return this.all.has(conn);
  }

  add(conn: Connection) {
    this.all.add(conn);
    const address = conn.anonymousAddress;
    if (address !== null) {
      this.anonymousByAddress.set(address, (this.anonymousByAddress.get(address) ?? 0) + 1);
    }
    for (const t of conn.topics) {
      if (t === 'public') continue;
      let set = this.byTopic.get(t);
      if (!set) {
        set = new Set();
        this.byTopic.set(t, set);
      }
      set.add(conn);
    }
  }

  /** The streams an event on this topic goes to. */
  to(topic: Topic): Set<Connection> | undefined {
    return topic === 'public' ? this.all : this.byTopic.get(topic);
  }

  /**
   * How long this member has been continuously listening here: since the oldest of their open streams
   * (ms), or 0 when none is open.
   */
  connectedMsOf(userId: string, now: number): number {
    const set = this.byTopic.get(`user:${userId}`);
    if (!set || set.size === 0) return 0;
    let oldest = now;
    for (const c of set) oldest = Math.min(oldest, c.openedAt);
    return now - oldest;
  }

  /** Number of open streams of one member. */
  streamsOf(userId: string): number {
    return this.byTopic.get(`user:${userId}`)?.size ?? 0;
  }

  /** Number of open anonymous streams from one client address. */
  anonymousStreamsFrom(address: string): number {
    return this.anonymousByAddress.get(address) ?? 0;
  }

  /** Ends a member's oldest streams until at most `keep` remain. */
  endOldestOf(userId: string, keep: number) {
    const set = this.byTopic.get(`user:${userId}`);
    if (!set || set.size <= keep) return;
    // A set iterates in insertion order: the first are the oldest.
    const oldest = [...set].slice(0, set.size - keep);
    this.endWhere((c) => oldest.includes(c));
  }

  /** Ends the streams that match. Returns how many. */
  endWhere(match: (c: Connection) => boolean) {
    let ended = 0;
    for (const c of [...this.all]) {
      if (!match(c)) continue;
      this.detach(c);
      c.res.end();
      ended += 1;
    }
    return ended;
  }

  detach(conn: Connection) {
    if (!this.all.delete(conn)) return;
    if (conn.anonymousAddress !== null) {
      const n = (this.anonymousByAddress.get(conn.anonymousAddress) ?? 1) - 1;
      if (n > 0) this.anonymousByAddress.set(conn.anonymousAddress, n);
      else this.anonymousByAddress.delete(conn.anonymousAddress);
    }
    for (const t of conn.topics) {
      const set = this.byTopic.get(t);
      if (!set) continue;
      set.delete(conn);
      if (set.size === 0) this.byTopic.delete(t);
    }
  }

  /** A comment line on every stream not replaying, so proxies keep idle streams open. */
  ping() {
    for (const c of this.all) if (!c.pending) c.res.write(': ping\n\n');
  }

  /** Ends every stream (graceful shutdown). */
  endAll() {
    for (const c of [...this.all]) c.res.end();
    this.all.clear();
    this.byTopic.clear();
    this.anonymousByAddress.clear();
  }
}
