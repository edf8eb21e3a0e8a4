/**
 * The web booth (docs/product/presenters.md#the-web-dj-booth) with the real app, Icecast and Liquidsoap:
 *  (a) latency: a booth sends WebM/Opus as MediaRecorder does (quarter-second pieces, in real time) with a
 *      50 ms click every 8 s; a listener captures /stream; each click is found in the capture (the MP3 is
 *      CBR 128 kbps, so a sample's byte offset, and so its arrival time, is known). Latency = arrival on
 *      the listener's socket − the moment the piece holding the click reached the app's WebSocket. The
 *      browser's own recording adds its timeslice (250 ms) before that, and a player its buffer after.
 *  (b) cost: the app process's CPU and memory, and the booth's ffmpeg processes' (its children), while
 *      each of `booths` presenters is live in turn for `seconds`, under `listeners` MP3 listeners
 *      (bench/stream-load.ts, another process). The app runs as its own process (bench/server-process.ts).
 *   node --import tsx bench/web-booth.ts [booths=5] [seconds=20] [listeners=100]
 */
import { execFile, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import { promisify } from 'node:util';
import WebSocket from 'ws';
import { rssMiB, sleep, startServer } from './server-process';
import { engineBenchSetup, percentile } from './support';

const booths = Number(process.argv[2] ?? 5);
const seconds = Number(process.argv[3] ?? 20);
const listeners = Number(process.argv[4] ?? 100);
const CLICK_EVERY = 8;

const engine = await engineBenchSetup('booth');
const server = await startServer({
  ...engine.env,
  SERVE_WEB: 'false',
  AUTH_RATE_LIMIT_MAX: '1000',
});
const base = server.url;
const appPid = server.child.pid as number;
const origin = base;
for (let t = Date.now(); !(await fetch(`${base}/api/now-playing`).then((r) => r.json())).nowPlaying; ) {
  if (Date.now() - t > 180_000) throw new Error('the engine did not go on air in 180 s');
  await sleep(500);
}

/** Signs up through the API; answers the session cookie and the user's id. */
async function signUp(name: string) {
  const email = `${name.toLowerCase().replace(/\W+/g, '.')}@example.com`;
  const res = await fetch(`${base}/api/auth/sign-up`, {
    method: 'POST',
    headers: { origin, 'content-type': 'application/json' },
    body: JSON.stringify({ fullName: name, email, password: 'secret123', confirmPassword: 'secret123' }),
  });
  if (res.status !== 201) throw new Error(`sign-up: ${res.status} ${await res.text()}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return { name, cookie, id: (await res.json()).me.user.id as string };
}
// The station's first member is its admin, who makes the others presenters.
const admin = await signUp('Bench Admin');
async function presenter(name: string) {
  const who = await signUp(name);
  const res = await fetch(`${base}/api/users/${who.id}/role`, {
    method: 'PATCH',
    headers: { origin, cookie: admin.cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ role: 'presenter' }),
  });
  if (!res.ok) throw new Error(`make presenter: ${res.status} ${await res.text()}`);
  return who;
}

/** `total` seconds of WebM/Opus: silence with a 50 ms 3 kHz click every CLICK_EVERY s, in 250 ms pieces. */
function browserAudio(total: number): Buffer[] {
  const click = `aevalsrc='if(lt(mod(t,${CLICK_EVERY}),0.05),0.8*sin(2*PI*3000*t),0)':s=48000:d=${total}`;
  const webm = spawnSync(
    'ffmpeg',
    [
      ...['-nostdin', '-loglevel', 'error', '-f', 'lavfi', '-i', click, '-ac', '2'],
      ...[
        '-c:a',
        'libopus',
        '-b:a',
        '128k',
        // Constant bitrate: equal byte pieces are equal quarter-seconds, as MediaRecorder's timeslices are.
        '-vbr',
        'off',
        '-live',
        '1',
        '-cluster_time_limit',
        '250',
        '-f',
        'webm',
        'pipe:1',
      ],
    ],
    { maxBuffer: 256 * 1024 * 1024 },
  ).stdout;
  const piece = Math.ceil(webm.length / (total * 4));
  const out: Buffer[] = [];
  for (let i = 0; i < webm.length; i += piece) out.push(webm.subarray(i, i + piece));
  return out;
}

/** CPU seconds (user + system) of a process, from /proc. */
function cpuSeconds(pid: number): number {
  try {
    const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(f[11]) + Number(f[12])) / 100;
  } catch {
    return Number.NaN;
  }
}
/** The ffmpeg processes the app started (the booth's decoder and encoder). */
function boothFfmpegs(): number[] {
  const out = spawnSync('pgrep', ['-P', String(appPid), 'ffmpeg'])
    .stdout.toString()
    .trim();
  return out ? out.split('\n').map(Number) : [];
}

/** One booth live for `secs`: returns each click's latency (ms) and the cost figures. */
async function runBooth(who: { name: string; cookie: string }, secs: number) {
  const pieces = browserAudio(secs + 6);
  const ws = new WebSocket(`${base.replace('http', 'ws')}/api/presenter/booth`, {
    headers: { origin, cookie: who.cookie },
  });
  const states: string[] = [];
  ws.on('message', (d, binary) => {
    if (!binary) states.push(JSON.parse(d.toString()).state);
  });
  await new Promise((r, j) => ws.once('open', r).once('error', j));
  const sentAt: number[] = [];
  const appCpu0 = cpuSeconds(appPid);
  const wall0 = performance.now();
  let i = 0;
  const sender = setInterval(() => {
    if (i >= pieces.length || ws.readyState !== ws.OPEN) return clearInterval(sender);
    sentAt[i] = performance.now();
    ws.send(pieces[i++]);
  }, 250);
  for (let t = Date.now(); !states.includes('live'); await sleep(100))
    if (Date.now() - t > 60_000) throw new Error(`${who.name}: not live in 60 s (${states.join(', ')})`);
  // The listener: arrival time of every chunk of /stream.
  const chunks: { at: number; bytes: number }[] = [];
  const parts: Buffer[] = [];
  const listenFrom = performance.now();
  const req = http.get(`${base}/stream`, (res) =>
    res.on('data', (c: Buffer) => {
      chunks.push({ at: performance.now(), bytes: c.length });
      parts.push(c);
    }),
  );
  await sleep(secs * 1000);
  req.destroy();
  const ffmpegs = boothFfmpegs();
  const ffCpu = ffmpegs.reduce((s, p) => s + cpuSeconds(p), 0);
  const ffRss = ffmpegs.reduce((s, p) => s + rssMiB(p), 0);
  const appCpu = cpuSeconds(appPid) - appCpu0;
  const appRss = rssMiB(appPid);
  const wall = (performance.now() - wall0) / 1000;
  ws.send(JSON.stringify({ type: 'end' }));
  await new Promise((r) => ws.once('close', r));
  clearInterval(sender);

  // Clicks in the capture: 3 kHz bursts above the noise, at least 1 s apart.
  const mp3 = Buffer.concat(parts);
  const rate = 16_000;
  const pcm = spawnSync(
    'ffmpeg',
    [
      '-loglevel',
      'error',
      '-i',
      'pipe:0',
      '-af',
      'highpass=f=2500',
      '-f',
      's16le',
      '-ac',
      '1',
      '-ar',
      String(rate),
      'pipe:1',
    ],
    { input: mp3, maxBuffer: 256 * 1024 * 1024 },
  ).stdout;
  const latencies: number[] = [];
  let last = -rate;
  for (let s = 0; s * 2 + 1 < pcm.length; s++) {
    if (Math.abs(pcm.readInt16LE(s * 2)) < 8000 || s - last < rate) continue;
    last = s;
    // Its byte in the CBR stream, and so the chunk (and moment) it arrived in.
    const byte = (s / rate) * 16_000;
    let seen = 0;
    const chunk = chunks.find((c) => {
      seen += c.bytes;
      return seen >= byte;
    });
    if (!chunk || chunk.at < listenFrom + 3000) continue; // Icecast's burst holds older audio
    // The piece that carried this click: the latest click sent before it arrived.
    const clickPieces = sentAt
      .map((t, k) => ({ t, k }))
      .filter((p) => p.k % (CLICK_EVERY * 4) === 0 && p.t < chunk.at);
    const sent = clickPieces.at(-1);
    if (sent) latencies.push(chunk.at - sent.t);
  }
  return { latencies, appCpuPct: (appCpu / wall) * 100, appRss, ffCpu, ffRss, wall };
}

const load = promisify(execFile)(
  process.execPath,
  [
    '--import',
    'tsx',
    'bench/stream-load.ts',
    'mp3',
    `${base}/stream`,
    String(listeners),
    String(booths * (seconds + 25)),
  ],
  { maxBuffer: 64 * 1024 * 1024 },
);
// The app with its listeners and no booth: the baseline each booth adds to.
const idleCpu0 = cpuSeconds(appPid);
await sleep(6000);
const idle = { cpuPct: ((cpuSeconds(appPid) - idleCpu0) / 6) * 100, rss: rssMiB(appPid) };
console.log(
  `machine: ${os.cpus().length} cores, load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
console.log(
  `app with ${listeners} listeners, no booth: CPU ${idle.cpuPct.toFixed(1)} %, RSS ${idle.rss.toFixed(0)} MiB`,
);
const rows: string[] = [];
const all: number[] = [];
for (let b = 0; b < booths; b++) {
  const r = await runBooth(await presenter(`Bench Booth ${b + 1}`), seconds);
  all.push(...r.latencies);
  const med = percentile(
    [...r.latencies].sort((x, y) => x - y),
    50,
  );
  rows.push(
    `booth ${b + 1}: clicks ${r.latencies.length}, latency median ${Math.round(med ?? Number.NaN)} ms; app process CPU ${r.appCpuPct.toFixed(1)} %, RSS ${r.appRss.toFixed(0)} MiB; booth ffmpeg (decoder + encoder) CPU ${((r.ffCpu / r.wall) * 100).toFixed(1)} %, RSS ${r.ffRss.toFixed(1)} MiB`,
  );
  console.log(rows.at(-1));
  for (
    let t = Date.now();
    (await fetch(`${base}/api/now-playing`).then((x) => x.json())).live.isLive;
    await sleep(250)
  )
    if (Date.now() - t > 30_000) throw new Error('the show did not end');
}
all.sort((a, b) => a - b);
const q = (p: number) => Math.round(percentile(all, p * 100));
console.log(`latency over ${all.length} clicks: median ${q(0.5)} ms, p90 ${q(0.9)} ms, max ${q(1)} ms`);
const listened = JSON.parse((await load).stdout.trim().split('\n').at(-1)!);
console.log(
  `listeners: ${listened.ok}/${listeners} answered, errors ${listened.errors}, kbps median ${listened.kbps.median.toFixed(1)}, min ${listened.kbps.min.toFixed(1)}`,
);
console.log(
  `load average after: ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
await server.stop();
process.exit(0);
