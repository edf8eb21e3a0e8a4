import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, type Stats } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  assertValidKey,
  assertValidPrefix,
  contentTypeOf,
  isValidKey,
  type ObjectInfo,
  type ObjectStore,
  type ObjectSummary,
  RangeNotSatisfiableError,
} from './object-store';

/**
 * Objects as files in one folder (key `a/b.webp` is ROOT/a/b.webp). A put writes a hidden temporary file
 * and renames it, so a reader never sees half a file. No metadata is kept beside the files: the content
 * type comes from the extension, the ETag from the size and modification time.
 */
export function createLocalObjectStore(rootDir: string): ObjectStore {
  const root = path.resolve(rootDir);
  const fileOf = (key: string) => {
    assertValidKey(key);
    return path.join(root, ...key.split('/'));
  };
  const info = (key: string, s: Stats): ObjectInfo => ({
    ...summaryOf(key, s),
    contentType: contentTypeOf(key),
  });
  const statFile = async (file: string) => {
    try {
      const s = await stat(file);
      return s.isFile() ? s : null;
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  };

  return {
    kind: 'local',
    location: root,
    async put(key, body) {
      const file = fileOf(key);
      // Private to the app's user (docs/operations/configuration.md#data_dir-is-private).
      await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
      const tmp = path.join(
        path.dirname(file),
        `.${path.basename(file)}.${randomBytes(6).toString('hex')}.tmp`,
      );
      try {
        if (Buffer.isBuffer(body)) await writeFile(tmp, body, { mode: 0o600 });
        else await pipeline(body as Readable, createWriteStream(tmp, { mode: 0o600 }));
        await rename(tmp, file);
      } catch (err) {
        await rm(tmp, { force: true });
        throw err;
      }
      return info(key, await stat(file));
    },
    async get(key, options = {}) {
      const file = fileOf(key);
      const s = await statFile(file);
      if (!s) return null;
      const r = options.range;
      if (r && (r.start < 0 || r.start >= s.size || r.end < r.start))
        throw new RangeNotSatisfiableError(s.size);
      const range = r ? { start: r.start, end: Math.min(r.end, s.size - 1) } : null;
      const body = createReadStream(file, range ?? {});
      // Opening can still fail (removed between stat and open): report it as missing.
      try {
        await new Promise<void>((resolve, reject) => {
          body.once('open', () => resolve());
          body.once('error', reject);
        });
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
      return { ...info(key, s), body, range };
    },
    async head(key) {
      const s = await statFile(fileOf(key));
      return s ? info(key, s) : null;
    },
    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
    async *list(prefix = '') {
      assertValidPrefix(prefix);
      const cut = prefix.lastIndexOf('/');
      const dirKey = cut < 0 ? '' : prefix.slice(0, cut);
      yield* walk(root, dirKey, prefix);
    },
  };
}

/** Files under ROOT/dirKey whose key starts with prefix, in key order (S3's byte order). */
async function* walk(root: string, dirKey: string, prefix: string): AsyncGenerator<ObjectSummary> {
  let entries: import('node:fs').Dirent[];
  try {
    entries = await readdir(path.join(root, ...(dirKey ? dirKey.split('/') : [])), { withFileTypes: true });
  } catch (err) {
    if (isMissing(err) || (err as NodeJS.ErrnoException).code === 'ENOTDIR') return;
    throw err;
  }
  // A folder sorts as its name followed by '/', as its keys do in a bucket.
  const named = entries
    .filter((e) => (e.isFile() || e.isDirectory()) && isValidKey(e.name))
    .map((e) => ({ e, sortKey: e.isDirectory() ? `${e.name}/` : e.name }))
    .sort((a, b) => (a.sortKey < b.sortKey ? -1 : a.sortKey > b.sortKey ? 1 : 0));
  for (const { e } of named) {
    const key = dirKey ? `${dirKey}/${e.name}` : e.name;
    if (e.isDirectory()) {
      if (`${key}/`.startsWith(prefix) || prefix.startsWith(`${key}/`)) yield* walk(root, key, prefix);
      continue;
    }
    if (!key.startsWith(prefix)) continue;
    try {
      yield summaryOf(key, await stat(path.join(root, ...key.split('/'))));
    } catch (err) {
      if (!isMissing(err)) throw err;
    }
  }
}

/** HTTP dates have whole seconds; the ETag keeps the milliseconds, so a replaced file gets a new one. */
function summaryOf(key: string, s: Stats): ObjectSummary {
  return {
    key,
    size: s.size,
    etag: `"${s.size.toString(16)}-${Math.floor(s.mtimeMs).toString(16)}"`,
    lastModified: new Date(Math.floor(s.mtimeMs / 1000) * 1000),
  };
}

function isMissing(err: unknown) {
  return (err as NodeJS.ErrnoException)?.code === 'ENOENT';
}
