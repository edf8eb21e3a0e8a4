import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ObjectStore } from '../../infra/storage/object-store';
import { BACKUP_EXTENSION } from './backup-format';

export interface StoredBackup {
  id: string;
  createdAt: Date;
  sizeBytes: number;
}

/**
 * Where the app keeps its backups: a local folder (DATA_DIR/backups) by default; an S3-compatible bucket
 * can take its place behind the same four calls.
 */
export interface BackupStore {
  list(): Promise<StoredBackup[]>;
  /** Stores the stream under `id` (whole or not at all). */
  put(id: string, body: Readable): Promise<StoredBackup>;
  /** The file's bytes, or null when there is no such backup. */
  get(id: string): Promise<{ body: Readable; sizeBytes: number } | null>;
  delete(id: string): Promise<void>;
}

/** A backup id: letters, digits, dots, dashes and underscores, starting with a letter or digit (no path). */
export const BACKUP_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;
export const isBackupId = (id: string) => BACKUP_ID.test(id) && !id.includes('..');

export function localBackupStore(folder: string): BackupStore {
  const fileOf = (id: string) => {
    if (!isBackupId(id)) throw new Error(`Not a backup id: ${id}`);
    return path.join(folder, `${id}${BACKUP_EXTENSION}`);
  };
  return {
    async list() {
      let names: string[];
      try {
        names = await readdir(folder);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
        throw err;
      }
      const out: StoredBackup[] = [];
      for (const name of names) {
        if (!name.endsWith(BACKUP_EXTENSION)) continue;
        const id = name.slice(0, -BACKUP_EXTENSION.length);
        if (!isBackupId(id)) continue;
        const s = await stat(path.join(folder, name)).catch(() => null);
        if (s?.isFile()) out.push({ id, createdAt: s.mtime, sizeBytes: s.size });
      }
      return out.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1));
    },
    async put(id, body) {
      const file = fileOf(id);
      await mkdir(folder, { recursive: true, mode: 0o700 });
      const partial = path.join(folder, `.${id}.partial`);
      try {
        await pipeline(body, createWriteStream(partial, { mode: 0o600 }));
        await rename(partial, file);
      } catch (err) {
        await rm(partial, { force: true });
        throw err;
      }
      const s = await stat(file);
      return { id, createdAt: s.mtime, sizeBytes: s.size };
    },
    async get(id) {
      if (!isBackupId(id)) return null;
      const s = await stat(fileOf(id)).catch(() => null);
      if (!s?.isFile()) return null;
      return { body: createReadStream(fileOf(id)), sizeBytes: s.size };
    },
    async delete(id) {
      if (isBackupId(id)) await rm(fileOf(id), { force: true });
    },
  };
}

/**
 * The backups kept in the S3-compatible bucket (`backups/` prefix) when S3_BUCKET is set, so any instance
 * lists and serves them and they outlive the server's disk. A bucket upload is whole or not at all.
 */
export function objectBackupStore(store: ObjectStore): BackupStore {
  const keyOf = (id: string) => {
    if (!isBackupId(id)) throw new Error(`Not a backup id: ${id}`);
    return `${id}${BACKUP_EXTENSION}`;
  };
  return {
    async list() {
      const out: StoredBackup[] = [];
      for await (const o of store.list()) {
        if (!o.key.endsWith(BACKUP_EXTENSION)) continue;
        const id = o.key.slice(0, -BACKUP_EXTENSION.length);
        if (isBackupId(id)) out.push({ id, createdAt: o.lastModified, sizeBytes: o.size });
      }
      return out.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1));
    },
    async put(id, body) {
      const info = await store.put(keyOf(id), body, { contentType: 'application/gzip' });
      return { id, createdAt: info.lastModified, sizeBytes: info.size };
    },
    async get(id) {
      if (!isBackupId(id)) return null;
      const read = await store.get(keyOf(id));
      return read ? { body: read.body, sizeBytes: read.size } : null;
    },
    async delete(id) {
      if (isBackupId(id)) await store.delete(keyOf(id));
    },
  };
}
