import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { chmod, mkdir, readdir, rename, rm, stat, utimes } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { sharedWithGroup } from '../private-data';
import { hashingTap } from './hashing-tap';
import type { ObjectStore } from './object-store';

/**
 * The engine's instance keeps the media library's audio on its own disk: Liquidsoap plays local files.
 * This is that copy: objects of a store (the bucket) whose keys name their content,
 * `<first 2 hex>/<sha256>.<ext>`, kept in a folder as the same path, at most `limitBytes` of them
 * (least recently used leave first). Every file is checked against the sha256 its key names before it
 * is handed out; one that does not match is removed and fetched again, never used.
 *
 * The folder is private (0700, files 0600). When it is shared with the engine's group (its setgid bit,
 * set by the engine's start when the engine runs as its own user, as for the library's folder), new
 * folders are 2750 and files 0640, so the engine reads them and nobody else does.
 */

/** Where the engine's instance keeps its copy of the library's audio. */
export const mediaCacheDirOf = (dataDir: string) => path.join(path.resolve(dataDir), 'media-cache');

const KEY = /^([0-9a-f]{2})\/([0-9a-f]{64})\.[a-z0-9]{1,8}$/;

/** The sha256 a content key names (`ab/ab…64 hex.mp3`), or null when the key is not one. */
export function hashOfKey(key: string): string | null {
  const m = KEY.exec(key);
  return m?.[2].startsWith(m[1]) ? m[2] : null;
}

/** A content key for bytes of this sha256 and extension. */
export const contentKey = (sha256: string, ext: string) => `${sha256.slice(0, 2)}/${sha256}.${ext}`;

export class HashMismatchError extends Error {
  constructor(key: string) {
    super(`The stored bytes of ${key} do not match its sha256`);
    this.name = 'HashMismatchError';
  }
}

export class FetchTimeoutError extends Error {
  constructor(key: string, ms: number) {
    super(`${key} was not fetched within ${ms} ms`);
    this.name = 'FetchTimeoutError';
  }
}

export interface HashedCacheOptions {
  dir: string;
  limitBytes: number;
  store: ObjectStore;
  log?: { warn(obj: object, msg: string): void };
}

interface Entry {
  file: string;
  size: number;
}

async function sha256OfFile(file: string): Promise<string | null> {
  const hash = createHash('sha256');
  try {
    await pipeline(createReadStream(file), hash);
  } catch {
    return null;
  }
  return hash.digest('hex');
}

export class HashedFileCache {
  /** Least recently used first. */
  private readonly entries = new Map<string, Entry>();
  private used = 0;
  private readonly fetching = new Map<string, Promise<string>>();
  private scanned: Promise<void> | null = null;

  constructor(private readonly opts: HashedCacheOptions) {}

  get dir() {
    return this.opts.dir;
  }

  get limitBytes() {
    return this.opts.limitBytes;
  }

  /** Bytes the cached files take. */
  get usedBytes() {
    return this.used;
  }

  /** The keys held, least recently used first. */
  keys(): string[] {
    return [...this.entries.keys()];
  }

  /** Whether `key` is held now (not checked). */
  holds(key: string): boolean {
    return this.entries.has(key);
  }

