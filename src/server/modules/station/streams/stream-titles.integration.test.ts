/**
 * Titles in outside players, with the real Icecast + Liquidsoap: a player that sends `Icy-MetaData: 1`
 * to /stream or /stream/64 gets `icy-metaint` and the station's icy-* headers, and reads the title of
 * the track on air from the in-band blocks, as mpv, VLC or a smart speaker does; a player that does not
 * ask gets plain MP3. Skipped when icecast2 or liquidsoap is missing.
 */

import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchMountStatus } from '../../../integrations/radio/builtin/icecast-mounts';
import { isBuiltinEngineInstalled } from '../../../integrations/radio/builtin/supervisor';
import { waitUntil } from '../../../test/engine-helpers';
import { createEngineTestApp } from '../../../test/engine-test-app';
import type { TestApp } from '../../../test/test-app';
import { nowPlayingSlot } from '../now-playing.service';

const installed = isBuiltinEngineInstalled();

interface Heard {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The body as it came, the first `bytes` of it. */
  body: Buffer;
}

/** Opens a stream as a player does and keeps the first `bytes` of the body. */
function play(url: string, bytes: number, headers: Record<string, string>): Promise<Heard> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers });
    req.once('error', reject);
    req.setTimeout(30_000, () => req.destroy(new Error(`no ${bytes} bytes from ${url} in 30 s`)));
    req.once('response', (res) => {
      const chunks: Buffer[] = [];
      let n = 0;
      res.on('data', (c: Buffer) => {
        chunks.push(c);
        n += c.length;
        if (n >= bytes) {
          req.destroy();
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) });
        }
      });
      res.once('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
  });
}

/**
 * The ICY in-band blocks of a body: after every `metaint` audio bytes, one length byte (×16) and that
 * many bytes of `StreamTitle='…';` padded with NULs. Returns every block's text, empty ones included.
 */
function icyBlocks(body: Buffer, metaint: number): string[] {
  const blocks: string[] = [];
  let at = metaint;
  while (at < body.length) {
    const length = body[at]! * 16;
    if (at + 1 + length > body.length) break;
    blocks.push(
      body
        .subarray(at + 1, at + 1 + length)
        .toString('utf8')
        .replace(/\0+$/, ''),
    );
    at += 1 + length + metaint;
  }
  return blocks;
}

const streamTitle = (block: string) => block.match(/StreamTitle='(.*?)';/)?.[1] ?? null;

describe.skipIf(!installed)('titles in outside players', () => {
  let t: TestApp;
  let base: string;

  beforeAll(async () => {
    const engineApp = await createEngineTestApp('icy', { tones: 2, toneSeconds: 120 });
    ({ t, base } = engineApp);
    await engineApp.listen();
    const icecast = `http://127.0.0.1:${engineApp.icecastPort}`;
    await waitUntil(
      'both mounts on air and a track reported',
      async () =>
        (await fetchMountStatus(icecast, '/radio.mp3')).onAir &&
        (await fetchMountStatus(icecast, '/radio-64.mp3')).onAir &&
        nowPlayingSlot.of(t.app.ctx).snapshot.nowPlaying?.source === 'autodj',
      60_000,
      () => t.app.ctx.station.engine?.recentEngineOutput() ?? '',
    );
  }, 90_000);

  afterAll(async () => t?.close());

  for (const path of ['/stream', '/stream/64']) {
    it(`gives a player that asks for titles the title on air, in band, on ${path}`, async () => {
      const found = await waitUntil(
        'the title of the track on air in a block',
        async () => {
          const heard = await play(`${base}${path}`, 40_000, {
            'Icy-MetaData': '1',
            'User-Agent': 'mpv 0.35',
          });
          expect(heard.status).toBe(200);
          const metaint = Number(heard.headers['icy-metaint']);
          expect(metaint).toBeGreaterThan(0);
          const titles = icyBlocks(heard.body, metaint).map(streamTitle).filter(Boolean);
          const song = nowPlayingSlot.of(t.app.ctx).snapshot.nowPlaying?.song;
          // The first block holds the title at once; a track change in between is asked again.
          return song && titles[0] === `${song.artist} - ${song.title}` ? { heard, title: titles[0] } : null;
        },
        60_000,
      );
      expect(found.title).toMatch(/^(The Night Owls - Midnight Drive|Marina Vale - Harbour Lights)$/);
      expect(found.heard.headers['icy-name']).toMatch(/^OnAir Radio/);
      expect(found.heard.headers['icy-br']).toBe(path === '/stream' ? '128' : '64');
      expect(found.heard.headers['content-type']).toMatch(/audio\/mpeg/);
      expect(found.heard.headers['cache-control']).toBe('no-cache, no-store');
    }, 90_000);

    it(`gives a player that does not ask plain MP3, with no title blocks, on ${path}`, async () => {
      const heard = await play(`${base}${path}`, 48_000, {});
      expect(heard.status).toBe(200);
      expect(heard.headers['icy-metaint']).toBeUndefined();
      expect(heard.body.includes('StreamTitle')).toBe(false);
      // MPEG audio from the first byte to the last: frame syncs (0xFFE) all the way through.
      let syncs = 0;
      for (let i = 0; i + 1 < heard.body.length; i++)
        if (heard.body[i] === 0xff && (heard.body[i + 1]! & 0xe0) === 0xe0) syncs++;
      expect(syncs).toBeGreaterThan(48_000 / 420 / 2);
      expect(heard.headers['cache-control']).toBe('no-cache, no-store');
    }, 40_000);
  }
});
