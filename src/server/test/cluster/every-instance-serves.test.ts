import { mkdirSync, writeFileSync } from 'node:fs';
import type http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DbHandle } from '../../db/client';
import { RELAY_HEADER } from '../../infra/cluster/engine-holder';
import { hlsAudienceSlot } from '../../modules/station/audience';
import { makeBoothPassword } from '../../modules/station/booth/booth-password';
import { boothsSlot } from '../../modules/station/booth/booths';
import { waitUntil } from '../engine-helpers';
import { type FakeIcecastMount, startFakeIcecastMount } from '../fakes/fake-icecast-mount';
import { freePorts } from '../free-port';
import { markersIn, readIcy } from '../icy';
import { playStream as listen } from '../player';
import { createTestApp, freshDatabase, type TestApp } from '../test-app';

/**
 * Every instance serves the station (docs/operations/several-instances.md#every-instance-serves-the-station):
 * two instances on one PostgreSQL, each with a fake Icecast on its ICECAST_PORT standing in for its engine
 * (the engine's processes are not started). A listener on the follower hears the holder's Icecast
 * through the holder's app, and keeps listening when the holder shuts down and the follower takes the
 * engine over.
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const lease = { leaseMs: 3_000, renewMs: 400, retryMs: 300, marginMs: 900 };
const MOUNTS = ['/radio.mp3', '/radio-64.mp3'];

let shared: DbHandle & { drop(): Promise<void> };
let holder: { t: TestApp; ice: FakeIcecastMount };
let follower: { t: TestApp; ice: FakeIcecastMount };

async function instance(marker: string, metaint: number, title: string, env: Record<string, string> = {}) {
  const [icecast, harbor, port] = await freePorts(3);
  const ice = await startFakeIcecastMount({ mounts: MOUNTS, marker, metaint, title, port: icecast });
  const t = await createTestApp({
    db: shared,
    env: {
      RADIO_BACKEND: 'builtin',
      ENGINE: 'auto',
      ICECAST_PORT: String(icecast),
      HARBOR_PORT: String(harbor),
      INSTANCE_URL: `http://127.0.0.1:${port}/`,
      ...env,
    },
    deps: { engineLease: lease, startRadio: false },
  });
  await t.listen(port);
  return { t, ice };
}

describe.skipIf(!onPostgres)('every instance serves the station', { shuffle: false }, () => {
  beforeAll(async () => {
    shared = await freshDatabase();
    holder = await instance('abcdefg', 1_000, 'Holder - Tune');
    // Behind a proxy: the listener's address comes in X-Forwarded-For.
    follower = await instance('WXYZ', 700, 'Follower - Tune', { TRUST_PROXY: 'true' });
    expect(holder.t.app.ctx.station.election!.term).not.toBeNull();
    expect(follower.t.app.ctx.station.election!.term).toBeNull();
    expect(holder.t.app.ctx.station.engine!.qualities.map((q) => new URL(q.internalUrl).pathname)).toEqual(
      MOUNTS,
    );
  });
  afterAll(async () => {
    await holder?.t.close().catch(() => {});
    await follower?.t.close().catch(() => {});
    await holder?.ice.close();
    await follower?.ice.close();
    await shared?.drop();
  });

  it("relays the holder's audio on the follower, with the same headers, counted once with the listener's address", async () => {
    for (const [route, mount] of [
      ['/stream', '/radio.mp3'],
      ['/stream/64', '/radio-64.mp3'],
    ] as const) {
      const direct = listen(`${holder.t.base}${route}`);
      const relayed = listen(`${follower.t.base}${route}`, { 'x-forwarded-for': '198.51.100.7' });
      try {
        await waitUntil('audio on both', () => direct.size > 4_000 && relayed.size > 4_000, 10_000);
        const pick = (h: http.IncomingHttpHeaders) => {
          const { date: _d, connection: _c, 'transfer-encoding': _t, 'keep-alive': _k, ...rest } = h;
          return rest;
        };
        expect(pick(relayed.res!.headers)).toEqual(pick(direct.res!.headers));
        expect(relayed.res!.headers['cache-control']).toBe('no-cache, no-store');
        expect(markersIn(relayed.body(), ['abcdefg'])).toEqual(['abcdefg']);
        expect(follower.ice.listeners()).toEqual([]);
        // The holder's Icecast sees two listeners: one each, the relayed one with its own address.
        const seen = holder.ice.listeners(mount).map((h) => h['x-forwarded-for']);
        expect(seen.sort()).toEqual(['127.0.0.1', '198.51.100.7']);
        expect(holder.ice.listeners(mount).every((h) => h['user-agent'] === 'VLC/3.0.18')).toBe(true);
      } finally {
        direct.stop();
        relayed.stop();
      }
      await waitUntil('the listeners to leave', () => holder.ice.listeners().length === 0, 5_000);
    }
  });

  it('relays in-band titles: icy-metaint and every block at its offset parses', async () => {
    const player = listen(`${follower.t.base}/stream`, { 'icy-metadata': '1' });
    try {
      await waitUntil('a few blocks', () => player.size > 6_000, 10_000);
      expect(player.res!.headers['icy-metaint']).toBe('1000');
      const heard = readIcy(player.body(), 1_000);
      expect(heard.blocks).toBeGreaterThan(4);
      expect(heard.titles).toEqual(['Holder - Tune']);
      expect(markersIn(heard.audio, ['abcdefg'])).toEqual(['abcdefg']);
    } finally {
      player.stop();
    }
  });

  it('never relays a relayed request again; only a peer may say whose address it relays', async () => {
    const twice = await fetch(`${follower.t.base}/stream`, { headers: { [RELAY_HEADER]: 'anything' } });
    expect(twice.status).toBe(503);
    expect((await twice.json()).error.message).toMatch(/not relayed again/);
    const hls = await fetch(`${follower.t.base}/hls/live.m3u8`, { headers: { [RELAY_HEADER]: 'x' } });
    expect(hls.status).toBe(503);
    // Straight to the holder with a made-up header: served, but counted with its own address.
    const forged = listen(`${holder.t.base}/stream`, {
      [RELAY_HEADER]: 'forged',
      'x-forwarded-for': '198.51.100.66',
    });
    try {
      await waitUntil('audio', () => forged.size > 1_000, 10_000);
      expect(holder.ice.listeners().map((h) => h['x-forwarded-for'])).toEqual(['127.0.0.1']);
    } finally {
      forged.stop();
    }
  });

  it("feeds a web booth opened on the follower into the engine instance's harbor, whose app takes its login", async () => {
    const onFollower = boothsSlot.of(follower.t.app.ctx);
    const harbor = await onFollower.harborForBooth();
    // The engine instance's host (its INSTANCE_URL), at the station's harbor port.
    expect(harbor).toEqual({ host: '127.0.0.1', port: follower.t.app.ctx.config.HARBOR_PORT, mount: 'live' });
    expect(await boothsSlot.of(holder.t.app.ctx).harborForBooth()).toEqual(
      holder.t.app.ctx.station.engine!.harborSource,
    );
    // The harbor asks the holder's app about the follower's booth login: good for that account only.
    const password = makeBoothPassword(follower.t.app.ctx.config.authSecret, 'night-owl');
    const onHolder = boothsSlot.of(holder.t.app.ctx);
    expect(onHolder.acceptsLogin({ user: 'night-owl', password })).toBe(true);
    expect(onHolder.acceptsLogin({ user: 'early-bird', password })).toBe(false);
    expect(onHolder.acceptsLogin({ user: 'night-owl', password: `${password.slice(0, -2)}xx` })).toBe(false);
  });

  it("serves the holder's HLS playlists and segments on the follower, with the same caching headers", async () => {
    const dir = holder.t.app.ctx.station.engine!.hlsDir;
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'live.m3u8'), '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=140800\n128.m3u8\n');
    writeFileSync(
      path.join(dir, '128.m3u8'),
      '#EXTM3U\n#EXT-X-TARGETDURATION:4\n#EXT-X-MEDIA-SEQUENCE:7\n#EXTINF:4.0,\n128_7.ts\n',
    );
    writeFileSync(path.join(dir, '128_7.ts'), 'segment 7');
    writeFileSync(path.join(dir, '128_8.ts'), 'half');
    // A stale file in the follower's own folder (from an earlier term) is never served.
    const stale = follower.t.app.ctx.station.engine!.hlsDir;
    mkdirSync(stale, { recursive: true });
    writeFileSync(path.join(stale, 'live.m3u8'), '#EXTM3U\nstale\n');
    const counted = vi.spyOn(hlsAudienceSlot.of(holder.t.app.ctx), 'playlistFetched');
    const notHere = vi.spyOn(hlsAudienceSlot.of(follower.t.app.ctx), 'playlistFetched');
    const player = { 'user-agent': 'AppleCoreMedia/1.0.0', 'x-forwarded-for': '198.51.100.7' };
    for (const file of ['live.m3u8', '128.m3u8', '128_7.ts']) {
      const direct = await fetch(`${holder.t.base}/hls/${file}`);
      const relayed = await fetch(`${follower.t.base}/hls/${file}`, { headers: player });
      expect(relayed.status, file).toBe(200);
      for (const h of [
        'content-type',
        'cache-control',
        'access-control-allow-origin',
        'x-content-type-options',
      ])
        expect(relayed.headers.get(h), `${file} ${h}`).toBe(direct.headers.get(h));
      expect(await relayed.text()).toBe(await direct.text());
    }
    expect((await fetch(`${follower.t.base}/hls/128_7.ts`)).headers.get('cache-control')).toBe(
      'public, max-age=31536000, immutable',
    );
    for (const file of ['128_8.ts', '64.m3u8', '..%2Ficecast.xml']) {
      const res = await fetch(`${follower.t.base}/hls/${file}`);
      expect(res.status, file).toBe(404);
      expect(res.headers.get('cache-control'), file).toBe('no-store');
    }
    // The variant playlist's fetch is counted on the holder, once, with the player's address.
    expect(counted).toHaveBeenCalledWith('hls/128', '198.51.100.7', 'AppleCoreMedia/1.0.0');
    expect(notHere).not.toHaveBeenCalled();
  });

  it('keeps a listener on the follower through a failover of the engine, ICY framing valid', {
    timeout: 60_000,
  }, async () => {
    const plain = listen(`${follower.t.base}/stream`);
    const titled = listen(`${follower.t.base}/stream`, { 'icy-metadata': '1' });
    try {
      await waitUntil('audio', () => plain.size > 3_000 && titled.size > 3_000, 10_000);
      // The engine's instance shuts down: the follower takes the engine over (its own Icecast serves).
      await holder.t.close();
      holder.ice.dropListeners();
      await waitUntil(
        'the follower to take the lease',
        () => follower.t.app.ctx.station.election!.term,
        10_000,
      );
      const [p, t] = [plain.size, titled.size];
      await waitUntil('audio again', () => plain.size > p + 6_000 && titled.size > t + 6_000, 20_000);
      expect(plain.ended || titled.ended).toBe(false);
      expect(markersIn(plain.body(), ['abcdefg', 'WXYZ'])).toEqual(['abcdefg', 'WXYZ']);
      const heard = readIcy(titled.body(), 1_000);
      expect(heard.titles).toEqual(['Holder - Tune', 'Follower - Tune']);
      expect(markersIn(heard.audio, ['abcdefg', 'WXYZ'])).toEqual(['abcdefg', 'WXYZ']);
      // Now on the new holder's own Icecast, with the listener's address.
      expect(follower.ice.listeners().map((h) => h['x-forwarded-for'])).toEqual(['127.0.0.1', '127.0.0.1']);
    } finally {
      plain.stop();
      titled.stop();
    }
  });
});

describe('an instance that does not run the engine, alone', () => {
  it('refuses a relayed request, and answers 503 for HLS while no instance runs the engine', async () => {
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
      for (const url of ['/stream', '/stream/64', '/hls/live.m3u8']) {
        const res = await t.app.inject({ url, headers: { [RELAY_HEADER]: 'from-a-peer' } });
        expect(res.statusCode, url).toBe(503);
        expect(res.json().error.message, url).toMatch(/not relayed again/);
      }
      const hls = await t.app.inject({ url: '/hls/live.m3u8' });
      expect(hls.statusCode).toBe(503);
      expect(hls.headers['cache-control']).toBe('no-store');
      expect((await t.app.inject({ url: '/hls/..%2Ficecast.xml' })).statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});
