import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, open, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable, Transform, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import tar from 'tar-stream';
import type { DbHandle } from '../../db/client';
import { fromRoot } from '../../paths';
import {
  BACKUP_FOLDERS,
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  BACKUP_SETTINGS_FILES,
  MANIFEST_ENTRY,
  type Manifest,
  SEQUENCES_ENTRY,
  tableEntry,
} from './backup-format';
import { listStationTables, readSequences, sha256, spoolTable } from './db-rows';
import { appliedMigration } from './migrations-journal';
import { inSnapshot } from './sql-session';

export const APP_VERSION: string = (() => {
  try {
    return (JSON.parse(readFileSync(fromRoot('package.json'), 'utf8')) as { version: string }).version;
  } catch {
    return 'unknown';
  }
})();

/** Every entry is readable by its owner only, as the station's own files are (docs/operations/backups.md). */
const ENTRY_MODE = 0o600;

export interface BackupSummary {
  manifest: Manifest;
  /** Bytes of the gzipped file. */
  sizeBytes: number;
  files: number;
  fileBytes: number;
}

/**
 * Writes one backup to `out`: the database read in one snapshot, then the settings and the files. A
 * file uploaded after the snapshot may be in the backup without a row that names it (harmless); a file
 * is read from an open handle, so one deleted meanwhile is still read whole.
 */
export async function writeBackup(dbh: DbHandle, dataDir: string, out: Writable): Promise<BackupSummary> {
  // Each table's rows go to a private spool file inside the snapshot, then into the archive: a table of
  // any size is streamed, never held whole (docs/operations/backups.md#what-is-in-the-file).
  const spool = await mkdtemp(path.join(os.tmpdir(), 'onair-backup-'));
  try {
    return await writeFromSpool(dbh, dataDir, out, spool);
  } finally {
    await rm(spool, { recursive: true, force: true });
  }
}

async function writeFromSpool(dbh: DbHandle, dataDir: string, out: Writable, spool: string) {
  const snapshot = await inSnapshot(dbh, async (run) => {
    const migration = await appliedMigration(run);
    if (!migration) throw new Error('The database has no OnAir migrations: nothing to back up.');
    const tables: { name: string; rows: number; file: string }[] = [];
    for (const name of await listStationTables(run)) {
      const file = path.join(spool, `${tables.length}.ndjson`);
      tables.push({ name, rows: await spoolTable(run, name, file), file });
    }
    return { migration, tables, sequences: await readSequences(run) };
  });

  const pack = tar.pack();
  let sizeBytes = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _enc, cb) {
      sizeBytes += chunk.length;
      cb(null, chunk);
    },
  });
  // Pictures and audio do not compress: a light level keeps the CPU for the station.
  const written = pipeline(Readable.from(pack), createGzip({ level: 1 }), counter, out);
  written.catch(() => {});
  const entries: Manifest['entries'] = [];
  const add = (name: string, bytes: Buffer) =>
    new Promise<void>((resolve, reject) => {
      entries.push({ name, size: bytes.length, sha256: sha256(bytes) });
      pack.entry({ name, size: bytes.length, mtime: new Date(0), mode: ENTRY_MODE }, bytes, (err) =>
        err ? reject(err) : resolve(),
      );
    });

  let files = 0;
  let fileBytes = 0;
  try {
    const tables: Manifest['tables'] = [];
    for (const t of snapshot.tables) {
      const name = tableEntry(t.name);
      const { size, digest } = await addFile(pack, name, t.file, new Date(0));
      entries.push({ name, size, sha256: digest });
      tables.push({ name: t.name, rows: t.rows, sha256: digest });
    }
    await add(SEQUENCES_ENTRY, Buffer.from(JSON.stringify(snapshot.sequences)));
    for (const name of BACKUP_SETTINGS_FILES) {
      const file = path.join(dataDir, name);
      if (existsSync(file)) await add(`settings/${name}`, await readFile(file));
    }
    for (const folder of BACKUP_FOLDERS) {
      for await (const rel of walk(path.join(dataDir, folder))) {
        const name = `files/${folder}/${rel}`;
        const { size, digest } = await addFile(pack, name, path.join(dataDir, folder, rel));
        entries.push({ name, size, sha256: digest });
        files += 1;
        fileBytes += size;
      }
    }
    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      formatVersion: BACKUP_FORMAT_VERSION,
      appVersion: APP_VERSION,
      createdAt: new Date().toISOString(),
      database: { kind: dbh.kind, migration: snapshot.migration },
      tables,
      sequences: snapshot.sequences,
      entries: [...entries],
    };
    await new Promise<void>((resolve, reject) =>
      pack.entry(
        { name: MANIFEST_ENTRY, mtime: new Date(0), mode: ENTRY_MODE },
        JSON.stringify(manifest, null, 1),
        (err) => (err ? reject(err) : resolve()),
      ),
    );
    pack.finalize();
    await written;
    return { manifest, sizeBytes, files, fileBytes };
  } catch (err) {
    pack.destroy(err as Error);
    await written.catch(() => {});
    throw err;
  }
}

/** The regular files under a folder, as paths relative to it (sorted; symbolic links are not followed). */
async function* walk(root: string, rel = ''): AsyncGenerator<string> {
  let items: import('node:fs').Dirent[];
  try {
    items = await readdir(path.join(root, rel), { withFileTypes: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw err;
  }
  items.sort((a, b) => (a.name < b.name ? -1 : 1));
  for (const item of items) {
    const child = rel ? `${rel}/${item.name}` : item.name;
    if (item.isDirectory()) yield* walk(root, child);
    else if (item.isFile() && !item.name.endsWith('.partial')) yield child;
  }
}

async function addFile(pack: tar.Pack, name: string, file: string, at?: Date) {
  const fh = await open(file, 'r');
  try {
    const { size, mtime: modified } = await fh.stat();
    const mtime = at ?? modified;
    const hash = createHash('sha256');
    let done: (err?: Error | null) => void = () => {};
    const finished = new Promise<void>((resolve, reject) => {
      done = (err) => (err ? reject(err) : resolve());
    });
    const entry = pack.entry({ name, size, mtime, mode: ENTRY_MODE }, (err) => done(err));
    let left = size;
    const buf = Buffer.allocUnsafe(256 * 1024);
    while (left > 0) {
      const { bytesRead } = await fh.read(buf, 0, Math.min(buf.length, left), size - left);
      if (bytesRead === 0) throw new Error(`${name} shrank while it was being backed up`);
      const chunk = Buffer.from(buf.subarray(0, bytesRead));
      hash.update(chunk);
      left -= bytesRead;
      if (!entry.write(chunk)) await new Promise<void>((r) => entry.once('drain', r));
    }
    entry.end();
    await finished;
    return { size, digest: hash.digest('hex') };
  } finally {
    await fh.close();
  }
}
