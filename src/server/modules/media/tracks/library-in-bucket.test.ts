import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../../db/client';
import { mediaCacheDirOf } from '../../../infra/storage/hashed-cache';
import { createLocalObjectStore } from '../../../infra/storage/local-object-store';
import { waitUntil } from '../../../test/engine-helpers';
import { makeAudio, partFromFile } from '../../../test/fixtures/media';
import { freePorts } from '../../../test/free-port';
import { type S3TestServer, startS3Server } from '../../../test/s3-server';
import {
  Client,
  createTestApp,
  freshDatabase,
  type Member,
  signUpMember,
  type TestApp,
  uploadTracks,
} from '../../../test/test-app';
import { programmingChanged } from '../autodj/next-track.service';
import { folderImportSlot } from './import.service';
import { moveLibraryToBucket } from './library-to-bucket';
import { audioCacheSlot, mediaStoreOf } from './track-files';

/**
 * The media library in the bucket, on a cluster: one database and one bucket (s3rver), an instance that
 * runs the engine and a follower (ENGINE=off) that staff upload through; on PostgreSQL also a standby
 * that may run the engine but does not hold the lease. The engine's processes are not started (the apps
 * do not listen): the tests ask the engine's question themselves.
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const lease = { leaseMs: 3_000, renewMs: 400, retryMs: 300, marginMs: 900 };

let s3: S3TestServer;
let shared: DbHandle & { drop(): Promise<void> };
let engine: TestApp;
let follower: TestApp;
let standby: TestApp | null = null;
let engineClosed = false;
let admin: Member;
let dir: string;
let musicDir: string;

async function instance(engineMode: 'auto' | 'off'): Promise<TestApp> {
  const [icecast, harbor] = await freePorts(2);
  return createTestApp({
    db: shared,
    env: {
      ...s3.env,
      RADIO_BACKEND: 'builtin',
      ENGINE: engineMode,
      ICECAST_PORT: String(icecast),
      HARBOR_PORT: String(harbor),
      MUSIC_DIR: musicDir,
    },
    deps: { engineLease: lease },
  });
}

beforeAll(async () => {
  s3 = await startS3Server();
  dir = mkdtempSync(path.join(os.tmpdir(), 'onair-bucket-library-'));
  musicDir = path.join(dir, 'music');
  mkdirSync(musicDir);
  const folderFile = await makeAudio(musicDir, 'folder-song.mp3', {
    seconds: 2,
    tags: { title: 'From The Folder' },
  });
  const old = new Date(Date.now() - 60_000);
  utimesSync(folderFile, old, old); // settled: the first look takes it
  shared = await freshDatabase();
  engine = await instance('auto');
  follower = await instance('off');
  if (onPostgres) standby = await instance('auto');
  admin = await signUpMember(follower.app, 'Admin');
}, 60_000);

afterAll(async () => {
  await standby?.close();
  await follower?.close();
  if (!engineClosed) await engine?.close();
  await shared?.drop();
  await s3?.close();
});

async function upload(c: Client, file: string) {
  const res = await uploadTracks(c, [await partFromFile(file)]);
  expect(res.statusCode).toBe(201);
  return res.json().tracks[0] as { id: string };
}

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const trackRow = async (id: string) =>
  (
    await shared.query<{ path: string; content_hash: string }>(
      'SELECT path, content_hash FROM media_tracks WHERE id = $1',
      [id],
    )
  ).rows[0];

/** The engine's question, asked of the engine's instance with its term's token. */
async function askEngine() {
  const res = await new Client(engine.app).request(
    'POST',
    '/api/station/engine/next',
    {},
    { 'x-engine-token': engine.app.ctx.station.engineToken },
  );
  expect(res.statusCode).toBe(200);
  const body = res.json() as { uri: string; trackId: string | null };
  return { trackId: body.trackId, file: body.uri.slice(body.uri.lastIndexOf(':') + 1) };
}

