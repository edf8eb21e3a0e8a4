/**
 * GET /api/now-playing throughput against a bare Node http server returning the same bytes, side by side
 * in one run (autocannon, 100 connections). Target: at least 0.8 times the bare server.
 *   node --import tsx bench/now-playing-throughput.ts [seconds=10] [rounds=3]
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import { nowPlayingSlot } from '../src/server/modules/station/now-playing.service';
import { startBenchApp } from './support';

const seconds = Number(process.argv[2] ?? 10);
const rounds = Number(process.argv[3] ?? 3);

async function run(url: string) {
  const r = await autocannon({ url, connections: 100, duration: seconds, pipelining: 1 });
  return { rps: r.requests.average, p99: r.latency.p99, errors: r.errors + r.non2xx };
}

const { app, backend } = await startBenchApp();
await backend.sink!.trackChanged({
  title: 'Midnight Drive',
  artist: 'The Night Owls',
  album: 'After Hours',
  art: null,
  source: 'autodj',
  startedAt: new Date(),
  sequence: 1,
  streamerName: null,
});
await nowPlayingSlot.of(app.ctx).idle();
const body = nowPlayingSlot.of(app.ctx).json;
const etag = nowPlayingSlot.of(app.ctx).etag;

const bare = http.createServer((_req, res) => {
  res.writeHead(200, {
    'content-type': 'application/json; charset=utf-8',
    etag,
    'access-control-allow-origin': '*',
  });
  res.end(body);
});
await new Promise<void>((r) => bare.listen(0, '127.0.0.1', r));
const bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}/api/now-playing`;
const appUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/now-playing`;

console.log(`body ${body.length} bytes; ${rounds} alternating rounds of ${seconds}s, 100 connections`);
const ratios: number[] = [];
for (let i = 0; i < rounds; i++) {
  const b = await run(bareUrl);
  const a = await run(appUrl);
  ratios.push(a.rps / b.rps);
  console.log(
    `round ${i + 1}: bare ${b.rps.toFixed(0)} req/s (p99 ${b.p99} ms) | app ${a.rps.toFixed(0)} req/s (p99 ${a.p99} ms, errors ${a.errors}) | ratio ${(a.rps / b.rps).toFixed(2)}`,
  );
}
const mean = ratios.reduce((x, y) => x + y, 0) / ratios.length;
console.log(`mean ratio app/bare: ${mean.toFixed(2)} (target >= 0.80) ${mean >= 0.8 ? 'MET' : 'NOT MET'}`);
bare.close();
await app.close();
