import type { ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { RealtimeEvent, Topic } from '../../../shared/events';
import { LIMITS } from '../../../shared/limits';
import type { DbHandle } from '../../db/client';
import { DeliveryAcks } from './delivery-acks';
import { type EventRow, replayMissed } from './replay';
import { type Connection, frame, markSent, OpenStreams } from './streams';

const CHANNEL = 'onair_events';
/** NOTIFY payloads are capped at 8000 bytes; larger events travel by id and are read back. */
const MAX_NOTIFY_BYTES = 7000;

export interface StreamOptions {
  topics: Topic[];
  lastEventId: number | null;
  userId: string | null;
  sessionId: string | null;
  /** The client address, counted only for anonymous streams. */
  address: string | null;
  /** `rightsMark()` taken before the caller's rights were read: a change since then ends the stream at once. */
  rightsMark?: number;
  /** At most this many streams per member here: opening one more ends the member's oldest. */
  maxPerMember?: number;
}

/** Runs for every event this instance learns of, before the streams receive it. */
export type EventListener = (e: RealtimeEvent) => void;

/** Ids of recent events remembered so each event's listeners run once (bounded). */
const REMEMBERED_IDS = 2000;

/**
 * The realtime hub: events are stored briefly (for resumption by Last-Event-ID) and fanned out to the
 * Server-Sent Event streams of this instance. On PostgreSQL, events travel through LISTEN/NOTIFY so a
 * browser connected to any instance receives what any instance published.
 */
export class RealtimeHub {
  private readonly streams = new OpenStreams();
  private heartbeat: NodeJS.Timeout | null = null;
  private unlisten: (() => Promise<void>) | null = null;
  private closed = false;
  private readonly listeners = new Set<EventListener>();
  /** Events of these types are confirmed by every instance before publish returns (see publish). */
  private readonly confirmed = new Set<string>();
  private readonly acks: DeliveryAcks;
  /** Ids of recent events whose listeners have run (once per event, at publish or on NOTIFY). */
  private readonly listenedTo = new Set<string>();
  /** Moved by every rights change; each member's value at their latest change (bounded, oldest first). */
  private rightsCounter = 0;
  private readonly rightsChangedAt = new Map<string, number>();
  /**
   * The highest event id whose listeners have run here (so every cache on this instance reflects it and
   * every event before it). A page written now carries it: its stream resumes after it (see streamCursor).
   */
  private appliedId = 0;
  /** Called with the user id when a member's last stream on this instance closes (badge rules use it). */
  onStreamClosed: ((userId: string, connectedMs: number) => void) | null = null;

  constructor(
    private readonly dbh: DbHandle,
    private readonly log: FastifyBaseLogger,
    private readonly opts: { crossInstance: boolean; heartbeatMs?: number },
  ) {
    this.acks = new DeliveryAcks(dbh, CHANNEL, log);
  }

  async start() {
    const { rows } = await this.dbh.query<{ max: string | null }>(
      'SELECT max(id) AS max FROM realtime_events',
    );
    this.appliedId = Math.max(this.appliedId, Number(rows[0]?.max ?? 0) || 0);
    if (this.opts.crossInstance) {
      this.unlisten = await this.dbh.listen(CHANNEL, (payload) => {
        void this.onNotify(payload);
      });
    }
    this.heartbeat = setInterval(
      () => this.streams.ping(),
      this.opts.heartbeatMs ?? LIMITS.realtimeHeartbeatMs,
    );
    this.heartbeat.unref();
  }

  get connectionCount() {
    return this.streams.size;
  }

  /**
   * Listen to every event on the bus (in-memory caches use it to drop what a change made stale). On
   * PostgreSQL a listener runs once per event: at once for this instance's own publishes, through
   * LISTEN/NOTIFY for the others'. Returns a function that stops listening.
   */
  onEvent(listener: EventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Events of these types (access and session changes) are confirmed: on PostgreSQL, publish returns
   * only once every instance listening on the database has applied the event (see DeliveryAcks), so
   * the next request anywhere already sees the change.
   */
  confirmDeliveryOf(types: readonly string[]) {
    for (const t of types) this.confirmed.add(t);
  }

  /** Publish after the change has been committed. Returns the event id. */
  async publish<T>(topic: Topic, type: string, data: T): Promise<string> {
    const json = JSON.stringify(data ?? null);
    if (this.opts.crossInstance) {
      const small = Buffer.byteLength(json) < MAX_NOTIFY_BYTES;
      const confirm = this.confirmed.has(type);
      const expected = confirm ? await this.acks.listeningInstances() : 0;
      const { rows } = await this.dbh.query<{ id: string }>(
        `WITH e AS (INSERT INTO realtime_events (topic, type, data) VALUES ($1, $2, $3::jsonb) RETURNING id, topic, type, data)
         SELECT e.id, pg_notify($4, CASE WHEN $5::boolean THEN json_build_object('id', e.id, 'topic', e.topic, 'type', e.type, 'data', e.data)::text
                                          ELSE json_build_object('id', e.id)::text END) FROM e`,
        [topic, type, json, CHANNEL, small],
      );
      const id = String(rows[0].id);
      // This instance's caches must not wait for the round trip: its next request already sees the change.
      this.runListeners({ id, topic, type, data: JSON.parse(json) });
      if (confirm) {
        this.acks.published(id);
        await this.acks.wait(id, expected);
      }
      return id;
    }
    // Ahead of queued reads on the embedded database: a burst of reads does not hold up deliveries.
    const { rows } = await this.dbh.query<{ id: string }>(
      'INSERT INTO realtime_events (topic, type, data) VALUES ($1, $2, $3::jsonb) RETURNING id',
      [topic, type, json],
      { urgent: true },
    );
    const event: RealtimeEvent = { id: String(rows[0].id), topic, type, data: JSON.parse(json) };
    this.dispatch(event);
    return event.id;
  }

  private runListeners(e: RealtimeEvent) {
    if (this.listenedTo.has(e.id)) return;
    remember(this.listenedTo, e.id);
    for (const l of this.listeners) {
      try {
        l(e);
      } catch (err) {
        this.log.error({ err, type: e.type }, 'realtime: an event listener failed');
      }
    }
    const id = Number(e.id);
    if (id > this.appliedId) this.appliedId = id;
  }

  /**
   * Where a stream opened by a page written now should resume: the last event this instance's caches
   * have applied. Taken before the page's reads, a stream resuming after it replays every change the
   * reads may have missed, so the page's copies need not be read again when the stream opens.
   */
  get streamCursor(): number {
    return this.appliedId;
  }

  private async onNotify(payload: string) {
    try {
      const p = JSON.parse(payload) as Partial<EventRow> & { ack?: string; from?: string };
      if (p.ack !== undefined && p.from !== undefined) {
        this.acks.received(p.ack, p.from);
        return;
      }
      let e: RealtimeEvent | null = null;
      if (p.topic !== undefined && p.type !== undefined) {
        e = { id: String(p.id), topic: p.topic as Topic, type: p.type, data: p.data };
      } else {
        const { rows } = await this.dbh.query<EventRow>(
          'SELECT id, topic, type, data FROM realtime_events WHERE id = $1',
          [p.id],
        );
        const r = rows[0];
        if (r) e = { id: String(r.id), topic: r.topic as Topic, type: r.type, data: r.data };
      }
      if (!e) return;
      this.dispatch(e);
      if (this.confirmed.has(e.type)) await this.acks.applied(e.id);
    } catch (err) {
      this.log.warn({ err }, 'realtime: could not read a notification');
    }
  }

  private dispatch(e: RealtimeEvent) {
    this.runListeners(e);
    const conns = this.streams.to(e.topic);
    if (!conns || conns.size === 0) return;
    const text = frame(e);
    const id = Number(e.id);
    for (const c of conns) {
      if (c.pending) c.pending.push(e);
      else if (markSent(c, id)) c.res.write(text);
    }
  }

  /** Attach an SSE response. Replays what the client missed since `lastEventId` (bounded). */
  async attach(res: ServerResponse, opts: StreamOptions) {
    const { topics, lastEventId, userId } = opts;
    const openedAt = Date.now();
    const anonymousAddress = userId ? null : opts.address;
    const conn: Connection = {
      res,
      topics: new Set(topics),
      pending: [],
      sentIds: new Set(),
      userId,
      sessionId: opts.sessionId,
      anonymousAddress,
      openedAt,
    };
    if (userId && opts.maxPerMember) this.streams.endOldestOf(userId, opts.maxPerMember - 1);
    this.streams.add(conn);
    res.on('close', () => {
      this.streams.detach(conn);
      if (userId && this.onStreamClosed) this.onStreamClosed(userId, Date.now() - openedAt);
    });

    res.write(`retry: ${LIMITS.realtimeReconnectBackoffMs[0]}\n\n`);
    // The member's rights changed while the stream was being opened: its topics are stale already.
    if (
      userId &&
      opts.rightsMark !== undefined &&
      (this.rightsChangedAt.get(userId) ?? 0) > opts.rightsMark
    ) {
      this.streams.detach(conn);
      res.end();
      return;
    }
    // The stream may be ended while the database answers (its session ended, a newer one replaced it):
    // nothing is written to it after that.
    const send = (text: string) => {
      if (this.streams.has(conn)) res.write(text);
    };
    let resumedFrom = 0;
    try {
      resumedFrom = await replayMissed(this.dbh, conn, lastEventId, send);
    } finally {
      const waiting = conn.pending ?? [];
      conn.pending = null;
      for (const e of waiting) {
        // Sent by the replay already, or from before the point the stream resumes from: not again.
        const id = Number(e.id);
        if (id > resumedFrom && markSent(conn, id)) send(frame(e));
      }
    }
  }

  /**
   * How long this member has been continuously listening here: since the oldest of their open streams
   * (ms), or 0 when none is open. The long_listener badge is checked against it.
   */
  connectedMsOf(userId: string, now = Date.now()): number {
    return this.streams.connectedMsOf(userId, now);
  }

  /** Number of open streams of one member on this instance. */
  streamsOf(userId: string): number {
    return this.streams.streamsOf(userId);
  }

  /** Number of open anonymous streams from one client address on this instance. */
  anonymousStreamsFrom(address: string): number {
    return this.streams.anonymousStreamsFrom(address);
  }

  /** Ends this instance's streams opened by these sessions (sign-out, revocation). Returns how many. */
  endStreamsOfSessions(sessionIds: readonly string[]): number {
    const ids = new Set(sessionIds);
    return this.streams.endWhere((c) => c.sessionId !== null && ids.has(c.sessionId));
  }

  /** Ends this instance's streams of one member (every session of theirs was revoked). */
  endStreamsOfUser(userId: string): number {
    return this.streams.endWhere((c) => c.userId === userId);
  }

  /** Taken before a stream's rights are read (see StreamOptions.rightsMark). */
  rightsMark(): number {
    return this.rightsCounter;
  }

  /**
   * A member's rights changed (profile role, assigned roles, a role's permissions): their streams here
   * end, so each page reconnects (resuming where it was) with topics computed from the new rights.
   */
  rightsChanged(userId: string): number {
    this.rightsCounter += 1;
    this.rightsChangedAt.delete(userId);
    this.rightsChangedAt.set(userId, this.rightsCounter);
    if (this.rightsChangedAt.size > REMEMBERED_IDS)
      this.rightsChangedAt.delete(this.rightsChangedAt.keys().next().value as string);
    return this.endStreamsOfUser(userId);
  }

  /** End every stream (graceful shutdown) and stop listening. */
  async close() {
    if (this.closed) return;
    this.closed = true;
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.streams.endAll();
    this.acks.releaseAll();
    if (this.unlisten) await this.unlisten().catch(() => {});
  }

  /** Delete events older than the resumption window. */
  async prune(olderThanMinutes = 60): Promise<number> {
    const { rows } = await this.dbh.query<{ n: number }>(
      `WITH d AS (DELETE FROM realtime_events WHERE created_at < now() - ($1::int * interval '1 minute') RETURNING 1)
       SELECT count(*)::int AS n FROM d`,
      [olderThanMinutes],
    );
    return rows[0]?.n ?? 0;
  }
}

/** Adds to a bounded set of recent ids (the oldest go first). */
function remember(set: Set<string>, id: string) {
  set.add(id);
  if (set.size > REMEMBERED_IDS) set.delete(set.values().next().value as string);
}
