import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { type DbHandle, openPglite, openPostgres } from '../../db/client';
import { BACKUP_FOLDERS, BACKUP_SETTINGS_FILES, BackupRefused, type Manifest } from './backup-format';
import { verifyBackup } from './backup-reader';
import { runningApp } from './control-file';
import { listTables, loadOrder, loadTable, setSequences, tableDigest } from './db-rows';
import { migrateTo } from './migrations-journal';
import { unpackBackup } from './restore-unpack';
import { ident, inWriteTransaction, type Run } from './sql-session';

export interface RestoreTarget {
  dataDir: string;
  /** PostgreSQL; without it the embedded database in DATA_DIR/db. */
  databaseUrl?: string;
  force?: boolean;
  /** Progress lines (the CLI prints them). */
  say?: (line: string) => void;
}

export interface RestoreResult {
  manifest: Manifest;
  tables: number;
  rows: number;
  files: number;
  /** Tables whose rows read back differently from the backup's bytes (none, unless engines format a value differently). */
  checksumDifferences: string[];
}

const isEmptyDir = async (dir: string) => {
  try {
    return (await readdir(dir)).length === 0;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw err;
  }
};

async function pgContents(dbh: DbHandle, run?: Run): Promise<number> {
  const q = run ?? (async (t: string) => (await dbh.query(t)).rows as never[]);
  const [r] = await q<{ n: number }>(
    `SELECT count(*)::int AS n FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE (n.nspname = 'public' AND c.relkind IN ('r', 'p', 'v', 'S')) OR (n.nspname = 'drizzle' AND c.relkind = 'r')`,
  );
  return Number(r?.n ?? 0);
}

/**
 * Puts a backup back, with the app stopped: the file is checked whole first; then the database (schema
 * from the app's migrations up to the backup's, then the rows, parents first, then the sequences) is
 * loaded in one transaction, and the files are unpacked beside DATA_DIR's folders and moved into place
 * only once the database committed. A refusal changes nothing.
 */
export async function restoreBackup(file: string, target: RestoreTarget): Promise<RestoreResult> {
  const say = target.say ?? (() => {});
  const dataDir = path.resolve(target.dataDir);
  const app = await runningApp(dataDir);
  if (app)
    throw new BackupRefused(`OnAir is running on ${dataDir} (process ${app.pid}). Stop it, then restore.`);

  say(`Checking ${file}...`);
  const manifest = await verifyBackup(file);
  say(
    `Backup of ${manifest.createdAt} (OnAir ${manifest.appVersion}, ${manifest.database.kind === 'pg' ? 'PostgreSQL' : 'embedded database'}, migration ${manifest.database.migration.tag}): ${manifest.tables.length} tables, ${manifest.tables.reduce((s, t) => s + t.rows, 0)} rows.`,
  );

  const busy: string[] = [];
  const dbDir = path.join(dataDir, 'db');
  let dbh: DbHandle | null = null;
  const staging = path.join(dataDir, `.restore-${randomBytes(4).toString('hex')}`);
  try {
    if (target.databaseUrl) {
      dbh = await openPostgres(target.databaseUrl, 2);
      const n = await pgContents(dbh);
      if (n > 0) busy.push(`the PostgreSQL database already holds ${n} tables or sequences`);
    } else if (!(await isEmptyDir(dbDir))) busy.push(`${dbDir} is not empty`);
    for (const folder of BACKUP_FOLDERS) {
      const dir = path.join(dataDir, folder);
      if (!(await isEmptyDir(dir))) busy.push(`${dir} is not empty`);
    }
    if (busy.length > 0 && !target.force) {
      throw new BackupRefused(
        `The target is not empty: ${busy.join('; ')}. Restore into an empty DATA_DIR and database, or add --force to replace what is there.`,
      );
    }

    await mkdir(staging, { recursive: true, mode: 0o700 });
    if (!dbh) dbh = await openPglite(path.join(staging, 'db'));
    const result = await inWriteTransaction(dbh, async (run) => {
      if (target.databaseUrl && target.force) {
        await run('DROP SCHEMA IF EXISTS public CASCADE');
        await run('CREATE SCHEMA public');
        await run('DROP SCHEMA IF EXISTS drizzle CASCADE');
        await run('DROP SCHEMA IF EXISTS pgboss CASCADE');
      }
      say(`Creating the schema (migrations up to ${manifest.database.migration.tag})...`);
      await migrateTo(run, manifest.database.migration);

      const { files, sequences, rowsOf } = await unpackBackup(file, manifest, staging);

      const present = new Set(await listTables(run));
      const missing = manifest.tables.filter((t) => !present.has(t.name)).map((t) => t.name);
      if (missing.length > 0)
        throw new BackupRefused(`The backup's tables ${missing.join(', ')} are not in OnAir's schema.`);
      const { order, selfRef } = await loadOrder(
        run,
        manifest.tables.map((t) => t.name),
      );
      say(`Loading ${order.length} tables...`);
      let total = 0;
      // The migrations seed some rows (system roles, counters such as media_state): the backup's rows
      // replace them. Triggers the app defines (media_state's change counters) stay off while loading, so
      // every table ends as the backup holds it; foreign keys are still checked.
      const tables = order.map((t) => `public.${ident(t)}`);
      for (const t of tables) await run(`ALTER TABLE ${t} DISABLE TRIGGER USER`);
      if (tables.length > 0) await run(`TRUNCATE ${tables.join(', ')}`);
      for (const table of order) total += await loadTable(run, table, rowsOf(table), selfRef.has(table));
      for (const t of tables) await run(`ALTER TABLE ${t} ENABLE TRIGGER USER`);
      await setSequences(run, sequences);

      // Read back: every table holds as many rows as the backup; its rows' bytes are compared too.
      const checksumDifferences: string[] = [];
      for (const t of manifest.tables) {
        const got = await tableDigest(run, t.name);
        if (got.rows !== t.rows)
          throw new Error(`Table ${t.name}: ${got.rows} rows loaded, the backup has ${t.rows}.`);
        if (got.sha256 !== t.sha256) checksumDifferences.push(t.name);
      }
      return { tables: order.length, rows: total, files, checksumDifferences };
    });
    await dbh.close();
    dbh = null;

    // The database committed: the files and settings go into place.
    const old = path.join(staging, 'replaced');
    await mkdir(old, { recursive: true, mode: 0o700 });
    if (!target.databaseUrl) {
      if (existsSync(dbDir)) await rename(dbDir, path.join(old, 'db'));
      await rename(path.join(staging, 'db'), dbDir);
    }
    for (const folder of BACKUP_FOLDERS) {
      const from = path.join(staging, 'files', folder);
      const to = path.join(dataDir, folder);
      if (existsSync(to)) await rename(to, path.join(old, folder));
      if (existsSync(from)) await rename(from, to);
    }
    for (const name of BACKUP_SETTINGS_FILES) {
      const from = path.join(staging, 'settings', name);
      if (existsSync(from)) {
        await rename(from, path.join(dataDir, name));
        await chmod(path.join(dataDir, name), 0o600);
      }
    }
    return { manifest, ...result };
  } finally {
    await dbh?.close().catch(() => {});
    await rm(staging, { recursive: true, force: true });
  }
}