  /**
   * A local file with the object's bytes, checked against its sha256: the cached copy, or a fresh one
   * from the store. With `timeoutMs`, gives up waiting then (FetchTimeoutError); the fetch goes on and
   * lands in the cache. Throws HashMismatchError when the store's own bytes do not match.
   */
  async file(key: string, opts: { timeoutMs?: number } = {}): Promise<string> {
    const sha = hashOfKey(key);
    if (!sha) throw new Error(`Not a content key: ${JSON.stringify(key.slice(0, 200))}`);
    await this.scan();
    const have = this.entries.get(key);
    if (have && !this.fetching.has(key)) {
      if ((await sha256OfFile(have.file)) === sha) {
        this.touch(key, have);
        return have.file;
      }
      this.opts.log?.warn({ key }, 'the cached copy does not match its sha256: fetched again');
      await this.forget(key);
    }
    let running = this.fetching.get(key);
    if (!running) {
      running = this.fetch(key, sha).finally(() => this.fetching.delete(key));
      this.fetching.set(key, running);
    }
    if (!opts.timeoutMs) return running;
    let timer: NodeJS.Timeout | undefined;
    const ms = opts.timeoutMs;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new FetchTimeoutError(key, ms)), ms);
    });
    running.catch(() => undefined); // a fetch given up on still ends quietly
    try {
      return await Promise.race([running, late]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Removes the cached copy of `key` (a track removed from the library). */
  async forget(key: string): Promise<void> {
    const e = this.entries.get(key);
    if (!e) return;
    this.entries.delete(key);
    this.used -= e.size;
    await rm(e.file, { force: true });
  }

  private modes() {
    const shared = sharedWithGroup(this.opts.dir);
    return { dir: shared ? 0o2750 : 0o700, file: shared ? 0o640 : 0o600 };
  }

  private touch(key: string, e: Entry) {
    this.entries.delete(key);
    this.entries.set(key, e);
    const now = new Date();
    // The order survives a restart through the files' times.
    void utimes(e.file, now, now).catch(() => undefined);
  }

  /** Reads what an earlier run left: every content file, oldest use first; unfinished fetches go. */
  private scan(): Promise<void> {
    this.scanned ??= (async () => {
      await mkdir(this.opts.dir, { recursive: true, mode: 0o700 });
      await rm(path.join(this.opts.dir, '.tmp'), { recursive: true, force: true });
      const found: { key: string; file: string; size: number; at: number }[] = [];
      for (const sub of await readdir(this.opts.dir)) {
        if (!/^[0-9a-f]{2}$/.test(sub)) continue;
        for (const name of await readdir(path.join(this.opts.dir, sub)).catch(() => [])) {
          const key = `${sub}/${name}`;
          if (!hashOfKey(key)) continue;
          const file = path.join(this.opts.dir, sub, name);
          const st = await stat(file).catch(() => null);
          if (st?.isFile()) found.push({ key, file, size: st.size, at: st.mtimeMs });
        }
      }
      found.sort((a, b) => a.at - b.at);
      for (const f of found) {
        this.entries.set(f.key, { file: f.file, size: f.size });
        this.used += f.size;
      }
      await this.evict(null);
    })();
    return this.scanned;
  }

  private async fetch(key: string, sha: string): Promise<string> {
    const modes = this.modes();
    const tmpDir = path.join(this.opts.dir, '.tmp');
    await mkdir(tmpDir, { recursive: true, mode: 0o700 });
    const tmp = path.join(tmpDir, `${sha}-${randomBytes(4).toString('hex')}`);
    try {
      const obj = await this.opts.store.get(key);
      if (!obj) throw new Error(`${key} is not in ${this.opts.store.location}`);
      const tap = hashingTap();
      await pipeline(obj.body, tap.stream, createWriteStream(tmp, { mode: modes.file }));
      if (tap.sha256() !== sha) throw new HashMismatchError(key);
      const size = tap.size();
      const sub = path.join(this.opts.dir, key.slice(0, 2));
      await mkdir(sub, { recursive: true, mode: modes.dir });
      // mkdir's mode passes through the process's umask (077): the engine's group reads only after this.
      await chmod(sub, modes.dir);
      await chmod(tmp, modes.file);
      const file = path.join(this.opts.dir, key);
      await rename(tmp, file);
      const before = this.entries.get(key);
      if (before) this.used -= before.size;
      this.entries.delete(key);
      this.entries.set(key, { file, size });
      this.used += size;
      await this.evict(key);
      return file;
    } finally {
      await rm(tmp, { force: true });
    }
  }

  /** Removes the least recently used files until the cache fits its limit (`keep` stays). */
  private async evict(keep: string | null) {
    for (const [key, e] of this.entries) {
      if (this.used <= this.opts.limitBytes) return;
      if (key === keep || this.fetching.has(key)) continue;
      this.entries.delete(key);
      this.used -= e.size;
      await rm(e.file, { force: true });
    }
  }
}
