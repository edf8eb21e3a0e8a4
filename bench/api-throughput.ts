/**
 * API throughput: every public read and the signed-in reads, each as a ratio against a bare
 * Node `http` server answering the same bytes, on the embedded database and on PostgreSQL, with the demo
 * seed. Also: chat delivery to 1,000 open event streams while 50 connections load the signed-in reads;
 * the server's RSS idle after a restart and after the run; the restart time.
 *
 *   node --import tsx bench/api-throughput.ts [seconds=2] [databases=pglite,pg] [rounds=4]
 *
 * On a small shared machine one load round says little (the bare server alone moves by a factor of two
 * from one round to the next), so each endpoint is measured in `rounds` alternating rounds of `seconds`
 * each, bare and app back to back, the order swapped every round (bare-app, app-bare, ...) so a drift of
 * the machine's load weighs on both sides alike. Each round gives one ratio app/bare; the endpoint's
 * figure is the median of its rounds, shown with their spread (lowest–highest).
 *
 * The app runs as its own process, started as `npm start` starts it (scripts/start.mjs: the server
 * bundle is built when missing or stale, which the first start may include; restarts use the current
 * build); the bare server is another process, autocannon and the event-stream clients others. The web
 * app is not served (SERVE_WEB=false: the bench reads the API only, and the web build is left alone).
 * PostgreSQL: BENCH_DATABASE_URL (default the local server); a scratch database is created and dropped.
 *
 * On a machine with two or more CPUs the load generator and the servers under test get a CPU each
 * (Linux `taskset`): this process (autocannon) and the event-stream clients on CPU 0, the app and the
 * bare server on CPU 1, so both servers are measured on the same core and neither shares it with the
 * client. Unpinned, on this 2-core machine the scheduler decided from moment to moment how the client and
 * the server shared the two cores, and a round's ratio said as much about that as about the server.
 * The database server (PostgreSQL) is not pinned, nor is anything during the starts and the chat
 * fan-out (an absolute target, measured with the app on every CPU). BENCH_PIN=0 measures unpinned.
 */
import { execFileSync, fork } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { rssMiB, runScript, type ServerProcess, sleep, startServer } from './server-process';
import { childMessage, percentile } from './support';

const seconds = Number(process.argv[2] ?? 2);
const databases = (process.argv[3] ?? 'pglite,pg').split(',');
const rounds = Number(process.argv[4] ?? 4);
/** Restarts measured (the app stopped and started again on the same data, each a current build). */
const RESTARTS = 3;
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const CONNECTIONS = 50;
const STREAMS = 1000;
const CHAT_MESSAGES = 5;

const PUBLIC = [
  '/api/now-playing',
  '/api/settings/public',
  '/api/schedule',
  '/api/chart',
  '/api/songs/most-liked',
  '/api/songs/most-played',
  '/api/team',
  '/api/members',
  '/api/banned-songs',
  '/api/requests',
  '/api/requests/settings',
  '/api/news',
  '/api/carousel',
  '/api/streamers',
];
const SIGNED_IN = ['/api/me', '/api/notifications', '/api/chat/messages', '/api/conversations'];
const PUBLIC_TARGET = 0.8;
const SIGNED_IN_TARGET = 0.5;

const PIN = process.env.BENCH_PIN !== '0' && os.cpus().length >= 2;
const CLIENT_CPU = 0;
const SERVER_CPU = 1;

/**
 * Keeps a process (all its threads, and the threads and processes it starts later) on one CPU, or on
 * every CPU again (`cpu` null).
 */
function pin(pid: number | undefined, cpu: number | null) {
  if (!PIN || pid === undefined) return;
  const cpus = cpu === null ? `0-${os.cpus().length - 1}` : String(cpu);
  execFileSync('taskset', ['-acp', cpus, String(pid)], { stdio: 'ignore' });
}

