import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { makePrivate } from '../infra/private-data';
import { fromRoot } from '../paths';
import { PgliteQueue, queued } from './pglite-queue';

/** The application name of each instance's LISTEN connection: counting them counts the instances. */
export const LISTENER_APPLICATION_NAME = 'onair-realtime';

import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A Drizzle transaction handle; services accept `Db | Tx` where they may run inside a caller's transaction. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export const MIGRATIONS_FOLDER = fromRoot('src', 'server', 'db', 'migrations');

/** The database, whichever engine runs it, plus the few engine-specific capabilities the app needs. */
export interface DbHandle {
  kind: 'pglite' | 'pg';
  db: Db;
  /**
   * Run raw SQL with positional parameters; used by pg-boss and LISTEN/NOTIFY helpers. `urgent` work
   * (publishing a realtime event) goes ahead of queued statements on the embedded database.
   */
  query<T = Record<string, unknown>>(
    text: string,
    params?: unknown[],
    opts?: { urgent?: boolean },
  ): Promise<{ rows: T[] }>;
  /** Subscribe to a NOTIFY channel. Returns an unsubscribe function. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  migrate(): Promise<void>;
  close(): Promise<void>;
  pglite?: PGlite;
  pool?: pg.Pool;
}

/**
 * The embedded database's memory settings, for a small station on a 1 GB server. PostgreSQL's default
 * 128 MB of shared buffers is touched in full when PGlite opens (about 110 MB of resident memory more);
 * a station's data is a few tens of MB, so 16 MB of buffers keeps it hot. Sorts and temporary tables get
 * modest limits too. Measured in bench/RESULTS.md (idle RSS after a restart).
 */
export const PGLITE_MEMORY_SETTINGS = [
  'shared_buffers=16MB',
  'work_mem=2MB',
  'maintenance_work_mem=16MB',
  'temp_buffers=2MB',
  'wal_buffers=1MB',
];

export async function openPglite(
  dataDir: string | null,
  opts: { loadDataDir?: Blob } = {},
): Promise<DbHandle> {
  if (dataDir) mkdirSync(path.dirname(dataDir), { recursive: true, mode: 0o700 });
  const raw = await PGlite.create(dataDir ?? undefined, {
    ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}),
    startParams: [...PGlite.defaultStartParams, ...PGLITE_MEMORY_SETTINGS.flatMap((s) => ['-c', s])],
  });
  // PGlite writes its first files 0666 in 0755 folders; the database is its user's only
  // (docs/operations/configuration.md#data_dir-is-private). Files it creates later follow the umask.
  if (dataDir) makePrivate(dataDir);
  const queue = new PgliteQueue();
  const client = queued(raw, queue);
  const db = drizzlePglite(client, { schema, casing: 'snake_case' }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    pglite: client,
    async query(text, params, { urgent = false } = {}) {
      // pg-boss sends multi-statement scripts without parameters: exec runs them all, the last result counts.
      if (!params || params.length === 0) {
        const results = await queue.run(() => raw.exec(text), urgent);
        const last = results[results.length - 1];
        return { rows: (last?.rows ?? []) as never[] };
      }
      const r = await queue.run(() => raw.query(text, params), urgent);
      return { rows: r.rows as never[] };
    },
    async listen(channel, onPayload) {
      const unsub = await raw.listen(channel, onPayload);
      return async () => unsub();
    },
    async migrate() {
      await migratePglite(drizzlePglite(raw), { migrationsFolder: MIGRATIONS_FOLDER });
    },
    async close() {
      if (!raw.closed) await queue.run(() => raw.close());
    },
  };
}

export async function openPostgres(url: string, poolSize = 10): Promise<DbHandle> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  pool.on('error', () => {
    /* idle client errors are reported by the next query */
  });
  const db = drizzlePg(pool, { schema, casing: 'snake_case' }) as unknown as Db;
  const listeners: pg.Client[] = [];
  return {
    kind: 'pg',
    db,
    pool,
    async query(text, params) {
      const r = await pool.query(text, params as unknown[] | undefined);
      return { rows: r.rows };
    },
    async listen(channel, onPayload) {
      // Named, so the instances listening on this database can be counted (infra/realtime/delivery-acks.ts).
      const client = new pg.Client({ connectionString: url, application_name: LISTENER_APPLICATION_NAME });
      await client.connect();
      client.on('error', () => {});
      client.on('notification', (n) => {
        if (n.channel === channel && n.payload !== undefined) onPayload(n.payload);
      });
      await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      listeners.push(client);
      return async () => {
        listeners.splice(listeners.indexOf(client), 1);
        await client.end().catch(() => {});
      };
    },
    async migrate() {
      // Several instances may start at once: one migrates while the others wait on the lock.
      const client = await pool.connect();
      try {
        await client.query('SELECT pg_advisory_lock(727274)');
        await migratePg(drizzlePg(client), { migrationsFolder: MIGRATIONS_FOLDER });
      } finally {
        await client.query('SELECT pg_advisory_unlock(727274)').catch(() => {});
        client.release();
      }
    },
    async close() {
      await Promise.all(listeners.map((c) => c.end().catch(() => {})));
      await pool.end();
    },
  };
}

export async function openDatabase(cfg: {
  DATABASE_URL?: string;
  dataDir: string;
  DATABASE_POOL_SIZE: number;
}) {
  if (cfg.DATABASE_URL) return openPostgres(cfg.DATABASE_URL, cfg.DATABASE_POOL_SIZE);
  return openPglite(path.join(cfg.dataDir, 'db'));
}

/** Rows of a raw SQL query, whichever driver runs it (both answer `{ rows }`). */
export async function queryRows<T>(db: DbOrTx, query: import('drizzle-orm').SQL): Promise<T[]> {
  const res = (await db.execute(query)) as unknown as { rows: T[] };
  return res.rows;
}
