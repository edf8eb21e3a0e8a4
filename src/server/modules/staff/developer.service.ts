import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { DatabaseView, SystemStatus } from '../../../shared/contracts/staff';
import type { AppContext } from '../../context';
import { MIGRATIONS_FOLDER, queryRows } from '../../db/client';

/**
 * The Developer section's read-only views. The database view gives row counts per table and the
 * migration state, never a row: accounts, sessions, keys and secrets stay where they are.
 */
type Ctx = Pick<AppContext, 'db' | 'dbh' | 'realtime' | 'jobs' | 'station'>;

const VERSION = (() => {
  try {
    const pkg = JSON.parse(readFileSync(path.resolve(MIGRATIONS_FOLDER, '../../../../package.json'), 'utf8'));
    return typeof pkg.version === 'string' ? pkg.version : 'unknown';
  } catch {
    return 'unknown';
  }
})();

export async function systemStatus(ctx: Ctx): Promise<SystemStatus> {
  const started = performance.now();
  let reachable = true;
  try {
    await ctx.dbh.query('SELECT 1 AS ok');
  } catch {
    reachable = false;
  }
  const latencyMs = Math.round((performance.now() - started) * 10) / 10;
  const engine = await ctx.station.backend.status().catch(() => null);
  return {
    database: { kind: ctx.dbh.kind, reachable, latencyMs },
    engine: {
      kind: ctx.station.backend.kind,
      configured: engine?.configured ?? false,
      onAir: engine?.onAir ?? false,
    },
    jobs: { running: ctx.jobs.started },
    eventStreams: ctx.realtime.connectionCount,
    version: VERSION,
    node: process.version,
    uptimeSeconds: Math.round(process.uptime()),
  };
}

interface JournalEntry {
  tag: string;
  when: number;
}

function journal(): JournalEntry[] {
  try {
    const j = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8'));
    return (j.entries as JournalEntry[]).map((e) => ({ tag: e.tag, when: e.when }));
  } catch {
    return [];
  }
}

/** Row counts of every table of the app's schema, and which migrations have been applied when. */
export async function databaseView(ctx: Pick<AppContext, 'db' | 'dbh'>): Promise<DatabaseView> {
  const tables = await queryRows<{ name: string }>(
    ctx.db,
    sql`SELECT table_name AS name FROM information_schema.tables
         WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  const counted: DatabaseView['tables'] = [];
  for (const t of tables) {
    // Names come from the catalogue, quoted as identifiers; only a count ever leaves the database.
    const [{ n }] = await queryRows<{ n: number }>(
      ctx.db,
      sql`SELECT count(*)::int AS n FROM ${sql.identifier(t.name)}`,
    );
    counted.push({ name: t.name, rows: Number(n) });
  }
  // drizzle records each applied migration by its journal time.
  let rows: { created_at: string | number }[] = [];
  try {
    rows = await queryRows<{ created_at: string | number }>(
      ctx.db,
      sql`SELECT created_at FROM drizzle.__drizzle_migrations`,
    );
  } catch {
    rows = [];
  }
  const applied = new Set(rows.map((a) => Number(a.created_at)));
  return {
    kind: ctx.dbh.kind,
    tables: counted,
    migrations: journal().map((e) => ({
      tag: e.tag,
      createdAt: new Date(e.when).toISOString(),
      applied: applied.has(e.when),
    })),
  };
}
