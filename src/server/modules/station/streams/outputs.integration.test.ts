/**
 * The built-in engine's outputs with the real Icecast + Liquidsoap: both MP3 qualities on their own
 * mounts at their bitrates (relayed by the app, the listener's User-Agent reaching Icecast), the HLS
 * master and variant playlists and a segment served by the app with CDN headers, and a new "most
 * listeners at once" applied to the running Icecast. Skipped when icecast2 or liquidsoap is missing.
 */

import { readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchMountStatus } from '../../../integrations/radio/builtin/icecast-mounts';
import { isBuiltinEngineInstalled } from '../../../integrations/radio/builtin/supervisor';
import { waitUntil } from '../../../test/engine-helpers';
import { createEngineTestApp } from '../../../test/engine-test-app';
import { type Member, signUpMember, type TestApp } from '../../../test/test-app';

const installed = isBuiltinEngineInstalled();

const MPEG1_L3_KBPS = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const RATES = [44100, 48000, 32000];

/** The bitrate of the first MP3 frame that is followed by another frame where its length says. */
function mp3Bitrate(buf: Buffer): number | null {
  const header = (i: number) => {
    if (buf[i] !== 0xff || (buf[i + 1]! & 0xe0) !== 0xe0) return null;
    if (((buf[i + 1]! >> 3) & 3) !== 3 || ((buf[i + 1]! >> 1) & 3) !== 1) return null;
    const kbps = MPEG1_L3_KBPS[buf[i + 2]! >> 4];
    const rate = RATES[(buf[i + 2]! >> 2) & 3];
    if (!kbps || !rate) return null;
    return { kbps, length: Math.floor((144_000 * kbps) / rate) + ((buf[i + 2]! >> 1) & 1) };
  };
  for (let i = 0; i + 4 < buf.length; i++) {
    const h = header(i);
    if (h && header(i + h.length)?.kbps === h.kbps) return h.kbps;
  }
  return null;
}

/** Opens a stream and reads `bytes` of it; the caller closes it. */
function listen(url: string, bytes: number, headers: Record<string, string> = {}) {
  const req = http.get(url, { headers });
  const res = new Promise<{ status: number; type: string; body: Buffer }>((resolve, reject) => {
    req.once('error', reject);
    req.once('response', (r) => {
      if (r.statusCode !== 200) {
        r.resume();
        return resolve({ status: r.statusCode ?? 0, type: '', body: Buffer.alloc(0) });
      }
      const chunks: Buffer[] = [];
      let n = 0;
      r.on('data', (c: Buffer) => {
        chunks.push(c);
        n += c.length;
        if (n >= bytes)
          resolve({ status: 200, type: String(r.headers['content-type']), body: Buffer.concat(chunks) });
      });
    });
  });
  return { req, res };
}

describe.skipIf(!installed)('the built-in engine’s outputs', () => {
  let t: TestApp;
  let base: string;
  let icecastBase: string;
  let admin: Member;

  beforeAll(async () => {
    const engineApp = await createEngineTestApp('outputs');
    ({ t, base } = engineApp);
    admin = await signUpMember(t.app, 'Outputs Admin');
    await engineApp.listen();
    icecastBase = `http://127.0.0.1:${engineApp.icecastPort}`;
    await waitUntil(
      'both mounts on air',
      async () =>
        (await fetchMountStatus(icecastBase, '/radio.mp3')).onAir &&
        (await fetchMountStatus(icecastBase, '/radio-64.mp3')).onAir,
      60_000,
      () => t.app.ctx.station.engine?.recentEngineOutput() ?? '',
    );
  }, 90_000);

  afterAll(async () => t?.close());

  it('plays each quality at its bitrate through the app, and Icecast sees the listener’s program', async () => {
    const ua = 'OnAirOutputsTest/1.0';
    for (const [url, kbps] of [
      ['/stream', 128],
      ['/stream/64', 64],
    ] as const) {
      const { req, res } = listen(`${base}${url}`, 24_000, { 'user-agent': ua });
      const got = await res;
      req.destroy();
      expect(got.status, url).toBe(200);
      expect(got.type, url).toMatch(/audio\/mpeg/);
      expect(mp3Bitrate(got.body), url).toBe(kbps);
    }
    // Icecast logs each listener as it leaves, with the User-Agent the relay passed on.
    const log = path.join(t.app.ctx.station.engine!.hlsDir, '..', 'icecast-access.log');
    await waitUntil(
      'the access log line',
      () => {
        try {
          return (
            readFileSync(log, 'utf8').includes(`/radio-64.mp3 HTTP/1.1" 200`) &&
            readFileSync(log, 'utf8').includes(ua)
          );
        } catch {
          return false;
        }
      },
      10_000,
    );
  }, 30_000);

  it('serves the HLS master and variant playlists and a segment, with CDN headers', async () => {
    const master = await waitUntil(
      'the HLS master playlist',
      async () => {
        const r = await fetch(`${base}/hls/live.m3u8`);
        return r.ok ? r : null;
      },
      30_000,
    );
    expect(master.headers.get('content-type')).toBe('application/vnd.apple.mpegurl');
    expect(master.headers.get('cache-control')).toMatch(/^public, max-age=\d$/);
    const text = await master.text();
    expect(text).toContain('128.m3u8');
    expect(text).toContain('64.m3u8');
    for (const variant of ['128', '64']) {
      const segment = await waitUntil(
        `a ${variant} kbps segment`,
        async () => {
          const r = await fetch(`${base}/hls/${variant}.m3u8`);
          const body = r.ok ? await r.text() : '';
          return body.match(new RegExp(`^${variant}_\\d+\\.ts$`, 'm'))?.[0];
        },
        20_000,
      );
      const res = await fetch(`${base}/hls/${segment}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('video/mp2t');
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const body = Buffer.from(await res.arrayBuffer());
      expect(body.length).toBeGreaterThan(10_000);
      // MPEG-TS: a sync byte every 188 bytes.
      expect([body[0], body[188], body[376]]).toEqual([0x47, 0x47, 0x47]);
    }
  }, 40_000);

  it('applies a new "most listeners at once" to the running Icecast', async () => {
    const res = await admin.patch('/api/settings/site', { maxListeners: 1 });
    expect(res.statusCode).toBe(200);
    const config = readFileSync(path.join(t.app.ctx.station.engine!.hlsDir, '..', 'icecast.xml'), 'utf8');
    expect(config).toContain('<max-listeners>1</max-listeners>');
    const first = listen(`${icecastBase}/radio-64.mp3`, 1000);
    // Icecast re-reads its config on SIGHUP: a second listener of the mount is refused once it has.
    await waitUntil(
      'the second listener refused',
      async () => {
        expect((await first.res).status).toBe(200);
        const second = listen(`${icecastBase}/radio-64.mp3`, 1000);
        const got = await second.res;
        second.req.destroy();
        return got.status !== 200;
      },
      10_000,
    );
    first.req.destroy();
    expect((await admin.patch('/api/settings/site', { maxListeners: 1000 })).statusCode).toBe(200);
  }, 30_000);
});
