import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { z } from 'zod';
import type { DbHandle } from '../db/client';

/** A background job: a name, the shape of its payload, an optional cron schedule and what it does. */
export interface JobDefinition<S extends z.ZodType = z.ZodType> {
  name: string;
  schema: S;
  /** Cron expression (UTC) for recurring jobs. */
  cron?: string;
  handler: (data: z.infer<S>) => Promise<unknown>;
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
  private readonly defs = new Map<string, JobDefinition>();

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

  async start() {
    const boss = this.databaseUrl
      ? new PgBoss({ connectionString: this.databaseUrl, max: 3, schema: 'pgboss' })
      : new PgBoss({ db: { executeSql: (text, values) => this.dbh.query(text, values) }, schema: 'pgboss' });
    boss.on('error', (err) => this.log.error({ err }, 'jobs: pg-boss error'));
    await boss.start();
    this.boss = boss;
    for (const def of this.defs.values()) {
      await boss.createQueue(def.name);
      await boss.work(def.name, { pollingIntervalSeconds: 5 }, async (jobs) => {
        for (const job of jobs) {
          const data = def.schema.parse(job.data ?? {});
          const result = await def.handler(data);
          this.log.info({ job: def.name, result }, 'jobs: done');
        }
      });
      if (def.cron) await boss.schedule(def.name, def.cron, {}, { tz: 'UTC' });
    }
  }

  /** Queue a job now. */
  async send(name: string, data: object = {}) {
    const def = this.defs.get(name);
    if (!def) throw new Error(`Unknown job ${name}`);
    if (!this.boss) throw new Error('Jobs are not running in this instance');
    return this.boss.send(name, def.schema.parse(data) as object);
  }

  /** Run a job's handler directly in this process (used by tests and by on-demand admin actions). */
  async runNow(name: string, data: object = {}) {
    const def = this.defs.get(name);
    if (!def) throw new Error(`Unknown job ${name}`);
    return def.handler(def.schema.parse(data));
  }

  async stop() {
    if (!this.boss) return;
    const boss = this.boss;
    this.boss = null;
    await boss.stop({ graceful: true, timeout: 3000, wait: true, close: true }).catch(() => {});
  }
}
