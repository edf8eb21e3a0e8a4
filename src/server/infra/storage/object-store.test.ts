import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type S3TestServer, startS3Server } from '../../test/s3-server';
import { createLocalObjectStore } from './local-object-store';
import { InvalidKeyError, type ObjectStore, RangeNotSatisfiableError } from './object-store';
import { s3SettingsOf } from './object-store-factory';
import { createS3ObjectStore, PART_BYTES } from './s3-object-store';

let s3: S3TestServer;
let localDir: string;
beforeAll(async () => {
  s3 = await startS3Server();
  localDir = mkdtempSync(path.join(os.tmpdir(), 'onair-store-'));
});
afterAll(async () => {
  await s3.close();
  rmSync(localDir, { recursive: true, force: true });
});

// The same table runs against the local folder and against a real S3-compatible server.
const STORES: [string, (area: string) => ObjectStore][] = [
  ['local folder', (area) => createLocalObjectStore(path.join(localDir, area))],
  [
    'S3 bucket (s3rver)',
    (area) => {
      const settings = s3SettingsOf(s3.config, 'uploads');
      if (!settings) throw new Error('no bucket');
      return createS3ObjectStore({ ...settings, prefix: `${area}/` });
    },
  ],
];

async function readAll(body: Readable) {
  const chunks: Buffer[] = [];
  for await (const c of body) chunks.push(Buffer.from(c));
  return Buffer.concat(chunks);
}

async function keys(store: ObjectStore, prefix?: string) {
  const out: string[] = [];
  for await (const o of store.list(prefix)) out.push(o.key);
  return out;
}

