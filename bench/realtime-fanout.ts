/**
 * Realtime fan-out: N concurrent event-stream clients (in a separate process) receive one published
 * change; reports p50/p99 delivery time and server memory per connection.
 *   node --import tsx bench/realtime-fanout.ts [clients=5000]
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { topics } from '../src/shared/events';
import { childMessage, percentile, startBenchApp } from './support';

const clients = Number(process.argv[2] ?? 5000);
const { app, url } = await startBenchApp();
// Let start-up allocations settle before taking the baseline.
for (let i = 0; i < 3; i++) {
  global.gc?.();
  await new Promise((r) => setTimeout(r, 700));
}
const before = process.memoryUsage();

const child = fork(fileURLToPath(new URL('./fanout-clients.ts', import.meta.url)), [url, String(clients)], {
  execArgv: ['--import', 'tsx'],
});
const waitFor = <T>(type: string) => childMessage<T>(child, type);

const t0 = Date.now();
await waitFor('open');
console.log(
  `${clients} streams open in ${Date.now() - t0} ms; server sees ${app.ctx.realtime.connectionCount}`,
);
global.gc?.();
await new Promise((r) => setTimeout(r, 700));
global.gc?.();
const after = process.memoryUsage();
const perConn = (after.rss - before.rss) / clients;
const heapPerConn = (after.heapUsed - before.heapUsed) / clients;

const results: number[][] = [];
for (let round = 0; round < 3; round++) {
  const got = waitFor<{ delays: number[] }>('delays');
  await app.ctx.realtime.publish(topics.public, 'bench.ping', { sentAt: Date.now(), round });
  const { delays } = await got;
  const sorted = [...delays].sort((a, b) => a - b);
  results.push(sorted);
  console.log(
    `round ${round + 1}: p50 ${percentile(sorted, 50)} ms, p99 ${percentile(sorted, 99)} ms, max ${sorted[sorted.length - 1]} ms`,
  );
  await new Promise((r) => setTimeout(r, 500));
}
const worstP99 = Math.max(...results.map((s) => percentile(s, 99)));
console.log(
  `server memory per connection: RSS ${(perConn / 1024).toFixed(1)} KiB, heap ${(heapPerConn / 1024).toFixed(1)} KiB`,
);
console.log(`worst p99 ${worstP99} ms (target < 500 ms) ${worstP99 < 500 ? 'MET' : 'NOT MET'}`);
child.send({ type: 'exit' });
await app.close();
process.exit(0);
