import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import type { NowPlaying } from '../../../../shared/contracts/station';
import { Client, createTestApp, memberWith, signUpMember, type TestApp } from '../../../test/test-app';
import { hlsAudienceSlot } from '../audience';
import { nowPlayingSlot } from '../now-playing.service';

/**
 * The built-in engine's HLS output as the app serves it (GET /hls/<file>), the relays per quality, the
 * stream list in now playing, and the capacity setting reaching the engine. The engine is not started:
 * the HLS folder is filled by hand, as Liquidsoap would.
 */
let t: TestApp;
let hlsDir: string;
const anyone = () => new Client(t.app);

const MASTER =
  '#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-STREAM-INF:BANDWIDTH=140800,CODECS="mp4a.40.2"\n128.m3u8\n' +
  '#EXT-X-STREAM-INF:BANDWIDTH=70400,CODECS="mp4a.40.2"\n64.m3u8\n';
const variant = (name: string, first: number, n: number) =>
  `#EXTM3U\n#EXT-X-TARGETDURATION:4\n#EXT-X-VERSION:3\n#EXT-X-MEDIA-SEQUENCE:${first}\n${Array.from(
    { length: n },
    (_, i) => `#EXTINF:4.040,\n${name}_${first + i}.ts\n`,
  ).join('')}`;

beforeAll(async () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'onair-hls-'));
  t = await createTestApp({
    env: {
      RADIO_BACKEND: 'builtin',
      DATA_DIR: dataDir,
      MUSIC_DIR: path.join(dataDir, 'm'),
    },
    // The engine stays stopped when the app listens: a started Liquidsoap would write its own HLS
    // files into the folder this test fills by hand, racing the test's requests.
    deps: { startRadio: false },
  });
  hlsDir = t.app.ctx.station.engine!.hlsDir;
  expect(hlsDir).toBe(path.join(dataDir, 'station', 'hls'));
  mkdirSync(hlsDir, { recursive: true });
  writeFileSync(path.join(hlsDir, 'live.m3u8'), MASTER);
  writeFileSync(path.join(hlsDir, '128.m3u8'), variant('128', 7, 2));
  writeFileSync(path.join(hlsDir, '64.m3u8'), variant('64', 7, 2));
  for (const f of ['128_7.ts', '128_8.ts', '64_7.ts', '64_8.ts'])
    writeFileSync(path.join(hlsDir, f), Buffer.from(`segment ${f}`));
  // Being written: not in the playlist yet.
  writeFileSync(path.join(hlsDir, '128_9.ts'), Buffer.from('half'));
  writeFileSync(path.join(dataDir, 'station', 'icecast.xml'), '<source-password>secret</source-password>');
});
afterAll(async () => t?.close());

describe('HLS files', () => {
  it('serves the master and variant playlists, cacheable for about one segment', async () => {
    const master = await anyone().get('/hls/live.m3u8');
    expect(master.statusCode).toBe(200);
    expect(master.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    expect(master.headers['cache-control']).toBe('public, max-age=4');
    expect(master.headers['access-control-allow-origin']).toBe('*');
    expect(master.body).toBe(MASTER);
    const low = await anyone().get('/hls/64.m3u8');
    expect(low.statusCode).toBe(200);
    expect(low.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    expect(low.headers['cache-control']).toBe('public, max-age=2');
    expect(low.body).toContain('64_8.ts');
  });

  it('serves a listed segment as immutable, without counting its client as a listener', async () => {
    const res = await anyone().get('/hls/64_8.ts', { 'user-agent': 'AppleCoreMedia/1.0 (iPhone)' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('video/mp2t');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.body).toBe('segment 64_8.ts');
    expect(hlsAudienceSlot.of(t.app.ctx).clients()).toEqual([]);
  });

  it('answers 404, never cached, for a missing file or a segment still being written', async () => {
    for (const url of ['/hls/128_9.ts', '/hls/128_1.ts', '/hls/32.m3u8', '/hls/nothing.ts', '/hls/x']) {
      const res = await anyone().get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
  });

  it('never leaves the HLS folder', async () => {
    for (const url of [
      '/hls/..%2Ficecast.xml',
      '/hls/%2e%2e%2ficecast.xml',
      '/hls/..%2F..%2Fstation%2Ficecast.xml',
      '/hls/../icecast.xml',
      '/hls/..%5Cicecast.xml',
      '/hls/%2Fetc%2Fpasswd',
      '/hls/.m3u8',
    ]) {
      const res = await anyone().get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain('secret');
    }
  });

  it('answers the same over real HTTP, where the fast path serves the files before routing', async () => {
    await t.listen();
    const { port } = t.app.server.address() as AddressInfo;
    const get = (p: string) =>
      new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
        // http.get keeps the path as written (fetch would resolve "..").
        http
          .get({ host: '127.0.0.1', port, path: p, headers: { 'user-agent': 'VLC/3.0' } }, (res) => {
            let body = '';
            res.on('data', (c) => (body += c));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
          })
          .on('error', reject);
      });
    const seg = await get('/hls/128_7.ts');
    expect(seg.status).toBe(200);
    expect(seg.headers['content-type']).toBe('video/mp2t');
    expect(seg.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(seg.headers['content-length']).toBe(String('segment 128_7.ts'.length));
    expect(seg.body).toBe('segment 128_7.ts');
    const list = await get('/hls/128.m3u8');
    expect(list.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    // The fast path counts the playlist fetches too: a second one a segment later makes a listener.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 4_100);
      expect((await get('/hls/128.m3u8')).status).toBe(200);
      expect(hlsAudienceSlot.of(t.app.ctx).clients()).toContainEqual({
        mount: 'hls/128',
        userAgent: 'VLC/3.0',
      });
    } finally {
      vi.useRealTimers();
    }
    expect(list.headers['cache-control']).toBe('public, max-age=2');
    for (const p of [
      '/hls/../station/icecast.xml',
      '/hls/..%2Ficecast.xml',
      '/hls/128_9.ts',
      '/hls/%2e%2e%2f%2e%2e%2fetc%2fpasswd',
    ]) {
      const res = await get(p);
      expect(res.status, p).toBe(404);
      expect(res.body, p).not.toContain('secret');
    }
    // A malformed escape is the client's mistake.
    expect((await get('/hls/%E0%A4%A')).status).toBe(400);
  });

  it('answers 404 where the station has no built-in engine', async () => {
    const other = await createTestApp();
    try {
      expect((await new Client(other.app).get('/hls/live.m3u8')).statusCode).toBe(404);
      expect((await new Client(other.app).get('/stream/64')).statusCode).toBe(404);
      const np = (await new Client(other.app).get('/api/now-playing')).json() as NowPlaying;
      expect(np.station.streams).toEqual([]);
      expect(np.station.hlsUrl).toBeNull();
    } finally {
      await other.close();
    }
  });
});

describe('stream qualities in now playing', () => {
  it('lists both MP3 qualities (relayed by the app) and the HLS playlist', async () => {
    const np = (await anyone().get('/api/now-playing')).json() as NowPlaying;
    expect(np.station.streamUrl).toBe('/stream');
    expect(np.station.hlsUrl).toBe('/hls/live.m3u8');
    expect(np.station.streams).toEqual([
      { name: 'High', url: '/stream', format: 'mp3', bitrate: 128 },
      { name: 'Low', url: '/stream/64', format: 'mp3', bitrate: 64 },
      { name: 'Adaptive (HLS)', url: '/hls/live.m3u8', format: 'hls', bitrate: null },
    ]);
  });

  it('relays each quality; an unknown one is 404, a known one off air 503', async () => {
    expect((await anyone().get('/stream/32')).statusCode).toBe(404);
    expect((await anyone().get('/stream/abc')).statusCode).toBe(404);
    expect((await anyone().get('/stream/64')).statusCode).toBe(503);
  });
});

describe('most listeners at once', () => {
  it('is 1,000 by default, refuses nonsense and reaches the engine when changed', async () => {
    const admin = await signUpMember(t.app, 'Capacity Admin');
    expect((await admin.get('/api/settings/site')).json().maxListeners).toBe(1000);
    const engine = t.app.ctx.station.engine!;
    const applied = vi.spyOn(engine, 'setMaxListeners');
    for (const bad of [0, -5, 1.5, 100_001, 'many', null]) {
      const res = await admin.patch('/api/settings/site', { maxListeners: bad });
      expect(res.statusCode, String(bad)).toBe(400);
      expect(res.json().error.fields, String(bad)).toHaveProperty('maxListeners');
    }
    expect(applied).not.toHaveBeenCalled();
    const ok = await admin.patch('/api/settings/site', { maxListeners: 250 });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().maxListeners).toBe(250);
    expect(applied).toHaveBeenCalledWith(250);
    expect((await admin.get('/api/settings/site')).json().maxListeners).toBe(250);
  });
});

describe('HLS listeners in the listener count', () => {
  it('adds a player that keeps fetching its playlist to the MP3 listeners: now playing and the plays CSV', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    // Whoever listened in an earlier test has left a minute later.
    vi.setSystemTime(Date.now() + 61_000);
    hlsAudienceSlot.of(t.app.ctx).count();
    const nowPlaying = nowPlayingSlot.of(t.app.ctx);
    await nowPlaying.listenersChanged(1); // one MP3 listener, as the engine reports Icecast's count
    const listeners = async () =>
      ((await anyone().get('/api/now-playing')).json() as NowPlaying).listeners.total;
    expect(await listeners()).toBe(1);
    // A flood of segment requests with changing User-Agents adds nobody; one playlist fetch neither.
    for (let i = 0; i < 50; i++)
      await anyone().get('/hls/128_8.ts', { 'user-agent': `flood-${i}-${'x'.repeat(2000)}` });
    const player = { 'user-agent': 'AppleCoreMedia/1.0.0 (iPhone; U; CPU OS 18_0 like Mac OS X)' };
    expect((await anyone().get('/hls/128.m3u8', player)).statusCode).toBe(200);
    await nowPlaying.idle();
    expect(await listeners()).toBe(1);
    // The player fetches its playlist again a segment later: one HLS listener.
    vi.setSystemTime(Date.now() + 4_100);
    expect((await anyone().get('/hls/128.m3u8', player)).statusCode).toBe(200);
    await nowPlaying.idle();
    expect(await listeners()).toBe(2);
    // A track that starts now is logged with both listeners.
    const startedAt = new Date();
    await nowPlaying.trackChanged({
      title: 'Counted Tune',
      artist: 'The Audience',
      album: null,
      art: null,
      source: 'autodj',
      startedAt,
      sequence: 1,
      streamerName: null,
    });
    await nowPlaying.idle();
    const admin = await memberWith(t, 'admin', [], 'Report Admin');
    const from = new Date(startedAt.getTime() - 60_000).toISOString();
    const to = new Date(startedAt.getTime() + 60_000).toISOString();
    const csv = await admin.get(
      `/api/admin/reports/plays.csv?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`,
    );
    expect(csv.statusCode).toBe(200);
    const [header, row] = csv.body
      .trim()
      .split('\r\n')
      .map((l) => l.split(','));
    expect(row[header.indexOf('title')]).toBe('Counted Tune');
    expect(row[header.indexOf('listeners_at_start')]).toBe('2');
    // The player stops: after a minute it has left, and the count says so within a few seconds.
    vi.setSystemTime(Date.now() + 61_000);
    hlsAudienceSlot.of(t.app.ctx).count();
    await nowPlaying.idle();
    expect(await listeners()).toBe(1);
  });
});
