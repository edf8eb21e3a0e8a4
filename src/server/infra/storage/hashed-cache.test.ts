import { createHash, randomBytes } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { contentKey, FetchTimeoutError, HashedFileCache, HashMismatchError, hashOfKey } from './hashed-cache';
import { createLocalObjectStore } from './local-object-store';
import type { ObjectStore } from './object-store';

/** A store standing in for the bucket: a local folder (the same interface the S3 store answers). */
function setup(limitBytes: number) {
  const root = mkdtempSync(path.join(os.tmpdir(), 'onair-hashed-cache-'));
  const store = createLocalObjectStore(path.join(root, 'bucket'));
  const cache = new HashedFileCache({ dir: path.join(root, 'cache'), limitBytes, store });
  return { root, store, cache };
}

async function putAudio(store: ObjectStore, size = 1000) {
  const bytes = randomBytes(size);
  const key = contentKey(createHash('sha256').update(bytes).digest('hex'), 'mp3');
  await store.put(key, bytes);
  return { key, bytes };
}

describe('the hashed file cache', () => {
  it('knows a content key by its sha256', () => {
    const sha = 'ab'.padEnd(64, '0');
    expect(hashOfKey(`ab/${sha}.mp3`)).toBe(sha);
    expect(hashOfKey(`cd/${sha}.mp3`)).toBeNull();
    expect(hashOfKey(`../${sha}.mp3`)).toBeNull();
    expect(hashOfKey(`ab/${sha}`)).toBeNull();
  });

  it('fetches an object into a private file with the right bytes', async () => {
    const { store, cache } = setup(10_000);
    const a = await putAudio(store);
    const file = await cache.file(a.key);
    expect(readFileSync(file).equals(a.bytes)).toBe(true);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(path.dirname(file)).mode & 0o777).toBe(0o700);
    expect(statSync(cache.dir).mode & 0o777).toBe(0o700);
    expect(cache.usedBytes).toBe(1000);
    // Asked again: the same checked file, nothing fetched.
    expect(await cache.file(a.key)).toBe(file);
  });

  it("shared with the engine's group, its folders and files are the group's to read", async () => {
    const { store, cache } = setup(10_000);
    const a = await putAudio(store);
    mkdirSync(cache.dir, { recursive: true });
    chmodSync(cache.dir, 0o2750);
    // A subfolder as the app's 077 umask leaves a mkdir: private, whatever mode was asked for.
    mkdirSync(path.join(cache.dir, a.key.slice(0, 2)), { mode: 0o700 });
    chmodSync(path.join(cache.dir, a.key.slice(0, 2)), 0o700);
    const file = await cache.file(a.key);
    expect(statSync(path.dirname(file)).mode & 0o7777).toBe(0o2750);
    expect(statSync(file).mode & 0o777).toBe(0o640);
  });

  it('fetches a cached file whose bytes changed again, and never hands out the changed bytes', async () => {
    const { store, cache } = setup(10_000);
    const a = await putAudio(store);
    const file = await cache.file(a.key);
    const damaged = Buffer.from(a.bytes);
    damaged[10] ^= 0xff;
    writeFileSync(file, damaged);
    const again = await cache.file(a.key);
    expect(readFileSync(again).equals(a.bytes)).toBe(true);
  });

  it('refuses an object whose bytes in the store do not match its key', async () => {
    const { store, cache } = setup(10_000);
    const a = await putAudio(store);
    await store.put(a.key, randomBytes(1000));
    await expect(cache.file(a.key)).rejects.toBeInstanceOf(HashMismatchError);
    expect(cache.holds(a.key)).toBe(false);
    expect(existsSync(path.join(cache.dir, a.key))).toBe(false);
  });

  it('keeps to its limit: the least recently used file leaves first', async () => {
    const { store, cache } = setup(2_500);
    const a = await putAudio(store);
    const b = await putAudio(store);
    const c = await putAudio(store);
    await cache.file(a.key);
    await cache.file(b.key);
    await cache.file(a.key); // a is used again: b is now the oldest
    await cache.file(c.key);
    expect(cache.keys()).toEqual([a.key, c.key]);
    expect(cache.usedBytes).toBe(2000);
    expect(existsSync(path.join(cache.dir, b.key))).toBe(false);
    // A new cache over the same folder (a restart) finds what is there.
    const again = new HashedFileCache({ dir: cache.dir, limitBytes: 2_500, store });
    await again.file(c.key);
    expect(again.keys().sort()).toEqual([a.key, c.key].sort());
    expect(again.usedBytes).toBe(2000);
  });

  it('gives up waiting after its timeout, and the fetch still lands', async () => {
    const { store, cache } = setup(10_000);
    const a = await putAudio(store);
    const slow: ObjectStore = {
      ...store,
      get: async (key, o) => {
        await new Promise((r) => setTimeout(r, 300));
        return store.get(key, o);
      },
    };
    const waiting = new HashedFileCache({ dir: cache.dir, limitBytes: 10_000, store: slow });
    await expect(waiting.file(a.key, { timeoutMs: 50 })).rejects.toBeInstanceOf(FetchTimeoutError);
    const file = await waiting.file(a.key);
    expect(readFileSync(file).equals(a.bytes)).toBe(true);
  });
});