describe('the media library in the bucket', { shuffle: false }, () => {
  it('MUSIC_DIR is imported by the engine’s instance only', async () => {
    expect(engine.app.ctx.station.election?.term).toBeTruthy();
    await waitUntil('the engine’s instance looks at MUSIC_DIR', () =>
      Boolean(folderImportSlot.of(engine.app.ctx).status().lastLookAt),
    );
    const { rows } = await shared.query<{ path: string }>(
      "SELECT path FROM media_tracks WHERE origin = 'folder'",
    );
    expect(rows.map((r) => r.path)).toEqual([path.join(musicDir, 'folder-song.mp3')]);
    // The others never looked (their first look was due a second after their start).
    await new Promise((r) => setTimeout(r, 1_500));
    expect(folderImportSlot.of(follower.app.ctx).status().lastLookAt).toBeNull();
    if (standby) {
      expect(standby.app.ctx.station.election?.term).toBeNull();
      expect(folderImportSlot.of(standby.app.ctx).status().lastLookAt).toBeNull();
    }
  });

  let first: { id: string; bytes: Buffer };
  let second: { id: string; bytes: Buffer };

  it('an upload through a follower goes to the bucket under its sha256, nothing on its disk', async () => {
    const a = await makeAudio(dir, 'bucket-a.mp3', {
      seconds: 3,
      frequency: 440,
      tags: { title: 'Bucket A' },
    });
    const b = await makeAudio(dir, 'bucket-b.mp3', {
      seconds: 3,
      frequency: 660,
      tags: { title: 'Bucket B' },
    });
    first = { id: (await upload(admin, a)).id, bytes: readFileSync(a) };
    second = { id: (await upload(admin, b)).id, bytes: readFileSync(b) };
    const row = await trackRow(first.id);
    expect(row.content_hash).toBe(sha256(first.bytes));
    expect(row.path).toBe(`${row.content_hash.slice(0, 2)}/${row.content_hash}.mp3`);
    const stored = await mediaStoreOf(follower.app.ctx.config)!.get(row.path);
    expect(stored?.size).toBe(first.bytes.length);
    stored?.body.destroy();
    expect(existsSync(path.join(follower.app.ctx.config.dataDir, 'media', row.path.slice(0, 2)))).toBe(false);
    // The preview player reads it from the bucket on any instance, Range included.
    const res = await admin.request('GET', `/api/media/tracks/${first.id}/audio`, undefined, {
      range: 'bytes=0-99',
    });
    expect(res.statusCode).toBe(206);
    expect(res.rawPayload.equals(first.bytes.subarray(0, 100))).toBe(true);
    const whole = await new Client(engine.app).request('GET', `/api/media/tracks/${second.id}/audio`);
    expect(whole.statusCode).toBe(401); // staff only, as before
    expect((await admin.get(`/api/media/tracks/${second.id}/audio`)).rawPayload.equals(second.bytes)).toBe(
      true,
    );
    // The cue editor's waveform decodes a checked copy on the instance asked.
    const peaks = await admin.get(`/api/media/tracks/${second.id}/peaks`);
    expect(peaks.statusCode).toBe(200);
    expect(peaks.json().peaks.length).toBeGreaterThan(0);
    await audioCacheSlot.of(follower.app.ctx).forget((await trackRow(second.id)).path);
  });

  it('the engine’s instance answers with a checked local copy, and fetches the queue ahead', async () => {
    // The uploads rotate; the folder's "All music" is set aside so the answers are the bucket's tracks.
    const res = await admin.post('/api/media/playlists', {
      name: 'Bucket',
      kind: 'rotation',
      weight: 5,
      enabled: true,
    });
    expect(res.statusCode).toBe(201);
    const playlistId = res.json().playlist.id as string;
    expect(
      (
        await admin.request('PUT', `/api/media/playlists/${playlistId}/tracks`, {
          trackIds: [first.id, second.id],
        })
      ).statusCode,
    ).toBe(200);
    await shared.query("UPDATE media_playlists SET enabled = false WHERE name = 'All music'");
    await programmingChanged(engine.app.ctx);

    const cacheDir = mediaCacheDirOf(engine.app.ctx.config.dataDir);
    const answer = await askEngine();
    const played = answer.trackId === first.id ? first : second;
    expect([first.id, second.id]).toContain(answer.trackId);
    expect(answer.file.startsWith(`${cacheDir}${path.sep}`)).toBe(true);
    expect(readFileSync(answer.file).equals(played.bytes)).toBe(true);
    // The queue's next track arrives without being asked for.
    const other = played === first ? second : first;
    const otherKey = (await trackRow(other.id)).path;
    const cache = audioCacheSlot.of(engine.app.ctx);
    await waitUntil('the next queued track is fetched ahead', () => cache.holds(otherKey));
    // The follower fetched nothing ahead: only the engine’s instance fills its cache for the engine.
    expect(audioCacheSlot.of(follower.app.ctx).keys()).toEqual([]);
  });

  it('a cached copy whose bytes changed is fetched again before it is handed out', async () => {
    const key = (await trackRow(first.id)).path;
    const cache = audioCacheSlot.of(engine.app.ctx);
    const file = await cache.file(key);
    const damaged = Buffer.from(first.bytes);
    damaged[damaged.length - 10] ^= 0xff;
    writeFileSync(file, damaged);
    // Whichever comes next, what the engine gets is the uploaded bytes.
    for (let i = 0; i < 2; i++) {
      const answer = await askEngine();
      const want = answer.trackId === first.id ? first : second;
      expect(readFileSync(answer.file).equals(want.bytes)).toBe(true);
    }
    expect(readFileSync(await cache.file(key)).equals(first.bytes)).toBe(true);
  });

  it('a new engine instance starts with an empty cache and fills it from the bucket', async () => {
    // What a failover gives: another instance, another disk, the same database and bucket.
    if (onPostgres) {
      engineClosed = true;
      await engine.close();
      await waitUntil('the standby takes the lease', () => standby?.app.ctx.station.election?.term, 15_000);
      const next = standby as TestApp;
      const answer = await new Client(next.app).request(
        'POST',
        '/api/station/engine/next',
        {},
        { 'x-engine-token': next.app.ctx.station.engineToken },
      );
      const body = answer.json() as { uri: string; trackId: string };
      const file = body.uri.slice(body.uri.lastIndexOf(':') + 1);
      const want = body.trackId === first.id ? first : second;
      expect(file.startsWith(mediaCacheDirOf(next.app.ctx.config.dataDir))).toBe(true);
      expect(readFileSync(file).equals(want.bytes)).toBe(true);
    } else {
      // The embedded database has one instance: its cache emptied (a new disk) fills again.
      const cache = audioCacheSlot.of(engine.app.ctx);
      for (const k of cache.keys()) await cache.forget(k);
      const answer = await askEngine();
      const want = answer.trackId === first.id ? first : second;
      expect(readFileSync(answer.file).equals(want.bytes)).toBe(true);
    }
  });

  it('an upload while the bucket cannot be reached is refused with a 503, and nothing is kept', async () => {
    const closed = await startS3Server();
    await closed.close();
    const cut = await createTestApp({ db: shared, env: { ...s3.env, S3_ENDPOINT: closed.endpoint } });
    try {
      const before = (await shared.query<{ n: number }>('SELECT count(*)::int AS n FROM media_tracks'))
        .rows[0].n;
      const file = await makeAudio(dir, 'unreachable.mp3', {
        seconds: 2,
        frequency: 330,
        tags: { title: 'Nowhere' },
      });
      const res = await uploadTracks({ app: cut.app, cookie: admin.cookie }, [await partFromFile(file)]);
      expect(res.statusCode).toBe(503);
      const after = (await shared.query<{ n: number }>('SELECT count(*)::int AS n FROM media_tracks')).rows[0]
        .n;
      expect(after).toBe(before);
    } finally {
      await cut.close();
    }
  });

  it('a station moving to the bucket moves its library audio with it', async () => {
    const local = await makeAudio(dir, 'local.mp3', {
      seconds: 2,
      frequency: 550,
      tags: { title: 'Was Local' },
    });
    const bytes = readFileSync(local);
    const sha = sha256(bytes);
    const mediaDir = path.join(dir, 'old-media');
    mkdirSync(path.join(mediaDir, sha.slice(0, 2)), { recursive: true });
    const file = path.join(mediaDir, sha.slice(0, 2), `${sha}.mp3`);
    writeFileSync(file, bytes);
    const missing = path.join(mediaDir, 'ff', `${'f'.repeat(64)}.mp3`);
    const insert = async (title: string, p: string, hash: string) =>
      (
        await shared.query<{ id: string }>(
          `WITH s AS (INSERT INTO songs (title, artist) VALUES ($1, 'Mover') RETURNING id)
           INSERT INTO media_tracks (song_id, path, content_hash, file_name, format, size_bytes, title, artist, duration_ms)
           SELECT id, $2, $3, 'x.mp3', 'mp3', 1, $1, 'Mover', 2000 FROM s RETURNING id`,
          [title, p, hash],
        )
      ).rows[0];
    const rows = [await insert('Was Local', file, sha), await insert('Gone', missing, 'f'.repeat(64))];
    const store = mediaStoreOf(follower.app.ctx.config)!;
    const r = await moveLibraryToBucket(follower.app.ctx.db, store);
    expect(r.moved).toBe(1);
    expect(r.failed).toEqual([expect.objectContaining({ file: missing, error: 'the file is missing' })]);
    expect(r.alreadyThere).toBeGreaterThanOrEqual(2); // the two uploads above
    const moved = await trackRow(rows[0].id);
    expect(moved.path).toBe(`${sha.slice(0, 2)}/${sha}.mp3`);
    const got = await store.get(moved.path);
    const chunks: Buffer[] = [];
    for await (const c of got!.body) chunks.push(c as Buffer);
    expect(Buffer.concat(chunks).equals(bytes)).toBe(true);
    expect(existsSync(file)).toBe(true); // left in place
    // An instance not yet given the bucket plays the moved track on from MEDIA_DIR.
    const plain = await createTestApp({ db: shared, env: { MEDIA_DIR: mediaDir } });
    try {
      const staff = Object.assign(new Client(plain.app), { cookie: admin.cookie });
      const res = await staff.get(`/api/media/tracks/${rows[0].id}/audio`);
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(bytes)).toBe(true);
    } finally {
      await plain.close();
    }
    // Again: nothing more to do.
    const again = await moveLibraryToBucket(follower.app.ctx.db, createLocalObjectStore(path.join(dir, 'x')));
    expect(again.moved).toBe(0);
    await shared.query('DELETE FROM media_tracks WHERE id = ANY($1)', [rows.map((x) => x.id)]);
  });
});
