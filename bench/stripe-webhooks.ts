/**
 * Stripe webhooks under stress, on PostgreSQL, with the fake Stripe (the real `stripe` client, signed
 * events, retries on non-2xx):
 *  1. replays: N paid sessions, each announced 10 times by the same event and 10 times as the same
 *     session under another type (checkout.session.async_payment_succeeded), all at once: 0 double credits;
 *  2. 100 webhooks with a bad, missing or old (over 5 minutes) signature, or a changed body: each a 400,
 *     0 credits;
 *  3. the app (a separate process) killed with SIGKILL while paid sessions' webhooks are arriving, then
 *     restarted: the fake's retries credit every paid session exactly once (0 lost, 0 doubled).
 *   node --import tsx bench/stripe-webhooks.ts [sessions=100]
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startFakeStripe } from '../src/server/test/fakes/fake-stripe';
import { publicSession } from '../src/server/test/fakes/fake-stripe-shapes';
import { freePort } from '../src/server/test/free-port';
import { freshPostgres, httpClient } from './shop-support';

const sessions = Number(process.argv[2] ?? 100);
const SECRET = 'whsec_bench_webhooks';
let failed = false;
const verdict = (ok: boolean) => {
  if (!ok) failed = true;
  return ok ? 'MET' : 'NOT MET';
};

const port = await freePort();
const url = `http://127.0.0.1:${port}`;
const db = await freshPostgres('webhooks');
const stripe = await startFakeStripe({
  webhookSecret: SECRET,
  webhookUrl: `${url}/api/stripe/webhook`,
  // Stripe retries for days; here up to about 3 minutes (the restart under load can take a while).
  retryDelaysMs: [250, 500, 1000, 2000, 4000, 8000, ...Array(12).fill(15_000)],
});
const env = {
  ...process.env,
  PORT: String(port),
  HOST: '127.0.0.1',
  BASE_URL: url,
  DATABASE_URL: db.url,
  DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'onair-bench-')),
  SERVE_WEB: 'false',
  JOBS_ENABLED: 'false',
  RADIO_BACKEND: 'none',
  LOG_LEVEL: 'error',
  AUTH_RATE_LIMIT_MAX: '10000',
  STRIPE_SECRET_KEY: 'sk_test_fake',
  STRIPE_WEBHOOK_SECRET: SECRET,
  STRIPE_API_URL: stripe.url,
};

async function startApp(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 600; i++) {
    const ok = await fetch(`${url}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return child;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the app did not start');
}

async function member(i: number) {
  const res = await fetch(`${url}/api/auth/sign-up`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({
      fullName: `Payer ${i}`,
      email: `payer${i}@bench.test`,
      password: 'secret123',
      confirmPassword: 'secret123',
    }),
  });
  const cookie = (res.headers.getSetCookie?.() ?? []).map((c) => c.split(';')[0]).join('; ');
  return { id: (await res.json()).me.user.id as string, http: httpClient(url, cookie, url) };
}

/** Opens `count` checkouts spread over members (at most 5 each: the per-member limit is 10 a minute). */
async function openCheckouts(count: number, offset: number) {
  const out: { sessionId: string; orderId: string; tokens: number }[] = [];
  for (let m = 0; out.length < count; m++) {
    const who = await member(offset + m);
    for (let k = 0; k < 5 && out.length < count; k++) {
      const tokens = 10 + 10 * ((out.length % 5) + 1);
      const res = await who.http('POST', '/api/shop/checkout', { tokens });
      if (res.status !== 200) throw new Error(`checkout ${res.status} ${JSON.stringify(res.json)}`);
      out.push({ sessionId: String(res.json.url).split('/').pop()!, orderId: res.json.orderId, tokens });
    }
  }
  return out;
}

async function sql<T>(text: string, params: unknown[] = []): Promise<T[]> {
  const pg = (await import('pg')).default;
  const c = new pg.Client({ connectionString: db.url });
  await c.connect();
  try {
    return (await c.query(text, params)).rows as T[];
  } finally {
    await c.end();
  }
}

/** Per order: its status and how many card credits the ledger holds for it. */
async function credits(orderIds: string[]) {
  return sql<{ id: string; status: string; tokens: number; credits: number }>(
    `SELECT o.id, o.status, o.tokens,
            (SELECT count(*)::int FROM token_ledger l WHERE l.order_id = o.id AND l.reason = 'card_purchase') AS credits
       FROM orders o WHERE o.id = ANY($1::uuid[])`,
    [orderIds],
  );
}

let app = await startApp();

