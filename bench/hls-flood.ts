/**
 * One address floods the HLS output with segment requests, each with a new long User-Agent (and then
 * playlist requests the same way): the app's memory growth and the HLS listeners it counts. The real app
 * (built-in engine, not started; its HLS folder filled by hand as Liquidsoap would) on a fresh embedded
 * database; the requests come over real HTTP, 32 at a time on kept-alive connections.
 *   node --expose-gc --import tsx bench/hls-flood.ts [segments=60000] [playlists=60000]
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { hlsAudienceSlot } from '../src/server/modules/station/audience';
import { nowPlayingSlot } from '../src/server/modules/station/now-playing.service';

const segments = Number(process.argv[2] ?? 60_000);
const playlists = Number(process.argv[3] ?? 60_000);
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'onair-bench-hls-'));
const config = loadConfig({
  NODE_ENV: 'production',
  LOG_LEVEL: 'silent',
  DATA_DIR: dataDir,
  MUSIC_DIR: path.join(dataDir, 'music'),
  SERVE_WEB: 'false',
  JOBS_ENABLED: 'false',
  RADIO_BACKEND: 'builtin',
  PORT: '0',
  BASE_URL: 'http://localhost:3000',
});
const app = await buildApp(config, { startRadio: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const { port } = app.server.address() as AddressInfo;

const hlsDir = app.ctx.station.engine!.hlsDir;
mkdirSync(hlsDir, { recursive: true });
const segment = Buffer.alloc(64 * 1024, 1); // about 4 s of 128 kbps
const names = Array.from({ length: 5 }, (_, i) => `128_${100 + i}.ts`);
writeFileSync(
  path.join(hlsDir, '128.m3u8'),
  `#EXTM3U\n#EXT-X-TARGETDURATION:4\n#EXT-X-VERSION:3\n#EXT-X-MEDIA-SEQUENCE:100\n${names.map((n) => `#EXTINF:4.000,\n${n}\n`).join('')}`,
);
for (const n of names) writeFileSync(path.join(hlsDir, n), segment);

const agent = new http.Agent({ keepAlive: true, maxSockets: 32 });
const longAgent = (i: number) => `FloodPlayer/${i} (${'x'.repeat(2_000)}${i})`;
function get(p: string, userAgent: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: p, agent, headers: { 'user-agent': userAgent } }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      })
      .on('error', reject);
  });
}

async function flood(n: number, pathOf: (i: number) => string) {
  let next = 0;
  let ok = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: 32 }, async () => {
      while (next < n) {
        const i = next++;
        if ((await get(pathOf(i), longAgent(i))) === 200) ok++;
      }
    }),
  );
  return { ok, seconds: (performance.now() - t0) / 1000 };
}

const gc = (globalThis as { gc?: () => void }).gc;
const memory = () => {
  gc?.();
  const m = process.memoryUsage();
  return { rss: m.rss / 2 ** 20, heap: m.heapUsed / 2 ** 20 };
};
const audience = hlsAudienceSlot.of(app.ctx);
const listeners = () => nowPlayingSlot.of(app.ctx).snapshot.listeners.total;

// Warm up (the first requests load the files and code paths), then measure from there.
await flood(2_000, (i) => `/hls/${names[i % names.length]}`);
const before = memory();
console.log(
  `before: rss ${before.rss.toFixed(1)} MiB, heap ${before.heap.toFixed(1)} MiB${gc ? '' : ' (no --expose-gc)'}`,
);

const seg = await flood(segments, (i) => `/hls/${names[i % names.length]}`);
const afterSegments = memory();
console.log(
  `${segments} segment requests (${seg.ok} answered 200) in ${seg.seconds.toFixed(1)} s: ` +
    `rss +${(afterSegments.rss - before.rss).toFixed(1)} MiB, heap +${(afterSegments.heap - before.heap).toFixed(1)} MiB; ` +
    `HLS clients kept ${audience.size}, listeners counted ${audience.count()}`,
);

const list = await flood(playlists, () => '/hls/128.m3u8');
const afterPlaylists = memory();
await nowPlayingSlot.of(app.ctx).idle();
console.log(
  `${playlists} playlist requests (${list.ok} answered 200) in ${list.seconds.toFixed(1)} s: ` +
    `rss +${(afterPlaylists.rss - before.rss).toFixed(1)} MiB, heap +${(afterPlaylists.heap - before.heap).toFixed(1)} MiB; ` +
    `HLS clients kept ${audience.size}, listeners counted ${audience.count()}, now playing shows ${listeners()}`,
);
const growth = afterPlaylists.rss - before.rss;
const counted = audience.count();
console.log(
  `memory growth ${growth.toFixed(1)} MiB (target < 50) ${growth < 50 ? 'MET' : 'NOT MET'}; ` +
    `listeners ${counted} (target <= 5) ${counted <= 5 ? 'MET' : 'NOT MET'}`,
);
agent.destroy();
await app.close();
