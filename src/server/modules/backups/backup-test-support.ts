import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type DbHandle, openPostgres } from '../../db/client';
import { writeBackup } from './backup-writer';

/** Helpers the backup tests and the bench share (not used by the product). */
export const tmpDir = (prefix: string) => mkdtempSync(path.join(os.tmpdir(), `onair-${prefix}-`));

/** A few uploads in a DATA_DIR, nested as the app stores them; returns their relative paths and bytes. */
export function writeUploads(dataDir: string, count = 5): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  for (let i = 0; i < count; i++) {
    const rel = `uploads/${i % 2 ? 'avatars' : 'carousel'}/picture-${i}-${randomBytes(3).toString('hex')}.jpg`;
    const bytes = randomBytes(1000 + i * 777);
    mkdirSync(path.dirname(path.join(dataDir, rel)), { recursive: true });
    writeFileSync(path.join(dataDir, rel), bytes);
    files.set(rel, bytes);
  }
  writeFileSync(path.join(dataDir, 'auth-secret'), 'secret-of-the-station-0123456789abcdef');
  return files;
}

export function sameFiles(dataDir: string, files: Map<string, Buffer>) {
  return [...files].every(([rel, bytes]) => readFileSync(path.join(dataDir, rel)).equals(bytes));
}

export async function backupTo(dbh: DbHandle, dataDir: string, file: string) {
  return writeBackup(dbh, dataDir, createWriteStream(file));
}

/** The PostgreSQL server the cross-engine tests use: the suite's, else none. */
export const PG_URL = process.env.TEST_DATABASE_URL;

/** A new, empty PostgreSQL database (not even migrated), dropped by `drop`. */
export async function emptyPostgres(baseUrl: string) {
  const name = `onair_bk_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(baseUrl);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    open: () => openPostgres(u.toString(), 3),
    async drop() {
      const a = new pg.Client({ connectionString: baseUrl });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    },
  };
}
