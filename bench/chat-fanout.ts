/**
 * A chat message posted by one member reaches 1,000 other connected clients (signed-in event streams in
 * a separate process): p50/p99 delivery time from the POST to receipt. Target p99 < 150 ms.
 *   node --import tsx bench/chat-fanout.ts [clients=1000] [rounds=5]
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { type Client, signUpMember } from '../src/server/test/test-app';
import { childMessage, percentile, startBenchApp } from './support';

const clients = Number(process.argv[2] ?? 1000);
const rounds = Number(process.argv[3] ?? 5);
const { app, url } = await startBenchApp({ AUTH_RATE_LIMIT_MAX: '1000' });
const listener = await signUpMember(app, 'Bench Listener');
const sender = await signUpMember(app, 'Bench Sender');

const child = fork(
  fileURLToPath(new URL('./fanout-clients.ts', import.meta.url)),
  [url, String(clients), 'chat.message', listener.cookie],
  { execArgv: ['--import', 'tsx'] },
);
const waitFor = <T>(type: string) => childMessage<T>(child, type);

await waitFor('open');
console.log(`${clients} signed-in event streams open; server sees ${app.ctx.realtime.connectionCount}`);
const all: number[] = [];
for (let i = 0; i < rounds; i++) {
  const got = waitFor<{ delays: number[] }>('delays');
  const res = await (sender as Client).post('/api/chat/messages', { content: `sent:${Date.now()}` });
  if (res.statusCode !== 201) throw new Error(`post failed ${res.statusCode} ${res.body}`);
  const { delays } = await got;
  const sorted = [...delays].sort((a, b) => a - b);
  all.push(...sorted);
  console.log(`message ${i + 1}: p50 ${percentile(sorted, 50)} ms, p99 ${percentile(sorted, 99)} ms`);
  await new Promise((r) => setTimeout(r, 2500)); // stay under the sender's chat rate limit
}
const sorted = all.sort((a, b) => a - b);
const p99 = percentile(sorted, 99);
console.log(
  `all ${sorted.length} deliveries: p50 ${percentile(sorted, 50)} ms, p99 ${p99} ms (target < 150 ms) ${p99 < 150 ? 'MET' : 'NOT MET'}`,
);
child.send({ type: 'exit' });
await app.close();
process.exit(0);
