import { existsSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILES_TEXTS } from '../../../shared/texts/common';
import { type S3TestServer, startS3Server } from '../../test/s3-server';
import {
  createTestApp,
  freshDatabase,
  type Member,
  postPicture,
  signUpMember,
  type TestApp,
} from '../../test/test-app';

let s3: S3TestServer;
let picture: Buffer;
beforeAll(async () => {
  s3 = await startS3Server();
  picture = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#2a9d8f' } })
    .png()
    .toBuffer();
});
afterAll(async () => s3?.close());

/** Uploads the picture as `m` through `t` (it must take it); answers its address. */
async function uploadPicture(t: TestApp, m: Member) {
  const res = await postPicture({ app: t.app, cookie: m.cookie }, picture);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().me.profile.profilePicture as string;
}

const get = (t: TestApp, url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

describe.each([
  ['the local folder', () => ({})],
  ['the S3 bucket', () => s3.env],
])('uploads kept in %s', (where, env) => {
  let t: TestApp;
  let m: Member;
  beforeAll(async () => {
    t = await createTestApp({ env: env() });
    m = await signUpMember(t.app, 'Range Reader');
  });
  afterAll(async () => t?.close());

  it('serves a picture whole, in ranges, and revalidated, with year-long caching', async () => {
    const url = await uploadPicture(t, m);
    expect(url).toMatch(/^\/uploads\/avatars\/.+\.webp$/);
    const whole = await get(t, url);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers).toMatchObject({
      'content-type': 'image/webp',
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
      'accept-ranges': 'bytes',
      'content-length': String(whole.rawPayload.length),
    });
    expect((await sharp(whole.rawPayload).metadata()).width).toBe(256);
    const size = whole.rawPayload.length;
    const etag = whole.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    expect(Date.parse(whole.headers['last-modified'] as string)).toBeGreaterThan(Date.now() - 60_000);

    const first = await get(t, url, { range: 'bytes=0-9' });
    expect(first.statusCode).toBe(206);
    expect(first.headers['content-range']).toBe(`bytes 0-9/${size}`);
    expect(first.rawPayload.equals(whole.rawPayload.subarray(0, 10))).toBe(true);
    const last = await get(t, url, { range: 'bytes=-16' });
    expect(last.statusCode).toBe(206);
    expect(last.headers['content-range']).toBe(`bytes ${size - 16}-${size - 1}/${size}`);
    expect(last.rawPayload.equals(whole.rawPayload.subarray(size - 16))).toBe(true);
    const open = await get(t, url, { range: `bytes=${size - 5}-` });
    expect(open.rawPayload.equals(whole.rawPayload.subarray(size - 5))).toBe(true);

    const beyond = await get(t, url, { range: `bytes=${size}-` });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${size}`);
    expect(beyond.headers['cache-control']).toBeUndefined();
    // A range the server cannot read is ignored: the whole file.
    expect((await get(t, url, { range: 'lines=1-2' })).statusCode).toBe(200);
    // A changed file (another ETag in If-Range) gets the whole file, not a piece of the new one.
    const stale = await get(t, url, { range: 'bytes=0-9', 'if-range': '"old"' });
    expect([stale.statusCode, stale.rawPayload.length]).toEqual([200, size]);

    const head = await t.app.inject({ method: 'HEAD', url });
    expect([head.statusCode, head.headers['content-length'], head.rawPayload.length]).toEqual([
      200,
      String(size),
      0,
    ]);
    expect(head.headers.etag).toBe(etag);

    const revalidated = await get(t, url, { 'if-none-match': etag });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.rawPayload.length).toBe(0);
  });

  it('removes the old picture when a new one replaces it, and never serves other files', async () => {
    const before = await uploadPicture(t, m);
    const after = await uploadPicture(t, m);
    expect(after).not.toBe(before);
    expect((await get(t, before)).statusCode).toBe(404);
    expect((await get(t, after)).statusCode).toBe(200);
    for (const bad of ['/uploads/../../etc/passwd', '/uploads/avatars/missing.webp', '/uploads/x.html']) {
      expect((await get(t, bad)).statusCode, bad).toBe(404);
    }
    // With a bucket, nothing lands in the instance's own folder.
    expect(existsSync(path.join(t.app.ctx.config.dataDir, 'uploads'))).toBe(where === 'the local folder');
  });
});

describe('a bucket that cannot be reached', () => {
  it('answers 503 with a clear message, for reads and uploads, and saves nothing', async () => {
    const closed = await startS3Server();
    await closed.close();
    const t = await createTestApp({ env: { ...s3.env, S3_ENDPOINT: closed.endpoint } });
    try {
      const read = await get(t, '/uploads/avatars/someone-0123456789ab.webp');
      expect(read.statusCode).toBe(503);
      expect(read.json().error.message).toBe(FILES_TEXTS.storeUnavailable);
      expect(read.headers['cache-control'] ?? '').not.toContain('immutable');
      const m = await signUpMember(t.app, 'Unlucky Uploader');
      const up = await postPicture(m, picture);
      expect(up.statusCode).toBe(503);
      expect(up.json().error.message).toBe(FILES_TEXTS.storeUnavailable);
      const me = await m.get('/api/me');
      expect(me.json().me.profile.profilePicture).toBeNull();
    } finally {
      await t.close();
    }
  }, 60_000);
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('two instances on one PostgreSQL sharing one bucket', () => {
  it('a picture uploaded through one instance is served by the other, and gone from both once replaced', async () => {
    const shared = await freshDatabase();
    const a = await createTestApp({ env: s3.env, db: shared });
    const b = await createTestApp({ env: s3.env, db: shared });
    try {
      expect(a.app.ctx.config.dataDir).not.toBe(b.app.ctx.config.dataDir);
      const bBase = await b.listen();
      const m = await signUpMember(a.app, 'Two Sites');
      const url = await uploadPicture(a, m);

      const fromB = await fetch(`${bBase}${url}`);
      expect(fromB.status).toBe(200);
      const bytes = Buffer.from(await fromB.arrayBuffer());
      const stored = await a.app.ctx.storage.store.get(url.slice('/uploads/'.length));
      const chunks: Buffer[] = [];
      for await (const c of stored!.body) chunks.push(Buffer.from(c));
      expect(bytes.equals(Buffer.concat(chunks))).toBe(true);
      expect((await sharp(bytes).metadata()).format).toBe('webp');
      // The member's page on B shows the picture A stored.
      const members = (await (await fetch(`${bBase}/api/members?q=Two%20Sites`)).json()) as {
        members: { picture: string }[];
      };
      expect(members.members[0].picture).toBe(url);

      const part = await fetch(`${bBase}${url}`, { headers: { range: 'bytes=4-11' } });
      expect(part.status).toBe(206);
      expect(part.headers.get('content-range')).toBe(`bytes 4-11/${bytes.length}`);
      expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(4, 12))).toBe(true);
      expect(
        (await fetch(`${bBase}${url}`, { headers: { range: `bytes=${bytes.length + 10}-` } })).status,
      ).toBe(416);

      const next = await uploadPicture(a, m);
      expect((await fetch(`${bBase}${url}`)).status).toBe(404);
      expect((await fetch(`${bBase}${next}`)).status).toBe(200);
      expect(existsSync(path.join(a.app.ctx.config.dataDir, 'uploads'))).toBe(false);
      expect(existsSync(path.join(b.app.ctx.config.dataDir, 'uploads'))).toBe(false);
    } finally {
      await a.app.close();
      await b.app.close();
      await shared.drop();
    }
  });
});
