/**
 * The Discord queue under trouble: N notifications queued through the API, delivered through the fake
 * Discord while it answers 429 (with retry_after) and 500 at random, and the app is killed (SIGKILL by
 * default) mid-delivery and started again on the same database. Counts what Discord received: lost,
 * duplicated, and requests that came before a 429's retry_after was over.
 *
 *   node --import tsx bench/discord-queue.ts [count=500] [signal=SIGKILL]
 *
 * Runs on PostgreSQL (BENCH_DATABASE_URL, default the local server): a database survives a SIGKILL there.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startFakeDiscord } from '../src/server/test/fakes/fake-discord';
import { freePort } from '../src/server/test/free-port';

const COUNT = Number(process.argv[2] ?? 500);
const SIGNAL = (process.argv[3] ?? 'SIGKILL') as NodeJS.Signals;
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = `onair_bench_discord_${process.pid}`;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const admin = new pg.Client({ connectionString: ADMIN_URL });
await admin.connect();
await admin.query(`CREATE DATABASE ${dbName}`);
const dbUrl = new URL(ADMIN_URL);
dbUrl.pathname = `/${dbName}`;

const discord = await startFakeDiscord({ bucketLimit: 30, bucketWindowMs: 1000 });
const hook = discord.createWebhook();
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const env = {
  ...process.env,
  PORT: String(port),
  HOST: '127.0.0.1',
  BASE_URL: base,
  DATABASE_URL: dbUrl.toString(),
  DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'onair-bench-discord-')),
  SERVE_WEB: 'false',
  RADIO_BACKEND: 'none',
  LOG_LEVEL: 'error',
  AUTH_RATE_LIMIT_MAX: '1000',
  DISCORD_API_URL: discord.apiUrl,
  NODE_ENV: 'production',
};

function startApp(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { env, stdio: 'inherit' });
  return (async () => {
    for (let i = 0; i < 300; i++) {
      try {
        if ((await fetch(`${base}/healthz`)).ok) return child;
      } catch {
        /* not listening yet */
      }
      await sleep(200);
    }
    throw new Error('the app did not start');
  })();
}

const db = new pg.Client({ connectionString: dbUrl.toString() });
let app = await startApp();
await db.connect();

// The first account is the admin; it saves the webhook and queues the notifications through the API.
const headers = { 'content-type': 'application/json', origin: base };
const signUp = await fetch(`${base}/api/auth/sign-up`, {
  method: 'POST',
  headers,
  body: JSON.stringify({
    fullName: 'Bench Admin',
    email: 'bench@example.com',
    password: 'secret123',
    confirmPassword: 'secret123',
  }),
});
const cookie = (signUp.headers.getSetCookie().find((c) => c.includes('session_token')) ?? '').split(';')[0];
const call = (method: string, url: string, body: unknown) =>
  fetch(`${base}${url}`, { method, headers: { ...headers, cookie }, body: JSON.stringify(body) });
if (!(await call('PUT', '/api/discord/webhook', { url: hook.url })).ok)
  throw new Error('could not save the webhook');

discord.chaos({ rate429: 0.1, rate500: 0.1 });
const started = Date.now();
for (let i = 0; i < COUNT; i++) {
  const res = await call('POST', '/api/discord/messages', {
    content: `Bench notification #${i}`,
    embeds: [{ title: `Notification ${i}`, description: 'Queued by the benchmark', color: 9133302 }],
  });
  if (res.status !== 202) throw new Error(`queueing #${i} answered ${res.status}`);
}
const queuedMs = Date.now() - started;
console.log(`${COUNT} notifications queued through the API in ${queuedMs} ms`);

// Kill the app once a third has gone out, mid-delivery; start it again on the same database.
while (discord.messages.length < COUNT / 3) await sleep(20);
const inFlightAtKill = discord.messages.length;
app.kill(SIGNAL);
await new Promise((r) => app.once('exit', r));
const killedAt = Date.now();
console.log(`killed the app (${SIGNAL}) after ${inFlightAtKill} deliveries; starting it again`);
app = await startApp();
console.log(`restarted in ${Date.now() - killedAt} ms`);

const deadline = Date.now() + 15 * 60_000;
let pending = COUNT;
while (Date.now() < deadline) {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM discord_messages WHERE status IN ('queued', 'sending')`,
  );
  pending = rows[0].n;
  if (pending === 0) break;
  await sleep(500);
}
const doneMs = Date.now() - started;

const { rows: states } = await db.query<{ status: string; n: number }>(
  'SELECT status, count(*)::int AS n FROM discord_messages GROUP BY status ORDER BY status',
);
const { rows: attempts } = await db.query<{ total: number; max: number }>(
  'SELECT sum(attempts)::int AS total, max(attempts)::int AS max FROM discord_messages',
);
const contents = discord.messages
  .filter((m) => m.webhookId === hook.id)
  .map((m) => String(m.payload.content));
const unique = new Set(contents);
const expected = Array.from({ length: COUNT }, (_, i) => `Bench notification #${i}`);
const lost = expected.filter((c) => !unique.has(c)).length;
const duplicated = contents.length - unique.size;

console.log(`states: ${states.map((s) => `${s.status} ${s.n}`).join(', ')}; still pending ${pending}`);
console.log(
  `fake Discord answered: ${discord.served.ok} accepted, ${discord.served[429]} × 429 (random and bucket), ${discord.served[500]} × 500`,
);
console.log(`attempts recorded: ${attempts[0].total} in all, at most ${attempts[0].max} for one message`);
console.log(`all delivered ${(doneMs / 1000).toFixed(1)} s after the first was queued`);
console.log(
  `received ${unique.size}/${COUNT}: lost ${lost}, duplicated ${duplicated}, requests before a 429's retry_after was over: ${discord.violations.length}`,
);
const met = lost === 0 && duplicated === 0 && discord.violations.length === 0;
console.log(met ? 'target (0 lost, 0 duplicated, every retry_after respected) MET' : 'target NOT MET');

app.kill('SIGTERM');
await new Promise((r) => app.once('exit', r));
await db.end();
await discord.close();
await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
await admin.end();
process.exit(met ? 0 : 1);
