/**
 * Realtime across instances: three app processes of one station on one PostgreSQL, each with N signed-in
 * event streams (clients in one process per instance); a chat message posted through the first instance
 * reaches every stream on every instance (LISTEN/NOTIFY between them). Reports p50/p99 from the POST to
 * receipt over all streams, per round. Target: p99 < 1 s for 3 × 10,000 streams.
 *   node --import tsx bench/cluster-fanout.ts [streamsPerInstance=10000] [rounds=3]
 */
import { fork } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type ServerProcess, sleep, startServer } from './server-process';
import { childMessage, percentile, scratchDatabase } from './support';

const perInstance = Number(process.argv[2] ?? 10_000);
const rounds = Number(process.argv[3] ?? 3);
const db = await scratchDatabase('cluster_fanout');
const servers: ServerProcess[] = [];
const env = (i: number) => ({
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  DATABASE_URL: db.url,
  AUTH_SECRET: 'bench-cluster-secret-bench-cluster-secret-0123',
  BASE_URL: 'http://localhost:3000',
  DATA_DIR: mkdtempSync(path.join(os.tmpdir(), `onair-bench-cluster-${i}-`)),
  SERVE_WEB: 'false',
  JOBS_ENABLED: 'false',
  RADIO_BACKEND: 'none',
  ENGINE: 'off',
  AUTH_RATE_LIMIT_MAX: '100000',
  // Every stream is the same signed-in listener, from one address.
  EVENT_STREAMS_PER_ADDRESS: '100000',
  EVENT_STREAMS_PER_MEMBER: '100000',
});
// One after another: the first migrates the database.
for (let i = 0; i < 3; i++) servers.push(await startServer(env(i)));
console.log(`3 instances: ${servers.map((s) => s.url).join(', ')}`);

/** Signs a member up through the first instance (the real sign-up route); returns the session cookie. */
async function signUp(name: string) {
  const res = await fetch(`${servers[0].url}/api/auth/sign-up`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: 'http://localhost:3000' },
    body: JSON.stringify({
      fullName: name,
      email: `${name.toLowerCase().replace(/\W+/g, '.')}@bench.test`,
      password: 'secret123',
      confirmPassword: 'secret123',
    }),
  });
  if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}
const listener = await signUp('Bench Listener');
const sender = await signUp('Bench Sender');

const script = fileURLToPath(new URL('./fanout-clients.ts', import.meta.url));
const children = servers.map((s) =>
  fork(script, [s.url, String(perInstance), 'chat.message', listener], { execArgv: ['--import', 'tsx'] }),
);
const t0 = Date.now();
await Promise.all(children.map((c) => childMessage(c, 'open')));
console.log(`${3 * perInstance} event streams open (${perInstance} per instance) in ${Date.now() - t0} ms`);
await sleep(1000);

const p99s: number[] = [];
for (let round = 0; round < rounds; round++) {
  const got = children.map((c) => childMessage<{ delays: number[] }>(c, 'delays'));
  const res = await fetch(`${servers[0].url}/api/chat/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: 'http://localhost:3000', cookie: sender },
    body: JSON.stringify({ content: `sent:${Date.now()}` }),
  });
  if (res.status !== 201) throw new Error(`the message was not posted: ${res.status} ${await res.text()}`);
  const each = await Promise.all(got);
  const perServer = each.map(({ delays }) =>
    percentile(
      [...delays].sort((a, b) => a - b),
      99,
    ),
  );
  const all = each.flatMap((e) => e.delays).sort((a, b) => a - b);
  p99s.push(percentile(all, 99));
  console.log(
    `round ${round + 1}: ${all.length} deliveries, p50 ${percentile(all, 50)} ms, p99 ${percentile(all, 99)} ms, max ${all[all.length - 1]} ms; p99 per instance ${perServer.join(' / ')} ms`,
  );
  await sleep(2500); // the sender's chat rate limit
}
const worst = Math.max(...p99s);
console.log(`worst p99 ${worst} ms (target < 1000 ms) ${worst < 1000 ? 'MET' : 'NOT MET'}`);
for (const c of children) c.send({ type: 'exit' });
for (const s of servers) await s.stop();
await db.drop();
process.exit(0);