/** CPU time a process has used so far (user + system, ms; Linux /proc, 10 ms ticks). */
function cpuMs(pid: number) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** One load round against a server process: its throughput, p99 and the CPU it spent per request. */
async function load(url: string, pid: number, headers: Record<string, string> = {}, duration = seconds) {
  const cpu0 = cpuMs(pid);
  const r = await autocannon({ url, connections: CONNECTIONS, duration, headers });
  const cpuUs = ((cpuMs(pid) - cpu0) * 1000) / Math.max(1, r.requests.total);
  return { rps: r.requests.average, p99: r.latency.p99, cpuUs, bad: r.errors + r.non2xx + r.timeouts };
}

async function signIn(base: string, email: string) {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: 'http://localhost:3000' },
    body: JSON.stringify({ email, password: 'onair-demo' }),
  });
  if (!res.ok) throw new Error(`login ${email}: ${res.status} ${await res.text()}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .find((c) => c.includes('session_token'));
  if (!cookie) throw new Error('no session cookie');
  return cookie;
}

/** What the app answers for a path (its bytes and its headers), as the bare server's copy. */
async function snapshot(base: string, p: string, cookie?: string) {
  const res = await fetch(`${base}${p}`, { headers: cookie ? { cookie } : {} });
  if (!res.ok) throw new Error(`GET ${p}: ${res.status}`);
  // Every header the app sent, so the bare server writes the same bytes; not those Node's http server
  // writes itself on both sides (date, connection, keep-alive, framing) nor a cookie.
  const own = new Set([
    'date',
    'connection',
    'keep-alive',
    'transfer-encoding',
    'content-length',
    'set-cookie',
  ]);
  const headers: Record<string, string> = {};
  res.headers.forEach((v, h) => {
    if (!own.has(h)) headers[h] = v;
  });
  return { body: await res.text(), headers };
}

async function prepare(db: string) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'onair-throughput-'));
  const env: Record<string, string> = {
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    MUSIC_DIR: path.join(dataDir, 'music'),
    SERVE_WEB: 'false',
    RADIO_BACKEND: 'none',
    BASE_URL: 'http://localhost:3000',
    AUTH_RATE_LIMIT_MAX: '100000',
    EVENT_STREAMS_PER_ADDRESS: '100000',
  };
  let drop = async () => {};
  if (db === 'pg') {
    const name = `onair_bench_${process.pid}`;
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const u = new URL(PG_URL);
    u.pathname = `/${name}`;
    env.DATABASE_URL = u.toString();
    drop = async () => {
      const a = new pg.Client({ connectionString: PG_URL });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    };
  }
  return {
    env,
    cleanup: async () => {
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function idleRss(server: ServerProcess) {
  await sleep(3000);
  return rssMiB(server.child.pid!);
}

/** The middle value (the mean of the two middle ones for an even count). */
function median(values: number[]) {
  const s = [...values].sort((x, y) => x - y);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

const bare = fork(fileURLToPath(new URL('./bare-server.ts', import.meta.url)), [], {
  execArgv: ['--import', 'tsx'],
});
pin(bare.pid, SERVER_CPU);
const summary: string[] = [];
console.log(
  `${new Date().toISOString()}: Node ${process.version}; ${PIN ? `load generator on CPU ${CLIENT_CPU}, app and bare server on CPU ${SERVER_CPU}` : 'unpinned'}; ${CONNECTIONS} connections, ${rounds} alternating rounds of ${seconds} s per endpoint (bare-app, app-bare, ...); ratio = median of the rounds' app/bare [lowest-highest]; CPU/req = the server process's CPU time per answered request (median)`,
);

for (const db of databases) {
  const label = db === 'pg' ? 'PostgreSQL' : 'embedded database (PGlite)';
  console.log(`\n=== ${label} ===`);
  const { env, cleanup } = await prepare(db);
  let running: ServerProcess | null = null;
  try {
    await runScript('src/server/cli/seed-demo.ts', env);
    const first = await startServer(env, 'npm-start');
    const firstRss = await idleRss(first);
    await first.stop();
    // Restarts as an operator would do them: the same data, the current build.
    const restarts: number[] = [];
    let server: ServerProcess | null = null;
    for (let i = 0; i < RESTARTS; i++) {
      if (server) await server.stop();
      server = await startServer(env, 'npm-start');
      running = server;
      restarts.push(server.startMs);
    }
    if (!server) throw new Error('no restart');
    const app: ServerProcess = server;
    running = app;
    // Started, restarted and measured at rest on every CPU; loaded on its own one, as the bare server.
    pin(app.child.pid, SERVER_CPU);
    pin(process.pid, CLIENT_CPU);
    const restartMs = median(restarts);
    const restartRss = await idleRss(app);
    const restartLine = `restart (npm start, current build) to the first /healthz answer: ${restarts.map((t) => t.toFixed(0)).join(', ')} ms, median ${restartMs.toFixed(0)} ms ${restartMs < 3000 ? 'MET' : 'NOT MET'} (target < 3000 ms)`;
    console.log(
      `first start ${first.startMs.toFixed(0)} ms (idle RSS ${firstRss.toFixed(0)} MiB); ${restartLine}; idle RSS after restart ${restartRss.toFixed(0)} MiB`,
    );

    const reader = await signIn(app.url, 'ben@onair.local');
    const streamer = await signIn(app.url, 'ella@onair.local');
    const sender = await signIn(app.url, 'leo@onair.local');
    const routes: Record<string, { body: string; headers: Record<string, string> }> = {};
    for (const p of PUBLIC) routes[p] = await snapshot(app.url, p);
    for (const p of SIGNED_IN) routes[p] = await snapshot(app.url, p, reader);
    bare.send({ type: 'routes', routes });
    const { port } = await childMessage<{ port: number }>(bare, 'listening');
    const bareUrl = `http://127.0.0.1:${port}`;

    // Warm-up, not measured: both servers answer every path for a while first (JIT, connection pools, the
    // job runner's start right after listening), so the first endpoint measured is not the one that pays.
    for (const base of [bareUrl, app.url]) {
      await autocannon({
        url: base,
        connections: CONNECTIONS,
        duration: 2,
        headers: { cookie: reader },
        requests: [...PUBLIC, ...SIGNED_IN].map((p) => ({ method: 'GET', path: p })),
      });
    }

    const missed: string[] = [];
    let worstPublic = Number.POSITIVE_INFINITY;
    let worstSignedIn = Number.POSITIVE_INFINITY;
    for (const p of [...PUBLIC, ...SIGNED_IN]) {
      const signedIn = SIGNED_IN.includes(p);
      const headers: Record<string, string> = signedIn ? { cookie: reader } : {};
      const bareRps: number[] = [];
      const appRps: number[] = [];
      const appP99: number[] = [];
      const bareCpu: number[] = [];
      const appCpu: number[] = [];
      const ratios: number[] = [];
      let bad = 0;
      for (let r = 0; r < rounds; r++) {
        const runBare = () => load(`${bareUrl}${p}`, bare.pid!);
        const runApp = () => load(`${app.url}${p}`, app.child.pid!, headers);
        let b: Awaited<ReturnType<typeof load>>;
        let a: Awaited<ReturnType<typeof load>>;
        if (r % 2 === 0) {
          b = await runBare();
          a = await runApp();
        } else {
          a = await runApp();
          b = await runBare();
        }
        bareRps.push(b.rps);
        appRps.push(a.rps);
        appP99.push(a.p99);
        bareCpu.push(b.cpuUs);
        appCpu.push(a.cpuUs);
        ratios.push(a.rps / b.rps);
        bad += a.bad + b.bad;
      }
      const ratio = median(ratios);
      if (signedIn) worstSignedIn = Math.min(worstSignedIn, ratio);
      else worstPublic = Math.min(worstPublic, ratio);
      const target = signedIn ? SIGNED_IN_TARGET : PUBLIC_TARGET;
      if (ratio < target) missed.push(p);
      console.log(
        `${p.padEnd(24)} ${String(routes[p].body.length).padStart(6)} B | bare ${median(bareRps).toFixed(0).padStart(6)} req/s | app ${median(appRps).toFixed(0).padStart(6)} req/s p99 ${String(median(appP99)).padStart(4)} ms${bad ? ` (${bad} bad)` : ''} | CPU/req bare ${median(bareCpu).toFixed(0).padStart(3)} µs app ${median(appCpu).toFixed(0).padStart(3)} µs | ratio ${ratio.toFixed(2)} [${Math.min(...ratios).toFixed(2)}-${Math.max(...ratios).toFixed(2)}] ${ratio >= target ? 'MET' : 'NOT MET'}`,
      );
    }

    // Chat delivery to 1,000 open event streams while 50 connections load the signed-in reads: an absolute
    // target, measured as the app runs when deployed, on every CPU (the ratios above are the pinned part).
    pin(app.child.pid, null);
    pin(process.pid, null);
    const clients = fork(
      fileURLToPath(new URL('./fanout-clients.ts', import.meta.url)),
      [app.url, String(STREAMS), 'chat.message', streamer],
      { execArgv: ['--import', 'tsx'] },
    );
    await childMessage(clients, 'open');
    const loadMs = (CHAT_MESSAGES + 1) * 2500;
    const background = autocannon({
      url: app.url,
      connections: CONNECTIONS,
      duration: Math.ceil(loadMs / 1000) + 1,
      headers: { cookie: reader },
      requests: SIGNED_IN.map((p) => ({ method: 'GET', path: p })),
    });
    await sleep(1000);
    const delays: number[] = [];
    for (let i = 0; i < CHAT_MESSAGES; i++) {
      const got = childMessage<{ delays: number[] }>(clients, 'delays');
      const res = await fetch(`${app.url}/api/chat/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: 'http://localhost:3000', cookie: sender },
        body: JSON.stringify({ content: `sent:${Date.now()}` }),
      });
      if (res.status !== 201) throw new Error(`chat post ${res.status} ${await res.text()}`);
      delays.push(...(await got).delays);
      await sleep(2100);
    }
    const loadResult = await background;
    clients.send({ type: 'exit' });
    const sorted = delays.sort((x, y) => x - y);
    const p99 = percentile(sorted, 99);
    const fanout = `chat to ${STREAMS} streams under ${CONNECTIONS} connections of signed-in reads (${loadResult.requests.average.toFixed(0)} req/s): p50 ${percentile(sorted, 50)} ms, p99 ${p99} ms ${p99 < 150 ? 'MET' : 'NOT MET'} (target < 150 ms)`;
    console.log(fanout);

    await sleep(1000);
    const afterRunRss = rssMiB(app.child.pid!);
    const afterIdleRss = await idleRss(app);
    await app.stop();
    const memory = `RSS: idle after restart ${restartRss.toFixed(0)} MiB${db === 'pglite' ? ` ${restartRss < 400 ? 'MET' : 'NOT MET'} (target < 400 MiB)` : ''}, right after the run ${afterRunRss.toFixed(0)} MiB, idle after the run ${afterIdleRss.toFixed(0)} MiB`;
    console.log(memory);
    summary.push(
      `${label}: worst public ratio ${worstPublic.toFixed(2)} (target >= ${PUBLIC_TARGET}), worst signed-in ratio ${worstSignedIn.toFixed(2)} (target >= ${SIGNED_IN_TARGET})${missed.length ? `, below target: ${missed.join(' ')}` : ', every read at its target'}; chat p99 ${p99} ms; ${memory}; restart median ${restartMs.toFixed(0)} ms`,
    );
  } finally {
    // The next database's seed and starts run on every CPU again (children inherit this process's CPUs).
    pin(process.pid, null);
    await running?.stop();
    await cleanup();
  }
}
bare.send({ type: 'exit' });
console.log(`\n${summary.join('\n')}`);
process.exit(0);
