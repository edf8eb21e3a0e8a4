import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { type DbHandle, LISTENER_APPLICATION_NAME } from '../../db/client';

const TIMEOUT_MS = 2000;
const REMEMBERED = 2000;

/**
 * Confirmed delivery between instances sharing one PostgreSQL. For events that must hold on the very
 * next request anywhere (a session ended, rights changed), the publishing instance counts the instances
 * listening on the database, publishes, and returns only once each has acknowledged the event after
 * applying it (dropping its cached actors, closing streams). An instance that does not answer within
 * two seconds is given up on (and logged); its cache entries still expire within a minute.
 */
export class DeliveryAcks {
  readonly instanceId = randomUUID();
  private readonly acks = new Map<string, Set<string>>();
  private readonly waiters = new Map<string, { expected: number; done: () => void }>();
  /** Events this instance published: it acknowledges them to itself, without a query. */
  private readonly mine = new Set<string>();

  constructor(
    private readonly dbh: DbHandle,
    private readonly channel: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** How many instances listen on this database now, this one included. */
  async listeningInstances(): Promise<number> {
    const { rows } = await this.dbh.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name = $1',
      [LISTENER_APPLICATION_NAME],
    );
    return Math.max(1, rows[0]?.n ?? 1);
  }

  published(eventId: string) {
    remember(this.mine, eventId);
  }

  /** This instance applied a confirmed event: acknowledge it to its publisher. */
  async applied(eventId: string) {
    if (this.mine.has(eventId)) {
      this.received(eventId, this.instanceId);
      return;
    }
    const payload = JSON.stringify({ ack: eventId, from: this.instanceId });
    await this.dbh.query('SELECT pg_notify($1, $2)', [this.channel, payload]).catch((err) => {
      this.log.warn({ err }, 'realtime: could not acknowledge an event');
    });
  }

  received(eventId: string, from: string) {
    let set = this.acks.get(eventId);
    if (!set) {
      set = new Set();
      this.acks.set(eventId, set);
      if (this.acks.size > REMEMBERED) this.acks.delete(this.acks.keys().next().value as string);
    }
    set.add(from);
    const w = this.waiters.get(eventId);
    if (w && set.size >= w.expected) w.done();
  }

  /** Settles once `expected` instances have acknowledged the event, or after the timeout. */
  wait(eventId: string, expected: number): Promise<void> {
    if ((this.acks.get(eventId)?.size ?? 0) >= expected) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        this.log.warn(
          { eventId, expected, got: this.acks.get(eventId)?.size ?? 0 },
          'realtime: not every instance acknowledged a confirmed event in time',
        );
        done();
      }, TIMEOUT_MS);
      timer.unref();
      const done = () => {
        clearTimeout(timer);
        this.waiters.delete(eventId);
        resolve();
      };
      this.waiters.set(eventId, { expected, done });
    });
  }

  /** Shutdown: nobody waits any longer. */
  releaseAll() {
    for (const w of [...this.waiters.values()]) w.done();
  }
}

function remember(set: Set<string>, id: string) {
  set.add(id);
  if (set.size > REMEMBERED) set.delete(set.values().next().value as string);
}