// 1. Replays.
stripe.setWebhookUrl(null);
const replayed = await openCheckouts(10, 0);
const events = replayed.map((s) => [stripe.pay(s.sessionId), stripe.asyncResult(s.sessionId, true)]);
const post = (e: unknown) => {
  const payload = JSON.stringify(e);
  return fetch(`${url}/api/stripe/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': stripe.sign(payload) },
    body: payload,
  }).then((r) => r.status);
};
let t0 = performance.now();
const replayStatuses = await Promise.all(
  events.flatMap(([done, async]) => [...Array(10).fill(done), ...Array(10).fill(async)].map(post)),
);
const replayMs = performance.now() - t0;
const r1 = await credits(replayed.map((s) => s.orderId));
const doubled = r1.filter((r) => r.credits > 1).length;
const missing = r1.filter((r) => r.credits === 0).length;
console.log(
  `${replayStatuses.length} webhooks at once for ${replayed.length} paid sessions (each: 10 × the same event, 10 × async_payment_succeeded), ${replayMs.toFixed(0)} ms:`,
);
console.log(
  `  answered 200: ${replayStatuses.filter((s) => s === 200).length}; orders credited once ${r1.filter((r) => r.credits === 1).length}/${replayed.length}, double credits ${doubled}, missing ${missing} ${verdict(doubled === 0 && missing === 0)}`,
);

// 2. Bad signatures.
const victims = await openCheckouts(4, 100);
const bad: Promise<number>[] = [];
for (let i = 0; i < 100; i++) {
  const v = victims[i % victims.length];
  const s = {
    ...publicSession(stripe.sessions.get(v.sessionId)!),
    status: 'complete',
    payment_status: 'paid',
    payment_intent: `pi_bad_${i}`,
  };
  const payload = JSON.stringify({
    id: `evt_bad_${i}`,
    object: 'event',
    type: 'checkout.session.completed',
    data: { object: s },
  });
  const kind = i % 4;
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  let body = payload;
  if (kind === 1) headers['stripe-signature'] = `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}`;
  if (kind === 2) headers['stripe-signature'] = stripe.sign(payload, Math.floor(Date.now() / 1000) - 6 * 60);
  if (kind === 3) {
    headers['stripe-signature'] = stripe.sign(payload);
    body = payload.replace(`"amount_total":${v.tokens * 100}`, `"amount_total":${v.tokens * 1000}`);
  }
  bad.push(fetch(`${url}/api/stripe/webhook`, { method: 'POST', headers, body }).then((r) => r.status));
}
const badStatuses = await Promise.all(bad);
const r2 = await credits(victims.map((v) => v.orderId));
const credited = r2.reduce((n, r) => n + r.credits, 0);
console.log(
  '100 webhooks: 25 without a signature, 25 with a wrong one, 25 signed 6 minutes ago, 25 with a changed body:',
);
console.log(
  `  answered 400: ${badStatuses.filter((s) => s === 400).length}/100, credits ${credited} ${verdict(badStatuses.every((s) => s === 400) && credited === 0)}`,
);

// 3. SIGKILL while webhooks arrive.
stripe.setWebhookUrl(`${url}/api/stripe/webhook`);
const paid = await openCheckouts(sessions, 200);
const deliveriesBefore = stripe.deliveries.length;
t0 = performance.now();
let killedAt = -1;
for (let i = 0; i < paid.length; i++) {
  stripe.pay(paid[i].sessionId);
  if (i === Math.floor(paid.length / 3)) {
    app.kill('SIGKILL');
    killedAt = i;
  }
  await new Promise((r) => setTimeout(r, 15));
}
await new Promise((r) => setTimeout(r, 1000));
app = await startApp();
const restartedMs = performance.now() - t0;
await stripe.settled();
const attempts = stripe.deliveries.slice(deliveriesBefore);
const refusedAttempts = attempts.filter((d) => d.status !== 200).length;
const r3 = await credits(paid.map((p) => p.orderId));
const once = r3.filter((r) => r.credits === 1 && r.status === 'paid').length;
const lost = r3.filter((r) => r.credits === 0).length;
const twice = r3.filter((r) => r.credits > 1).length;
const [{ sum }] = await sql<{ sum: string }>(
  'SELECT coalesce(sum(token_balance), 0) AS sum FROM user_tokens',
);
const [{ ledger }] = await sql<{ ledger: string }>(
  'SELECT coalesce(sum(delta), 0) AS ledger FROM token_ledger',
);
console.log(
  `${paid.length} sessions paid 15 ms apart; the app SIGKILLed after the ${killedAt + 1}th payment and restarted (back after ${(restartedMs / 1000).toFixed(1)} s):`,
);
console.log(
  `  delivery attempts ${attempts.length} (${refusedAttempts} failed while the app was down, then retried)`,
);
console.log(
  `  credited exactly once ${once}/${paid.length}, lost ${lost}, doubled ${twice} ${verdict(once === paid.length && lost === 0 && twice === 0)}`,
);
console.log(`  all balances ${sum} = ledger sum ${ledger} ${verdict(Number(sum) === Number(ledger))}`);

app.kill('SIGTERM');
await new Promise((r) => app.once('exit', r));
await stripe.close();
await db.drop();
console.log(failed ? 'RESULT: NOT MET' : 'RESULT: ALL MET');
process.exit(failed ? 1 : 0);
