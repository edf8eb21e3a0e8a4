import { createWriteStream, existsSync } from 'node:fs';
import { rename, rm, stat } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Config } from '../../config';
import { openPglite, openPostgres } from '../../db/client';
import { BackupRefused } from './backup-format';
import { verifyBackup } from './backup-reader';
import { writeBackup } from './backup-writer';
import { type ControlInfo, runningApp } from './control-file';
import { restoreBackup } from './restore';

type CliConfig = Pick<Config, 'dataDir' | 'DATABASE_URL'>;
type Out = (line: string) => void;

export const formatBytes = (n: number) =>
  n >= 1024 ** 3
    ? `${(n / 1024 ** 3).toFixed(2)} GB`
    : n >= 1024 ** 2
      ? `${(n / 1024 ** 2).toFixed(1)} MB`
      : `${(n / 1024).toFixed(1)} KB`;

/** Asks the running app (embedded database) for a backup over its loopback control endpoint. */
async function backupFromApp(app: ControlInfo, partial: string) {
  await new Promise<void>((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: app.port,
        path: '/backup',
        method: 'POST',
        headers: { authorization: `Bearer ${app.token}` },
      },
      (res) => {
        if (res.statusCode !== 200) {
          res.resume();
          reject(new BackupRefused(`The running app refused the backup (HTTP ${res.statusCode}).`));
          return;
        }
        pipeline(res, createWriteStream(partial, { mode: 0o600 })).then(resolve, reject);
      },
    );
    req.on('error', (err) =>
      reject(
        new BackupRefused(
          `The running app (process ${app.pid}) did not answer on its control port: ${err.message}`,
        ),
      ),
    );
    req.end();
  });
}

/**
 * `npm run backup -- FILE`: on PostgreSQL this process reads the database itself (a snapshot
 * transaction); on the embedded database it asks the running app, or opens the folder when the app is
 * stopped. The file is written beside its final name and renamed once whole and checked.
 */
export async function backupCommand(args: string[], config: CliConfig, out: Out): Promise<number> {
  const target = args.find((a) => !a.startsWith('--'));
  if (!target) {
    out('Usage: npm run backup -- FILE   (for example backups/onair.tar.gz)');
    return 2;
  }
  const file = path.resolve(target);
  const partial = `${file}.partial`;
  const started = Date.now();
  try {
    // A leftover of an earlier attempt would keep its own mode: the file is created afresh, 0600.
    await rm(partial, { force: true });
    let how: string;
    if (config.DATABASE_URL) {
      const dbh = await openPostgres(config.DATABASE_URL, 2);
      try {
        await writeBackup(dbh, config.dataDir, createWriteStream(partial, { mode: 0o600 }));
      } finally {
        await dbh.close();
      }
      how = 'PostgreSQL, read in one snapshot';
    } else {
      const app = await runningApp(config.dataDir);
      if (app) {
        await backupFromApp(app, partial);
        how = `embedded database, taken by the running app (process ${app.pid})`;
      } else {
        const dbDir = path.join(config.dataDir, 'db');
        if (!existsSync(dbDir)) throw new BackupRefused(`No database in ${dbDir}: nothing to back up.`);
        const dbh = await openPglite(dbDir);
        try {
          await writeBackup(dbh, config.dataDir, createWriteStream(partial, { mode: 0o600 }));
        } finally {
          await dbh.close();
        }
        how = 'embedded database, app stopped';
      }
    }
    const manifest = await verifyBackup(partial);
    await rename(partial, file);
    const size = (await stat(file)).size;
    const rows = manifest.tables.reduce((s, t) => s + t.rows, 0);
    const files = manifest.entries.filter((e) => e.name.startsWith('files/'));
    out(
      `Wrote ${file}: ${formatBytes(size)} (${size} bytes) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    out(
      `  database: ${manifest.tables.length} tables, ${rows} rows, migration ${manifest.database.migration.tag} (${how})`,
    );
    out(
      `  files: ${files.length} (${formatBytes(files.reduce((s, e) => s + e.size, 0))}) from ${config.dataDir}`,
    );
    out(
      `  settings: ${
        manifest.entries
          .filter((e) => e.name.startsWith('settings/'))
          .map((e) => e.name.slice(9))
          .join(', ') || 'none'
      }`,
    );
    return 0;
  } catch (err) {
    await rm(partial, { force: true });
    out(`Backup failed: ${err instanceof Error ? err.message : String(err)}`);
    return 1;
  }
}

/** `npm run restore -- FILE [--force]`, with the app stopped. */
export async function restoreCommand(args: string[], config: CliConfig, out: Out): Promise<number> {
  const file = args.find((a) => !a.startsWith('--'));
  const unknown = args.filter((a) => a.startsWith('--') && a !== '--force');
  if (!file || unknown.length > 0) {
    out('Usage: npm run restore -- FILE [--force]');
    return 2;
  }
  const started = Date.now();
  try {
    const r = await restoreBackup(path.resolve(file), {
      dataDir: config.dataDir,
      databaseUrl: config.DATABASE_URL,
      force: args.includes('--force'),
      say: out,
    });
    out(
      `Restored ${r.tables} tables (${r.rows} rows) into ${config.DATABASE_URL ? 'PostgreSQL' : `the embedded database in ${config.dataDir}`} and ${r.files} files in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
    );
    if (r.checksumDifferences.length > 0) {
      out(
        `  Note: these tables read back with other bytes than the backup's (same row counts): ${r.checksumDifferences.join(', ')}`,
      );
    }
    out('Start OnAir: it applies any newer migrations at start.');
    return 0;
  } catch (err) {
    out(
      err instanceof BackupRefused
        ? `Restore refused: ${err.message}`
        : `Restore failed, nothing was changed: ${err instanceof Error ? err.message : String(err)}`,
    );
    return 1;
  }
}
