import { chmodSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../db/client';
import { openObjectStore } from '../../infra/storage/object-store-factory';
import { portOpen } from '../../integrations/radio/builtin/station-engine';
import { generateTones } from '../../integrations/radio/builtin/tones';
import { listPartials } from '../../modules/recordings/recording-shipper';
import { startDjEncoder, waitUntil } from '../engine-helpers';
import { makeAudio, multipartBody, partFromFile } from '../fixtures/media';
import { readIcy } from '../icy';
import { playStream } from '../player';
import { type S3TestServer, startS3Server } from '../s3-server';
import { freshDatabase } from '../test-app';
import { Cluster, type Instance } from './cluster-harness';

/**
 * Three real app processes (main.ts) of one station on one PostgreSQL and one bucket (s3rver), all with
 * ENGINE=on and the real engine, sharing one MUSIC_DIR as a shared mount would: one engine runs; every
 * instance shows the same now playing and serves /stream and HLS; a track uploaded through a follower
 * airs (docs/operations/several-instances.md#the-library-in-the-bucket). Then the holder's whole process
 * tree is killed (SIGKILL) or frozen (SIGSTOP), and another instance takes the engine over (#failover); a
 * listener on another instance keeps listening through it (#every-instance-serves-the-station), and the
 * live show recorded on the killed instance is stored by another, up to what it had shipped (#recordings).
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

let shared: DbHandle & { drop(): Promise<void>; connectionString?: string };
let bucket: S3TestServer;
let cluster: Cluster;
let instances: Instance[];
/** The station's admin (its first member), signed up through a follower in the upload test. */
let admin: string;

/** Signs a member up through an instance's own sign-up route; answers its session cookie. */
async function signUp(i: Instance, fullName: string) {
  const res = await call(i, '', 'POST', '/api/auth/sign-up', {
    fullName,
    email: `${fullName.toLowerCase().replace(/\W+/g, '.')}@cluster.test`,
    password: 'secret123',
    confirmPassword: 'secret123',
  });
  expect(res.status).toBe(201);
  return res.cookie;
}

/** A request to an instance as a browser on it sends it (its origin; JSON, or a multipart body). */
async function call(
  i: Instance,
  cookie: string,
  method: string,
  route: string,
  body?: object | { body: Buffer; contentType: string },
) {
  const multipart = body && 'contentType' in body && Buffer.isBuffer(body.body) ? body : null;
  const res = await fetch(`${i.url}${route}`, {
    method,
    headers: {
      origin: i.url,
      ...(cookie ? { cookie } : {}),
      ...(body ? { 'content-type': multipart ? String(multipart.contentType) : 'application/json' } : {}),
    },
    body: multipart ? new Uint8Array(multipart.body as Buffer) : body ? JSON.stringify(body) : undefined,
    signal: AbortSignal.timeout(60_000),
  });
  const text = await res.text();
  const cookies = res.headers.getSetCookie().map((c) => c.split(';')[0]);
  let json: unknown = text;
  try {
    json = JSON.parse(text);
  } catch {
    // not JSON: kept as text
  }
  return { status: res.status, body: json, cookie: cookies.join('; ') };
}

const nowPlaying = (i: Instance) => cluster.nowPlaying(i);
const holder = () => cluster.holder();
const doubledPlays = () => cluster.doubledPlays();
const kill = (i: Instance, signal: NodeJS.Signals) => cluster.kill(i, signal);
const context = () => cluster.context();
const newTrackOn = (i: Instance, since: number, timeoutMs: number) => cluster.newTrackOn(i, since, timeoutMs);
/** The bucket's recordings area, as the instances see it. */
const recordingsStore = () => openObjectStore({ ...bucket.config, dataDir: os.tmpdir() }, 'recordings');
/** Bytes of the live show in the bucket when the engine's instance was killed. */
let shippedBeforeKill = 0;

interface Credentials {
  username: string;
  password: string;
}

describe.skipIf(!onPostgres)(
  'one station on three processes: one engine, the bucket, failover',
  { shuffle: false },
  () => {
    beforeAll(async () => {
      shared = await freshDatabase();
      bucket = await startS3Server();
      const folder = mkdtempSync(path.join(os.tmpdir(), 'onair-cluster-music-'));
      chmodSync(folder, 0o755);
      const music = path.join(folder, 'music');
      await generateTones(music, 3, { durationSeconds: 30 });
      cluster = new Cluster(shared, bucket, music);
      instances = cluster.instances;
      for (let n = 0; n < 3; n++) await cluster.startInstance();
      const start = Date.now() - 60_000;
      // Liquidsoap's start takes seconds on an idle machine, a minute and more on a loaded one.
      for (const i of instances) await newTrackOn(i, start, 240_000);
    }, 300_000);

    afterAll(async () => {
      cluster?.stopAll();
      await shared?.drop();
      await bucket?.close();
    });

    it('one engine for three instances: the same now playing on each, and /stream and HLS on each', async () => {
      const { rows } = await shared.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM engine_lease WHERE expires_at > now() AND released_at IS NULL`,
      );
      expect(rows[0].n).toBe(1);
      const harbors = await Promise.all(instances.map((i) => portOpen('127.0.0.1', i.harborPort)));
      expect(harbors.filter(Boolean)).toHaveLength(1);
      expect(instances[harbors.indexOf(true)]).toBe(await holder());
      await waitUntil(
        'the same now playing on every instance',
        async () => {
          const seen = (await Promise.all(instances.map(nowPlaying))).map(
            (np) => `${np?.nowPlaying?.song.title} at ${np?.nowPlaying?.playedAt}`,
          );
          return new Set(seen).size === 1 && !seen[0].startsWith('undefined');
        },
        10_000,
        context,
      );
      for (const i of instances) {
        const player = playStream(`${i.url}/stream`);
        try {
          await waitUntil(`audio on ${i.url}/stream`, () => player.size > 16_000, 30_000, context);
        } finally {
          player.stop();
        }
        // The engine writes its first HLS segments a few seconds after it starts.
        await waitUntil(
          `the HLS playlist on ${i.url}`,
          async () => {
            const master = await fetch(`${i.url}/hls/live.m3u8`);
            return master.status === 200 && (await master.text()).includes('#EXTM3U');
          },
          30_000,
          context,
        );
      }
    }, 120_000);

    it('a track uploaded through a follower goes to the bucket and airs on every instance', async () => {
      const engine = (await holder())!;
      const follower = instances.find((i) => i !== engine)!;
      // The station's first member is its admin; a session works on every instance.
      admin = await signUp(follower, 'Cluster Admin');
      const dir = mkdtempSync(path.join(os.tmpdir(), 'onair-cluster-upload-'));
      const file = await makeAudio(dir, 'through-a-follower.mp3', {
        seconds: 20,
        frequency: 523,
        tags: { title: 'Through A Follower', artist: 'The Cluster' },
      });
      const upload = await call(
        follower,
        admin,
        'POST',
        '/api/media/tracks',
        multipartBody([await partFromFile(file)]),
      );
      expect(upload.status).toBe(201);
      const trackId = (upload.body as { tracks: { id: string }[] }).tracks[0].id;
      // Its key in the bucket's media/ prefix, by content: nothing on the follower's disk.
      const { rows } = await shared.query<{ path: string }>('SELECT path FROM media_tracks WHERE id = $1', [
        trackId,
      ]);
      expect(rows[0].path).toMatch(/^[0-9a-f]{2}\/[0-9a-f]{64}\.mp3$/);
      // The new track alone in rotation, through the engine's instance, then the current track skipped.
      const list = await call(engine, admin, 'POST', '/api/media/playlists', {
        name: 'Cluster',
        kind: 'rotation',
        weight: 5,
        enabled: true,
      });
      expect(list.status).toBe(201);
      const playlistId = (list.body as { playlist: { id: string } }).playlist.id;
      expect(
        (
          await call(engine, admin, 'PUT', `/api/media/playlists/${playlistId}/tracks`, {
            trackIds: [trackId],
          })
        ).status,
      ).toBe(200);
      const { body: all } = await call(engine, admin, 'GET', '/api/media/playlists');
      for (const p of (all as { playlists: { id: string }[] }).playlists)
        if (p.id !== playlistId)
          expect(
            (await call(engine, admin, 'PATCH', `/api/media/playlists/${p.id}`, { enabled: false })).status,
          ).toBe(200);
      expect((await call(engine, admin, 'POST', '/api/media/queue/skip', {})).status).toBe(200);
      for (const i of instances)
        await waitUntil(
          `the follower's upload on air on ${i.url}`,
          async () => (await nowPlaying(i))?.nowPlaying?.song.title === 'Through A Follower',
          90_000,
          context,
        );
      // The folder's tracks rotate again beside it, as before.
      for (const p of (all as { playlists: { id: string }[] }).playlists)
        if (p.id !== playlistId)
          expect(
            (await call(engine, admin, 'PATCH', `/api/media/playlists/${p.id}`, { enabled: true })).status,
          ).toBe(200);
    }, 150_000);

    it('a SIGKILL of the engine instance: another takes over and a new track airs; no play is doubled', async () => {
      const dead = (await holder())!;
      expect(dead).toBeDefined();
      // A follower's listeners; whichever instance takes the engine over, they keep listening.
      const survivor = instances.find((i) => i !== dead)!;
      // Listeners on the follower: relayed from the engine's instance, then from its own engine.
      const plain = playStream(`${survivor.url}/stream`);
      const titled = playStream(`${survivor.url}/stream`, { 'icy-metadata': '1' });
      const hearing = (more: number, from = [0, 0]) => {
        if (plain.ended || titled.ended) throw new Error('a listener on the follower was cut off');
        return plain.size > from[0]! + more && titled.size > from[1]! + more;
      };
      await waitUntil('the follower to relay the engine', () => hearing(16_000), 30_000, context);
      // A presenter live on the engine's harbor: recorded there, and shipped to the bucket as it goes.
      const dj = (await call(survivor, admin, 'POST', '/api/station/my-credentials')).body as Credentials;
      const show = startDjEncoder(dead.harborPort, dj.username, dj.password).child;
      try {
        shippedBeforeKill = await waitUntil(
          'ten seconds of the live show shipped to the bucket',
          async () => {
            const bytes = [...(await listPartials(recordingsStore())).values()]
              .flat()
              .reduce((sum, part) => sum + part.size, 0);
            return bytes >= 10 * 16_000 ? bytes : null;
          },
          90_000,
          context,
        );
      } catch (err) {
        show.kill('SIGKILL');
        throw err;
      }
      const killedAt = Date.now();
      kill(dead, 'SIGKILL');
      show.kill('SIGKILL');
      const track = await newTrackOn(survivor, killedAt, 180_000);
      const seconds = (Date.parse(track.playedAt) - killedAt) / 1000;
      console.info(`[failover] SIGKILL → a new track on the survivor after ${seconds.toFixed(1)} s`);
      try {
        const heardAt = [plain.size, titled.size];
        await waitUntil(
          'the listeners to hear the new engine',
          () => hearing(32_000, heardAt),
          30_000,
          context,
        );
        const metaint = Number(titled.res!.headers['icy-metaint']);
        expect(metaint).toBeGreaterThan(0);
        // Every block at its offset parses, across the switch, and the new engine's title comes through.
        await waitUntil(
          "the new engine's title in the relayed blocks",
          () => readIcy(titled.body(), metaint).titles.at(-1)?.includes(track.song.title),
          20_000,
          () => JSON.stringify(readIcy(titled.body(), metaint).titles),
        );
        expect(plain.ended || titled.ended).toBe(false);
      } finally {
        plain.stop();
        titled.stop();
      }
      const taker = await holder();
      expect(taker && taker !== dead).toBe(true);
      expect(await doubledPlays(), await cluster.playLog()).toBe(0);
      cluster.forget(dead);
      // A new instance joins as a follower for the next test.
      const joined = await cluster.startInstance();
      await newTrackOn(joined, Date.now() - 60_000, 120_000);
      expect(await holder()).toBe(taker);
    }, 400_000);

    it('a frozen engine instance (SIGSTOP): the other takes over; woken, the old one stops its engine and records nothing', async () => {
      const frozen = (await holder())!;
      const other = instances.find((i) => i !== frozen)!;
      const stoppedAt = Date.now();
      kill(frozen, 'SIGSTOP');
      const track = await newTrackOn(other, stoppedAt, 180_000);
      const seconds = (Date.parse(track.playedAt) - stoppedAt) / 1000;
      console.info(`[failover] SIGSTOP → a new track on the other instance after ${seconds.toFixed(1)} s`);
      const taker = await holder();
      expect(taker && taker !== frozen).toBe(true);
      kill(frozen, 'SIGCONT');
      // Woken past its deadline, it stops its engine (the harbor closes) and takes no lease back.
      await waitUntil(
        'the woken instance to stop its engine',
        async () => !(await portOpen('127.0.0.1', frozen.harborPort)),
        30_000,
        context,
      );
      await new Promise((r) => setTimeout(r, 5_000));
      expect(await holder()).toBe(taker);
      expect(await doubledPlays(), await cluster.playLog()).toBe(0);
    }, 400_000);

    it('the live show recorded on the killed instance is stored by another, up to what was shipped', async () => {
      // Another instance takes in what nobody ships any more (after 60 s), once; the parts then go.
      const { rows } = await waitUntil(
        'the recording of the killed instance stored',
        async () => {
          const found = await shared.query<{ duration_seconds: number; storage_key: string }>(
            'SELECT duration_seconds, storage_key FROM recordings',
          );
          return found.rows.length > 0 ? found : null;
        },
        180_000,
        context,
      );
      expect(rows).toHaveLength(1);
      console.info(
        `[recordings] ${(shippedBeforeKill / 16_000).toFixed(1)} s shipped before the kill → ${rows[0].duration_seconds.toFixed(1)} s stored by another instance`,
      );
      // 128 kbps: 16,000 bytes a second; everything shipped before the kill is in it.
      expect(rows[0].duration_seconds).toBeGreaterThanOrEqual(shippedBeforeKill / 16_000 - 1);
      expect(rows[0].storage_key).toMatch(/\.mp3$/);
      await waitUntil('the parts deleted', async () => (await listPartials(recordingsStore())).size === 0);
    }, 240_000);
  },
);
