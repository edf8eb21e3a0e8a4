/**
 * Stream outputs of the built-in engine (docs/operations/engine.md), with the real app, Icecast and Liquidsoap:
 *  (a) MP3 listeners at once on the app's /stream relay (and so on Icecast): each must receive at least
 *      95 % of the 128 kbps bitrate over the measured window;
 *  (b) HLS clients, each fetching the 128 kbps variant playlist then its newest segment, answered by the
 *      app (GET /hls/...) and by a bare Node static file server serving the same folder, in the same run:
 *      the app must reach at least 0.8× the bare server's requests per second (rounds in turn, the median
 *      round of each compared; HLS_ROUNDS, default 3).
 * The load runs in another process (bench/stream-load.ts), the bare server in a third.
 *   node --import tsx bench/stream-outputs.ts [listeners=500] [seconds=60] [hlsClients=2000] [hlsSeconds=10]
 */
import { execFile, spawn } from 'node:child_process';
import os from 'node:os';
import { promisify } from 'node:util';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { fetchMountStatus } from '../src/server/integrations/radio/builtin/icecast-mounts';
import { freePorts } from '../src/server/test/free-port';
import { engineBenchSetup } from './support';

const listeners = Number(process.argv[2] ?? 500);
const seconds = Number(process.argv[3] ?? 60);
const hlsClients = Number(process.argv[4] ?? 2000);
const hlsSeconds = Number(process.argv[5] ?? 10);
const run = promisify(execFile);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const engine = await engineBenchSetup('outputs');
const [appPort] = await freePorts(1);
const { icecastPort } = engine;
const config = loadConfig({
  NODE_ENV: 'production',
  SERVE_WEB: 'false',
  ...engine.env,
  PORT: String(appPort),
  BASE_URL: 'http://localhost:3000',
});
const app = await buildApp(config, {});
await app.listen({ port: appPort, host: '127.0.0.1' });
const base = `http://127.0.0.1:${appPort}`;
const icecast = `http://127.0.0.1:${icecastPort}`;
const started = Date.now();
while (
  !(await fetchMountStatus(icecast, '/radio.mp3')).onAir ||
  !(await fetch(`${base}/hls/128.m3u8`).then((r) => r.ok))
) {
  if (Date.now() - started > 180_000) throw new Error('the engine did not go on air in 180 s');
  await sleep(500);
}
// A few segments in the playlist first.
await sleep(10_000);
const load = (args: string[]) =>
  run(process.execPath, ['--import', 'tsx', 'bench/stream-load.ts', ...args], {
    maxBuffer: 64 * 1024 * 1024,
  }).then(({ stdout }) => JSON.parse(stdout.trim().split('\n').at(-1)!));

// (b) first: the MP3 crowd loads the machine, and a starved Liquidsoap then catches up faster than real
// time for a while, moving the HLS playlist on under the clients' feet.
// (b) HLS: the app and the bare static server, same folder, same segment choice.
const hlsDir = app.ctx.station.engine!.hlsDir;
const bare = spawn(process.execPath, ['--import', 'tsx', 'bench/static-server.ts', hlsDir], {
  stdio: ['ignore', 'pipe', 'inherit'],
});
const barePort = await new Promise<number>((resolve) =>
  bare.stdout.on('data', (c: Buffer) => {
    const m = /port (\d+)/.exec(c.toString());
    if (m) resolve(Number(m[1]));
  }),
);
const hls = (url: string) => load(['hls', url, '/hls/128.m3u8', String(hlsClients), String(hlsSeconds)]);
// Rounds in turn (bare, app, bare, app...): a machine this small drifts (Liquidsoap's encoders, the
// other core's load), so each server gets the same share of every phase; the median round is compared.
const ROUNDS = Number(process.env.HLS_ROUNDS ?? 3);
const bareRounds: { total: number; p99: number }[] = [];
const appRounds: { total: number; p99: number }[] = [];
for (let i = 0; i < ROUNDS; i++) {
  bareRounds.push(await hls(`http://127.0.0.1:${barePort}`));
  appRounds.push(await hls(base));
}
bare.kill();
const median = <T extends { total: number }>(rounds: T[]) =>
  [...rounds].sort((a, b) => a.total - b.total)[Math.floor(rounds.length / 2)]!;
const bareResult = median(bareRounds);
const appResult = median(appRounds);

// (a) MP3 listeners.
const mp3 = await load(['mp3', `${base}/stream`, String(listeners), String(seconds)]);
const target = 128 * 0.95;
const below = (mp3.kbpsList as number[]).filter((k) => k < target).length;
delete mp3.kbpsList;

const load1 = os.loadavg()[0]!.toFixed(1);
console.log(
  JSON.stringify(
    {
      machine: `${os.cpus().length} cores, load average ${load1}`,
      mp3: {
        ...mp3,
        targetKbps: target,
        listenersBelowTarget: below,
        pass: below === 0 && mp3.ok === listeners,
      },
      hls: {
        clients: hlsClients,
        seconds: hlsSeconds,
        rounds: ROUNDS,
        app: appResult,
        bare: bareResult,
        appTotals: appRounds.map((r) => r.total),
        bareTotals: bareRounds.map((r) => r.total),
        // Answers in the same duration (autocannon's per-second average skips seconds it did not sample).
        ratio: +(appResult.total / bareResult.total).toFixed(2),
        // non2xx: 404s for a segment that aged out during the run (both servers, same folder).
        pass: appResult.total >= 0.8 * bareResult.total,
      },
    },
    null,
    2,
  ),
);
await app.close();
process.exit(0);
