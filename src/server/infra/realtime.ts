import type { ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { RealtimeEvent, Topic } from '../../shared/events';
import { LIMITS } from '../../shared/limits';
import type { DbHandle } from '../db/client';

const CHANNEL = 'onair_events';
/** NOTIFY payloads are capped at 8000 bytes; larger events travel by id and are read back. */
const MAX_NOTIFY_BYTES = 7000;

interface Connection {
  res: ServerResponse;
  topics: Set<Topic>;
  /** While replaying, live events wait here so nothing is lost or sent twice. */
  pending: RealtimeEvent[] | null;
  lastSentId: number;
  userId: string | null;
  openedAt: number;
}

type Row = { id: number | string; topic: string; type: string; data: unknown };

function frame(e: RealtimeEvent): string {
  return `id: ${e.id}\nevent: ${e.type}\ndata: ${JSON.stringify(e.data)}\n\n`;
}

/**
 * The realtime hub: events are stored briefly (for resumption by Last-Event-ID) and fanned out to the
 * Server-Sent Event streams of this instance. On PostgreSQL, events travel through LISTEN/NOTIFY so a
 * browser connected to any instance receives what any instance published.
 */
export class RealtimeHub {
  private readonly byTopic = new Map<Topic, Set<Connection>>();
  private readonly all = new Set<Connection>();
  private heartbeat: NodeJS.Timeout | null = null;
  private unlisten: (() => Promise<void>) | null = null;
  private closed = false;
  /** Called with the user id when a member's last stream on this instance closes (badge rules use it). */
  onStreamClosed: ((userId: string, connectedMs: number) => void) | null = null;

  constructor(
    private readonly dbh: DbHandle,
    private readonly log: FastifyBaseLogger,
    private readonly opts: { crossInstance: boolean; heartbeatMs?: number },
  ) {}

  async start() {
    if (this.opts.crossInstance) {
      this.unlisten = await this.dbh.listen(CHANNEL, (payload) => {
        void this.onNotify(payload);
      });
    }
    this.heartbeat = setInterval(() => this.ping(), this.opts.heartbeatMs ?? LIMITS.realtimeHeartbeatMs);
    this.heartbeat.unref();
  }

  get connectionCount() {
    return this.all.size;
  }

  /** Publish after the change has been committed. Returns the event id. */
  async publish<T>(topic: Topic, type: string, data: T): Promise<string> {
    const json = JSON.stringify(data ?? null);
    if (this.opts.crossInstance) {
      const small = Buffer.byteLength(json) < MAX_NOTIFY_BYTES;
      const { rows } = await this.dbh.query<{ id: string }>(
        `WITH e AS (INSERT INTO realtime_events (topic, type, data) VALUES ($1, $2, $3::jsonb) RETURNING id, topic, type, data)
         SELECT e.id, pg_notify($4, CASE WHEN $5::boolean THEN json_build_object('id', e.id, 'topic', e.topic, 'type', e.type, 'data', e.data)::text
                                          ELSE json_build_object('id', e.id)::text END) FROM e`,
        [topic, type, json, CHANNEL, small],
      );
      return String(rows[0].id);
    }
    const { rows } = await this.dbh.query<{ id: string }>(
      'INSERT INTO realtime_events (topic, type, data) VALUES ($1, $2, $3::jsonb) RETURNING id',
      [topic, type, json],
    );
    const event: RealtimeEvent = { id: String(rows[0].id), topic, type, data: JSON.parse(json) };
    this.dispatch(event);
    return event.id;
  }

  private async onNotify(payload: string) {
    try {
      const p = JSON.parse(payload) as Partial<Row>;
      if (p.topic !== undefined && p.type !== undefined) {
        this.dispatch({ id: String(p.id), topic: p.topic as Topic, type: p.type, data: p.data });
        return;
      }
      const { rows } = await this.dbh.query<Row>(
        'SELECT id, topic, type, data FROM realtime_events WHERE id = $1',
        [p.id],
      );
      const r = rows[0];
      if (r) this.dispatch({ id: String(r.id), topic: r.topic as Topic, type: r.type, data: r.data });
    } catch (err) {
      this.log.warn({ err }, 'realtime: could not read a notification');
    }
  }

  private dispatch(e: RealtimeEvent) {
    const conns = e.topic === 'public' ? this.all : this.byTopic.get(e.topic);
    if (!conns || conns.size === 0) return;
    const text = frame(e);
    const id = Number(e.id);
    for (const c of conns) {
      if (c.pending) c.pending.push(e);
      else if (id > c.lastSentId) {
        c.lastSentId = id;
        c.res.write(text);
      }
    }
  }

  /** Attach an SSE response. Replays what the client missed since `lastEventId` (bounded). */
  async attach(res: ServerResponse, topics: Topic[], lastEventId: number | null, userId: string | null) {
    const openedAt = Date.now();
    const conn: Connection = { res, topics: new Set(topics), pending: [], lastSentId: 0, userId, openedAt };
    this.all.add(conn);
    for (const t of conn.topics) {
      if (t === 'public') continue;
      let set = this.byTopic.get(t);
      if (!set) {
        set = new Set();
        this.byTopic.set(t, set);
      }
      set.add(conn);
    }
    res.on('close', () => {
      this.detach(conn);
      if (userId && this.onStreamClosed) this.onStreamClosed(userId, Date.now() - openedAt);
    });

    res.write(`retry: ${LIMITS.realtimeReconnectBackoffMs[0]}\n\n`);
    try {
      if (lastEventId !== null && Number.isFinite(lastEventId)) {
        const { rows: minRows } = await this.dbh.query<{ min: string | null }>(
          'SELECT min(id) AS min FROM realtime_events',
        );
        const oldest =
          minRows[0]?.min === null || minRows[0]?.min === undefined ? null : Number(minRows[0].min);
        const { rows } = await this.dbh.query<Row>(
          `SELECT id, topic, type, data FROM realtime_events WHERE id > $1 AND topic = ANY($2::text[])
           ORDER BY id ASC LIMIT ${LIMITS.realtimeReplayLimit + 1}`,
          [lastEventId, [...conn.topics]],
        );
        // Too far behind (pruned, or more than the replay limit): tell the client to refetch everything.
        if ((oldest !== null && oldest > lastEventId + 1) || rows.length > LIMITS.realtimeReplayLimit) {
          res.write('event: resync\ndata: {}\n\n');
        }
        for (const r of rows.slice(0, LIMITS.realtimeReplayLimit)) {
          const e: RealtimeEvent = { id: String(r.id), topic: r.topic as Topic, type: r.type, data: r.data };
          conn.lastSentId = Number(r.id);
          res.write(frame(e));
        }
        if (conn.lastSentId < lastEventId) conn.lastSentId = lastEventId;
      } else {
        const { rows } = await this.dbh.query<{ max: string | null }>(
          'SELECT max(id) AS max FROM realtime_events',
        );
        const latest = rows[0]?.max ? Number(rows[0].max) : 0;
        conn.lastSentId = latest;
        res.write(`id: ${latest}\nevent: ready\ndata: {}\n\n`);
      }
    } finally {
      const waiting = conn.pending ?? [];
      conn.pending = null;
      for (const e of waiting) {
        if (Number(e.id) > conn.lastSentId) {
          conn.lastSentId = Number(e.id);
          res.write(frame(e));
        }
      }
    }
  }

  /**
   * How long this member has been continuously listening here: since the oldest of their open streams
   * (ms), or 0 when none is open. The long_listener badge is checked against it.
   */
  connectedMsOf(userId: string, now = Date.now()): number {
    const set = this.byTopic.get(`user:${userId}`);
    if (!set || set.size === 0) return 0;
    let oldest = now;
    for (const c of set) oldest = Math.min(oldest, c.openedAt);
    return now - oldest;
  }

  /** Number of open streams of one member on this instance. */
  streamsOf(userId: string): number {
    return this.byTopic.get(`user:${userId}`)?.size ?? 0;
  }

  private detach(conn: Connection) {
    this.all.delete(conn);
    for (const t of conn.topics) {
      const set = this.byTopic.get(t);
      if (!set) continue;
      set.delete(conn);
      if (set.size === 0) this.byTopic.delete(t);
    }
  }

  private ping() {
    for (const c of this.all) if (!c.pending) c.res.write(': ping\n\n');
  }

  /** End every stream (graceful shutdown) and stop listening. */
  async close() {
    if (this.closed) return;
    this.closed = true;
    if (this.heartbeat) clearInterval(this.heartbeat);
    for (const c of [...this.all]) c.res.end();
    this.all.clear();
    this.byTopic.clear();
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
