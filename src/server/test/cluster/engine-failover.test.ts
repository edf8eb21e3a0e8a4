import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../db/client';
import { readLease } from '../../infra/cluster/engine-lease';
import { listInstances } from '../../infra/cluster/instances';
import { nowPlayingSlot } from '../../modules/station/now-playing.service';
import { waitUntil } from '../engine-helpers';
import { freePorts } from '../free-port';
import { Client, createTestApp, freshDatabase, signUpMember, type TestApp } from '../test-app';

/**
 * Two instances of one station on one PostgreSQL, both allowed to run the built-in engine (its
 * processes are not started: the apps do not listen; the tests post the engine's reports themselves).
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const lease = { leaseMs: 3_000, renewMs: 400, retryMs: 300, marginMs: 900 };

let shared: DbHandle & { drop(): Promise<void> };
let one: TestApp;
let two: TestApp;

async function instance(): Promise<TestApp> {
  const [icecast, harbor] = await freePorts(2);
  const t = await createTestApp({
    db: shared,
    env: {
      RADIO_BACKEND: 'builtin',
      ENGINE: 'auto',
      ICECAST_PORT: String(icecast),
      HARBOR_PORT: String(harbor),
    },
    deps: { engineLease: lease },
  });
  // What the engine's start does first: its reports go to now playing.
  Object.assign(t.app.ctx.station.engine!, { sink: nowPlayingSlot.of(t.app.ctx) });
  return t;
}

let seq = 1;
const report = (t: TestApp, token: string, title: string) =>
  new Client(t.app).request(
    'POST',
    '/api/station/engine/event',
    { type: 'track', seq: seq++, title, artist: 'The Failovers', source: 'autodj' },
    { 'x-engine-token': token },
  );

const plays = async (title: string) =>
  Number(
    (
      await shared.query<{ n: string }>(
        'SELECT count(*) AS n FROM song_plays p JOIN songs s ON s.id = p.song_id WHERE s.title = $1',
        [title],
      )
    ).rows[0].n,
  );

describe.skipIf(!onPostgres)('one engine across instances', { shuffle: false }, () => {
  beforeAll(async () => {
    shared = await freshDatabase();
    one = await instance();
    two = await instance();
  });
  afterAll(async () => {
    await one?.close().catch(() => {});
    await two?.close();
    await shared?.drop();
  });

  it('elects one instance; the engine callbacks are accepted from its term only', async () => {
    const held = one.app.ctx.station.election!.term!;
    expect(held).not.toBeNull();
    expect(two.app.ctx.station.election!.term).toBeNull();
    expect(one.app.ctx.station.engineToken).toBe(held.token);

    expect((await report(one, held.token, 'Tides Turn')).statusCode).toBe(200);
    // The follower's engine is not running: the holder's token is no good there.
    expect((await report(two, held.token, 'Tides Turn')).statusCode).toBe(403);
    expect(await plays('Tides Turn')).toBe(1);

    const instances = await listInstances(shared);
    expect(instances.map((i) => i.id).sort()).toEqual(
      [one.app.ctx.station.instances.self.id, two.app.ctx.station.instances.self.id].sort(),
    );
  });

  it("shows the engine's now playing on the follower too", async () => {
    await waitUntil(
      'the follower to show the track',
      async () =>
        (await new Client(two.app).get('/api/now-playing')).json().nowPlaying?.song.title === 'Tides Turn',
      5_000,
    );
  });

  it('a holder whose lease moved while it was paused records no play and stops its engine', async () => {
    const old = one.app.ctx.station.election!.term!;
    // Another instance took the lease meanwhile (as after a pause longer than the lease).
    await shared.query(`UPDATE engine_lease SET token = 'someone-else', holder = 'someone-else'`);
    await new Promise((r) => setTimeout(r, 1_100)); // the callbacks' check is at most a second old
    expect((await report(one, old.token, 'Velvet Underpass')).statusCode).toBe(403);
    // A report already past the check when the lease moved is not recorded either.
    await nowPlayingSlot.of(one.app.ctx).trackChanged({
      title: 'Velvet Underpass',
      artist: 'The Failovers',
      album: null,
      art: null,
      source: 'autodj',
      startedAt: new Date(),
      sequence: seq++,
      streamerName: null,
    });
    expect(await plays('Velvet Underpass')).toBe(0);
    await waitUntil(
      'the old holder to give the engine up',
      () => one.app.ctx.station.election!.term === null,
    );
    // Put the lease back as the engine's holder of record had it, so the next test starts from one holder.
    await shared.query(
      `UPDATE engine_lease SET token = $1, holder = $2, expires_at = now() + interval '1 minute'`,
      [old.token, one.app.ctx.station.instances.self.id],
    );
  });

  it('when the holder shuts down, the other instance takes over at once; the old token is refused', async () => {
    const oldToken = 'token-of-a-stopped-engine';
    await waitUntil('an instance to hold the lease', () =>
      [one, two].some((t) => t.app.ctx.station.election!.term !== null),
    );
    const holder = one.app.ctx.station.election!.term ? one : two;
    const other = holder === one ? two : one;
    const before = holder.app.ctx.station.election!.term!.token;
    await holder.app.close();
    const taken = await waitUntil(
      'the other instance to take the lease',
      () => other.app.ctx.station.election!.term,
    );
    expect(taken.token).not.toBe(before);
    expect((await report(other, before, 'Harbour Lights')).statusCode).toBe(403);
    expect((await report(other, oldToken, 'Harbour Lights')).statusCode).toBe(403);
    expect((await report(other, taken.token, 'Harbour Lights')).statusCode).toBe(200);
    expect(await plays('Harbour Lights')).toBe(1);
    const state = await readLease(shared);
    expect(state?.holder).toBe(other.app.ctx.station.instances.self.id);
    expect(state?.lastFailover?.cause).toBe('released');

    // Admin Panel › System status, on the instance that took over.
    const admin = await signUpMember(other.app, 'Cluster Admin');
    const { cluster } = (await admin.get('/api/admin/dashboard')).json().status;
    const self = other.app.ctx.station.instances.self.id;
    expect(cluster.engine).toMatchObject({ instanceId: self, valid: true, term: taken.term });
    expect(cluster.lastFailover).toMatchObject({ to: self, cause: 'released' });
    const rows = cluster.instances as { id: string; runsEngine: boolean; stoppedAt: string | null }[];
    expect(rows).toHaveLength(2);
    expect(rows.find((i) => i.id === self)).toMatchObject({ runsEngine: true, stoppedAt: null });
    expect(rows.find((i) => i.id !== self)).toMatchObject({
      runsEngine: false,
      stoppedAt: expect.any(String),
    });
  });
});

describe('one instance', () => {
  it('runs the engine itself and says so in the System status', { timeout: 90_000 }, async () => {
    const [icecast, harbor] = await freePorts(2);
    const t = await createTestApp({
      env: { RADIO_BACKEND: 'builtin', ICECAST_PORT: String(icecast), HARBOR_PORT: String(harbor) },
    });
    try {
      const self = t.app.ctx.station.instances.self;
      expect(t.app.ctx.station.election!.term).not.toBeNull();
      const admin = await signUpMember(t.app, 'Solo Admin');
      const { cluster } = (await admin.get('/api/admin/dashboard')).json().status;
      expect(cluster.engine).toMatchObject({ instanceId: self.id, valid: true });
      expect(cluster.instances).toEqual([
        expect.objectContaining({ id: self.id, isThis: true, runsEngine: true, engineMode: 'auto' }),
      ]);
      expect(cluster.lastFailover).toBeNull();
    } finally {
      await t.close();
    }
  });

  it('with ENGINE=off, follows: it takes no lease and accepts no engine callback', {
    timeout: 90_000,
  }, async () => {
    const [icecast, harbor] = await freePorts(2);
    const t = await createTestApp({
      env: {
        RADIO_BACKEND: 'builtin',
        ENGINE: 'off',
        ICECAST_PORT: String(icecast),
        HARBOR_PORT: String(harbor),
      },
    });
    try {
      expect(t.app.ctx.station.election).toBeNull();
      const res = await report(t, t.app.ctx.station.engineToken, 'Nobody Airs This');
      expect(res.statusCode).toBe(403);
      expect(await t.dbh.query('SELECT 1 FROM engine_lease')).toMatchObject({ rows: [] });
    } finally {
      await t.close();
    }
  });
});
