import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { MIGRATIONS_FOLDER } from '../../db/client';
import { BackupRefused } from './backup-format';
import type { Run } from './sql-session';

export interface JournalEntry {
  tag: string;
  when: number;
}

/** The app's migrations, in order, as drizzle's migrator reads them (meta/_journal.json). */
export function readJournal(folder = MIGRATIONS_FOLDER): JournalEntry[] {
  const journal = JSON.parse(readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: JournalEntry[];
  };
  return journal.entries.map((e) => ({ tag: e.tag, when: e.when }));
}

/** The last migration applied to a database, or null for a database OnAir never migrated. */
export async function appliedMigration(run: Run, journal = readJournal()): Promise<JournalEntry | null> {
  const [exists] = await run<{ ok: boolean }>(
    "SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS ok",
  );
  if (!exists?.ok) return null;
  const [last] = await run<{ created_at: string }>(
    'SELECT created_at::text AS created_at FROM drizzle.__drizzle_migrations ORDER BY created_at DESC LIMIT 1',
  );
  if (!last) return null;
  const when = Number(last.created_at);
  return journal.find((e) => e.when === when) ?? { tag: `unknown (${when})`, when };
}

/** Whether the app's migrations would change this database (the pre-upgrade backup asks). */
export function migrationsPending(applied: JournalEntry | null, journal = readJournal()): boolean {
  const latest = journal[journal.length - 1];
  return applied !== null && latest !== undefined && applied.when < latest.when;
}

/**
 * Creates the schema of an empty database exactly as drizzle's migrator would have left it at the
 * backup's migration (the same statements, the same rows in drizzle.__drizzle_migrations), inside the
 * caller's transaction. The app's own migrator applies the later ones at its next start.
 */
export async function migrateTo(run: Run, target: JournalEntry, folder = MIGRATIONS_FOLDER) {
  const journal = readJournal(folder);
  const upto = journal.findIndex((e) => e.when === target.when);
  if (upto < 0) {
    const latest = journal[journal.length - 1];
    throw new BackupRefused(
      target.when > (latest?.when ?? 0)
        ? `This backup was made by a newer version of OnAir (database migration ${target.tag}); install that version (or newer) and restore with it.`
        : `This backup's database migration (${target.tag}) is not one this version of OnAir knows.`,
    );
  }
  await run('CREATE SCHEMA IF NOT EXISTS drizzle');
  await run(
    'CREATE TABLE IF NOT EXISTS drizzle.__drizzle_migrations (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at bigint)',
  );
  for (const entry of journal.slice(0, upto + 1)) {
    const text = readFileSync(path.join(folder, `${entry.tag}.sql`), 'utf8');
    for (const stmt of text.split('--> statement-breakpoint')) {
      if (stmt.trim()) await run(stmt);
    }
    await run('INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES ($1, $2)', [
      createHash('sha256').update(text).digest('hex'),
      entry.when,
    ]);
  }
}
