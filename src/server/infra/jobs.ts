import { type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { z } from 'zod';
import { type DbHandle, type DbOrTx, queryRows } from '../db/client';

/** A background job: a name, the shape of its payload, an optional cron schedule and what it does. */
export interface JobDefinition<S extends z.ZodType = z.ZodType> {
  name: string;
  schema: S;
  /** Cron expression (UTC) for recurring jobs. */
  cron?: string;
  handler: (data: z.infer<S>) => Promise<unknown>;
  /** Also queue one run as soon as the job runner starts (fresh state after a restart). */
  runOnStart?: boolean;
  /** Queue options (retries with back-off, expiry, a dead-letter queue registered before this one). */
  queue?: Pick<PgBoss.Queue, 'retryLimit' | 'retryDelay' | 'retryBackoff' | 'expireInSeconds' | 'deadLetter'>;
  /** How often an idle worker looks for work (default 5 s); `drain` fetches again at once after a job. */
  work?: { pollingIntervalSeconds?: number; drain?: boolean };
}

/**
 * pg-boss's SQL (text with $n placeholders) run through a Drizzle transaction: a job sent this way is
 * committed, or rolled back, with the caller's own changes (an outbox).
 */
export function txExecutor(tx: DbOrTx) {
  return {
    executeSql: async (text: string, values: unknown[] = []) => {
      const parts = text.split(/\$(\d+)/);
      const chunks: SQL[] = parts.map((part, i) => {
        if (i % 2 === 0) return sql.raw(part);
        const v = values[Number(part) - 1];
        const param =
          v instanceof Date ? v.toISOString() : v !== null && typeof v === 'object' ? JSON.stringify(v) : v;
        return sql`${param ?? null}`;
      });
      return { rows: await queryRows<Record<string, unknown>>(tx, sql.join(chunks, sql.raw(''))) };
    },
  };
}

export function defineJob<S extends z.ZodType>(def: JobDefinition<S>): JobDefinition<S> {
  return def;
}

/**
 * pg-boss on whichever database the app runs on: on PostgreSQL through its own pool, on the embedded
 * database through `db.executeSql`. Retries, cron and singletons come from pg-boss.
 */
export class Jobs {
  private boss: PgBoss | null = null;
  /** The start in progress (or done), so a stop waits for it and a second start does not run twice. */
  private starting: Promise<void> | null = null;
  private readonly defs = new Map<string, JobDefinition>();
  private readonly workers = new Map<string, string>();

  constructor(
    private readonly dbh: DbHandle,
    private readonly log: FastifyBaseLogger,
    private readonly databaseUrl: string | undefined,
  ) {}

  register(...defs: JobDefinition[]) {
    for (const d of defs) this.defs.set(d.name, d);
  }

  get started() {
    return this.boss !== null;
  }

  /** The registered queues, by name (the admin's system status counts their jobs). */
  get names(): string[] {
    return [...this.defs.keys()];
  }

  /** Starts pg-boss, creates the queues and their workers and schedules; once, however often it is called. */
  start(): Promise<void> {
    this.starting ??= this.startBoss();
    return this.starting;
  }

  private async startBoss() {
    const boss = this.databaseUrl
      ? new PgBoss({ connectionString: this.databaseUrl, max: 3, schema: 'pgboss' })
      : new PgBoss({ db: { executeSql: (text, values) => this.dbh.query(text, values) }, schema: 'pgboss' });
    boss.on('error', (err) => this.log.error({ err }, 'jobs: pg-boss error'));
    await boss.start();
    for (const def of this.defs.values()) {
      await boss.createQueue(def.name, def.queue ? { name: def.name, ...def.queue } : undefined);
      if (def.queue) await boss.updateQueue(def.name, { name: def.name, ...def.queue });
      const pollingIntervalSeconds = def.work?.pollingIntervalSeconds ?? 5;
      const workerId = await boss.work(def.name, { pollingIntervalSeconds }, async (jobs) => {
        for (const job of jobs) {
          const data = def.schema.parse(job.data ?? {});
          const result = await def.handler(data);
          this.log.info({ job: def.name, result }, 'jobs: done');
        }
        if (def.work?.drain) boss.notifyWorker(workerId);
      });
      this.workers.set(def.name, workerId);
      if (def.cron) await boss.schedule(def.name, def.cron, {}, { tz: 'UTC' });
      if (def.runOnStart) await boss.send(def.name, {});
    }
    // Jobs are sent only once every queue exists (a job for a missing queue would be dropped silently).
    this.boss = boss;
  }

  /** Jobs per queue and state (created, retry, active, completed, failed…), read from pg-boss's table. */
  async counts(): Promise<{ queue: string; state: string; count: number }[]> {
    if (!this.boss) return [];
    const { rows } = await this.dbh.query<{ name: string; state: string; n: number }>(
      'SELECT name, state::text AS state, count(*)::int AS n FROM pgboss.job GROUP BY name, state',
      [],
    );
    return rows.map((r) => ({ queue: r.name, state: r.state, count: Number(r.n) }));
  }

  /** Queue a job now (or later, with `startAfter` seconds). */
  async send(name: string, data: object = {}, options: PgBoss.SendOptions = {}) {
    const def = this.defs.get(name);
    if (!def) throw new Error(`Unknown job ${name}`);
    if (!this.boss) throw new Error('Jobs are not running in this instance');
    return this.boss.send(name, def.schema.parse(data) as object, options);
  }

  /**
   * Queue a job inside the caller's transaction (it exists only if the transaction commits). Returns false
   * when this instance does not run jobs: the caller's outbox row is then picked up by a sweep.
   */
  async sendInTx(tx: DbOrTx, name: string, data: object, options: PgBoss.SendOptions = {}) {
    const def = this.defs.get(name);
    if (!def) throw new Error(`Unknown job ${name}`);
    if (!this.boss) return false;
    const id = await this.boss.send(name, def.schema.parse(data) as object, {
      ...options,
      db: txExecutor(tx),
    });
    return id !== null;
  }

  /** Queue a job to start later (a rate limit's wait). */
  async sendLater(name: string, data: object, startAfter: Date, db?: DbOrTx) {
    const def = this.defs.get(name);
    if (!def) throw new Error(`Unknown job ${name}`);
    if (!this.boss) throw new Error('Jobs are not running in this instance');
    return this.boss.send(name, def.schema.parse(data) as object, {
      startAfter,
      ...(db ? { db: txExecutor(db) } : {}),
    });
  }

  /** Wakes this instance's worker of a queue so a job just committed starts without waiting for a poll. */
  wake(name: string) {
    const id = this.workers.get(name);
    if (id && this.boss) this.boss.notifyWorker(id);
  }

  /** Run a job's handler directly in this process (used by tests and by on-demand admin actions). */
  async runNow(name: string, data: object = {}) {
    const def = this.defs.get(name);
    if (!def) throw new Error(`Unknown job ${name}`);
    return def.handler(def.schema.parse(data));
  }

  async stop() {
    // A start still running (the app starts its job runner after it listens) finishes first.
    const starting = this.starting;
    this.starting = null;
    await starting?.catch(() => {});
    if (!this.boss) return;
    const boss = this.boss;
    this.boss = null;
    this.workers.clear();
    await boss.stop({ graceful: true, timeout: 3000, wait: true, close: true }).catch(() => {});
  }
}