describe.each(STORES)('object store: %s', (_name, open) => {
  let store: ObjectStore;
  beforeAll(() => {
    store = open(`area-${randomBytes(3).toString('hex')}`);
  });

  it('keeps bytes and tells their size, type, ETag and date', async () => {
    const bytes = randomBytes(1000);
    const put = await store.put('pics/one.webp', bytes, { contentType: 'image/webp' });
    expect(put).toMatchObject({ key: 'pics/one.webp', size: 1000, contentType: 'image/webp' });
    const head = await store.head('pics/one.webp');
    expect(head).toMatchObject({ key: 'pics/one.webp', size: 1000, contentType: 'image/webp' });
    expect(head?.etag).toMatch(/^".+"$/);
    expect(Math.abs((head?.lastModified.getTime() ?? 0) - Date.now())).toBeLessThan(60_000);
    const got = await store.get('pics/one.webp');
    expect(got?.range).toBeNull();
    expect(got?.size).toBe(1000);
    expect(got?.etag).toBe(head?.etag);
    expect((await readAll(got!.body)).equals(bytes)).toBe(true);
  });

  it('reads a byte range, clamps its end, and refuses one that starts past the end', async () => {
    const bytes = randomBytes(500);
    await store.put('range.png', bytes);
    const part = await store.get('range.png', { range: { start: 100, end: 199 } });
    expect(part).toMatchObject({ size: 500, range: { start: 100, end: 199 } });
    expect((await readAll(part!.body)).equals(bytes.subarray(100, 200))).toBe(true);
    const tail = await store.get('range.png', { range: { start: 450, end: 10_000 } });
    expect(tail?.range).toEqual({ start: 450, end: 499 });
    expect((await readAll(tail!.body)).equals(bytes.subarray(450))).toBe(true);
    await expect(store.get('range.png', { range: { start: 500, end: 600 } })).rejects.toBeInstanceOf(
      RangeNotSatisfiableError,
    );
  });

  it('answers null for a missing object, and deleting one twice is fine', async () => {
    expect(await store.get('nothing/here.webp')).toBeNull();
    expect(await store.head('nothing/here.webp')).toBeNull();
    await store.put('gone.webp', Buffer.from('x'));
    await store.delete('gone.webp');
    await store.delete('gone.webp');
    expect(await store.head('gone.webp')).toBeNull();
  });

  it('replaces an object put again under the same key', async () => {
    await store.put('again.json', Buffer.from('{"v":1}'));
    await store.put('again.json', Buffer.from('{"v":22}'));
    const got = await store.get('again.json');
    expect((await readAll(got!.body)).toString()).toBe('{"v":22}');
  });

  it('streams a large upload in (several parts on a bucket) and back out unchanged', async () => {
    const size = PART_BYTES * 2 + 12_345;
    const hash = createHash('sha256');
    let sent = 0;
    const source = new Readable({
      read() {
        if (sent >= size) return this.push(null);
        const n = Math.min(1024 * 1024, size - sent);
        const chunk = randomBytes(n);
        hash.update(chunk);
        sent += n;
        this.push(chunk);
      },
    });
    const put = await store.put('big/backup.tar.gz', source, { contentType: 'application/gzip' });
    expect(put.size).toBe(size);
    const expected = hash.digest('hex');
    const got = await store.get('big/backup.tar.gz');
    expect(got).toMatchObject({ size, contentType: 'application/gzip' });
    const back = createHash('sha256');
    for await (const c of got!.body) back.update(c);
    expect(back.digest('hex')).toBe(expected);
  }, 60_000);

  it('stores nothing when the source stream fails half way', async () => {
    let n = 0;
    const failing = new Readable({
      read() {
        n += 1;
        if (n > 3) this.destroy(new Error('disk read failed'));
        else this.push(randomBytes(64 * 1024));
      },
    });
    await expect(store.put('broken.gz', failing)).rejects.toThrow('disk read failed');
    expect(await store.head('broken.gz')).toBeNull();
    expect(await keys(store, 'broken')).toEqual([]);
  });

  it('lists by prefix in key order, with sizes', async () => {
    const s = open(`list-${randomBytes(3).toString('hex')}`);
    for (const k of ['b/x/y.webp', 'a/2.webp', 'ab.webp', 'a/1.webp', 'a/sub/3.webp']) {
      await s.put(k, Buffer.from(k));
    }
    expect(await keys(s)).toEqual(['a/1.webp', 'a/2.webp', 'a/sub/3.webp', 'ab.webp', 'b/x/y.webp']);
    expect(await keys(s, 'a/')).toEqual(['a/1.webp', 'a/2.webp', 'a/sub/3.webp']);
    expect(await keys(s, 'a')).toEqual(['a/1.webp', 'a/2.webp', 'a/sub/3.webp', 'ab.webp']);
    expect(await keys(s, 'a/s')).toEqual(['a/sub/3.webp']);
    expect(await keys(s, 'zzz/')).toEqual([]);
    const listed = [];
    for await (const o of s.list('b/')) listed.push(o);
    expect(listed).toEqual([
      { key: 'b/x/y.webp', size: 10, etag: expect.stringMatching(/^".+"$/), lastModified: expect.any(Date) },
    ]);
    // Another area of the same store never shows up.
    expect(await keys(store, 'a/')).toEqual([]);
  });

  it('refuses keys that could leave the area', async () => {
    for (const bad of ['../escape.webp', 'a/../../b.webp', '/abs.webp', 'a//b.webp', '.hidden', '', 'a/b/']) {
      await expect(store.put(bad, Buffer.from('x')), bad).rejects.toBeInstanceOf(InvalidKeyError);
      await expect(store.get(bad), bad).rejects.toBeInstanceOf(InvalidKeyError);
    }
    await expect(keys(store, '../')).rejects.toBeInstanceOf(InvalidKeyError);
  });
});

describe('the local folder', () => {
  it('shows a file only once it is whole, and leaves no temporary file behind', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'onair-store-'));
    const store = createLocalObjectStore(dir);
    const source = new PassThrough();
    const writing = store.put('x/a.webp', source);
    source.write(Buffer.alloc(1000, 1));
    await new Promise((r) => setTimeout(r, 100));
    // Half written: on disk only as a hidden temporary file, invisible to head, get and list.
    expect(readdirSync(path.join(dir, 'x'))).toEqual([expect.stringMatching(/^\.a\.webp\..+\.tmp$/)]);
    expect(await store.head('x/a.webp')).toBeNull();
    expect(await keys(store)).toEqual([]);
    source.end(Buffer.alloc(24, 2));
    expect((await writing).size).toBe(1024);
    expect(readdirSync(path.join(dir, 'x'))).toEqual(['a.webp']);
    expect(await keys(store)).toEqual(['x/a.webp']);
    rmSync(dir, { recursive: true, force: true });
  });
});
