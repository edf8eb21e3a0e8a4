import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Uploaded files. Kept in a local folder (DATA_DIR/uploads) and served by the app at /uploads/…
 * An object-storage bucket can take its place behind the same two calls when several instances run.
 */
export interface Storage {
  /** Stores the bytes under a fresh name in `folder`; returns the public URL path. */
  put(folder: string, prefix: string, ext: string, bytes: Buffer): Promise<string>;
  /** Removes a file given its public URL (ignores URLs that are not ours). */
  remove(url: string | null | undefined): Promise<void>;
  readonly root: string;
}

export const UPLOADS_URL = '/uploads/';

export function createLocalStorage(dataDir: string): Storage {
  const root = path.resolve(dataDir, 'uploads');
  return {
    root,
    async put(folder, prefix, ext, bytes) {
      const safeFolder = folder.replace(/[^a-z0-9-]/gi, '');
      const name = `${prefix.replace(/[^a-z0-9-]/gi, '')}-${randomBytes(6).toString('hex')}.${ext}`;
      await mkdir(path.join(root, safeFolder), { recursive: true });
      await writeFile(path.join(root, safeFolder, name), bytes);
      return `${UPLOADS_URL}${safeFolder}/${name}`;
    },
    async remove(url) {
      if (!url?.startsWith(UPLOADS_URL)) return;
      const file = path.resolve(root, url.slice(UPLOADS_URL.length));
      if (!file.startsWith(root + path.sep)) return;
      await rm(file, { force: true });
    },
  };
}
