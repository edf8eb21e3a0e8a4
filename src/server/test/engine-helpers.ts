import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import type { Db } from '../db/client';
import { BuiltinBackend, type BuiltinEngineConfig } from '../integrations/radio/builtin/builtin-backend';
import { EngineAuthRequest } from '../integrations/radio/builtin/engine-events';

/**
 * Polls `probe` every 50 ms until it gives a truthy value, which is returned. On timeout the error
 * says what was awaited, plus `context()` (e.g. the engine's last output).
 */
export async function waitUntil<T>(
  what: string,
  probe: () => T | undefined | null | false | Promise<T | undefined | null | false>,
  timeoutMs = 15_000,
  context: () => string = () => '',
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > until)
      throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}\n${context()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Stands in for the app's POST /api/station/engine/{auth,event}: checks the engine token and calls the
 * backend, as the real routes do. Records what Liquidsoap sent.
 */
export function startStandInApp(
  port: number,
  backend: () => BuiltinBackend | undefined,
  record: { posted: Record<string, unknown>[]; authCalls: string[] },
): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', async () => {
      const reply = (status: number, data: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(data));
      };
      const engine = backend();
      if (!engine?.verifyEngineToken(req.headers['x-engine-token'])) return reply(403, { error: 'token' });
      try {
        if (req.url === '/api/station/engine/auth') {
          const login = EngineAuthRequest.parse(JSON.parse(body));
          record.authCalls.push(login.user);
          return reply(200, { allowed: await engine.authenticate(login) });
        }
        if (req.url === '/api/station/engine/event') {
          const event = JSON.parse(body);
          record.posted.push(event);
          await engine.handleEngineEvent(event);
          return reply(200, { ok: true });
        }
        reply(404, { error: 'no route' });
      } catch (err) {
        reply(400, { error: String(err) });
      }
    });
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

/**
 * The built-in engine as the engine tests run it: on 127.0.0.1 with these ports, as nobody, mount
 * /radio.mp3 unless `config` says otherwise, calling the stand-in app on `ports.app`. Its log is silent
 * unless ENGINE_TEST_LOG names a level.
 */
export function testEngine(opts: {
  ports: { icecast: number; harbor: number; app: number };
  config: Pick<BuiltinEngineConfig, 'MUSIC_DIR' | 'dataDir'> & Partial<BuiltinEngineConfig>;
  db: Db;
  listenerPollMs?: number;
}): BuiltinBackend {
  return new BuiltinBackend({
    config: {
      STATION_BIND_ADDRESS: '127.0.0.1',
      ICECAST_PORT: opts.ports.icecast,
      HARBOR_PORT: opts.ports.harbor,
      STATION_MOUNT: '/radio.mp3',
      STATION_USER: 'nobody',
      ...opts.config,
    },
    db: opts.db,
    log: pino({ level: process.env.ENGINE_TEST_LOG ?? 'silent' }),
    appUrl: `http://127.0.0.1:${opts.ports.app}`,
    listenerPollMs: opts.listenerPollMs,
  });
}

/**
 * A DJ's encoder: ffmpeg sending a sine as MP3 to the harbor with the Icecast source protocol; `volume`
 * multiplies ffmpeg's quiet sine (about -23 LUFS at 0.9; 4 is a loud DJ, about -10 LUFS). It sends until
 * the test kills it (or the harbor closes); the 10-minute cap only ends one a crashed test left behind.
 * A show as long as the test needs, however slow the machine: with 60 s of sine, a journey on a slow
 * machine saw its DJ go off air before its last step.
 */
export function startDjEncoder(
  harborPort: number,
  user: string,
  password: string,
  opts: { volume?: number } = {},
) {
  const url = `icecast://${user}:${password}@127.0.0.1:${harborPort}/live`;
  const child = spawn(
    'ffmpeg',
    [
      ...['-nostdin', '-hide_banner', '-loglevel', 'error', '-re', '-f', 'lavfi', '-t', '600'],
      ...['-i', 'sine=frequency=660:sample_rate=44100', '-af', `volume=${opts.volume ?? 1}`],
      ...['-ac', '2', '-c:a', 'libmp3lame', '-b:a', '128k'],
      ...['-content_type', 'audio/mpeg', '-f', 'mp3', url],
    ],
    { stdio: 'ignore' },
  );
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited };
}

/**
 * A DJ's encoder that announces what it sends, as BUTT, Mixxx or libshout do: an Icecast PUT with
 * Content-Type and ice-audio-info (or ice-bitrate), then MP3 from ffmpeg at that bitrate. ffmpeg's own
 * icecast output cannot send ice-audio-info. Resolves once the harbor accepted the source.
 */
export async function startAnnouncingDj(
  harborPort: number,
  user: string,
  password: string,
  opts: { bitrate: number; headers: Record<string, string> },
) {
  const socket = net.connect(harborPort, '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  const lines = [
    'PUT /live HTTP/1.1',
    `Host: 127.0.0.1:${harborPort}`,
    `Authorization: Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`,
    'User-Agent: onair-test-dj/1.0',
    'Content-Type: audio/mpeg',
    'Ice-Name: Test DJ',
    ...Object.entries(opts.headers).map(([k, v]) => `${k}: ${v}`),
  ];
  socket.write(`${lines.join('\r\n')}\r\n\r\n`);
  const answer = await new Promise<string>((resolve) => {
    socket.once('data', (b: Buffer) => resolve(b.toString('latin1')));
    socket.once('close', () => resolve(''));
  });
  const child = spawn(
    'ffmpeg',
    [
      ...['-nostdin', '-hide_banner', '-loglevel', 'error', '-re', '-f', 'lavfi', '-t', '600'],
      ...['-i', 'sine=frequency=440:sample_rate=44100', '-ac', '2', '-c:a', 'libmp3lame'],
      ...['-b:a', `${opts.bitrate}k`, '-f', 'mp3', 'pipe:1'],
    ],
    { stdio: ['ignore', 'pipe', 'ignore'] },
  );
  child.stdout!.pipe(socket);
  socket.on('error', () => child.kill('SIGKILL'));
  socket.on('close', () => child.kill('SIGKILL'));
  const stop = () => {
    child.kill('SIGKILL');
    socket.destroy();
  };
  return { answer, child, socket, stop };
}

/**
 * DarkIce, the real encoder, as a DJ whose software logs in only as "source" (its Icecast 2 output has
 * no username setting). It reads a sine from ffmpeg through ALSA's file plugin and a FIFO, so it runs
 * with no sound card. Resolves once it started; stop() ends both programs.
 */
export async function startDarkice(harborPort: number, password: string, seconds = 60) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'onair-darkice-'));
  const fifo = path.join(dir, 'in.raw');
  execFileSync('mkfifo', [fifo]);
  writeFileSync(
    path.join(dir, '.asoundrc'),
    `pcm.onair_in {\n  type file\n  slave.pcm "null"\n  file "/dev/null"\n  infile "${fifo}"\n  format "raw"\n}\n`,
  );
  const config = path.join(dir, 'darkice.cfg');
  writeFileSync(
    config,
    [
      '[general]',
      'duration = 0',
      'bufferSecs = 1',
      'reconnect = no',
      '[input]',
      'device = onair_in',
      'sampleRate = 44100',
      'bitsPerSample = 16',
      'channel = 2',
      '[icecast2-0]',
      'bitrateMode = cbr',
      'format = mp3',
      'bitrate = 128',
      'quality = 0.8',
      'server = 127.0.0.1',
      `port = ${harborPort}`,
      `password = ${password}`,
      'mountPoint = live',
      'name = DarkIce DJ',
      '',
    ].join('\n'),
  );
  const feed = spawn(
    'ffmpeg',
    [
      ...['-nostdin', '-hide_banner', '-loglevel', 'error', '-re', '-f', 'lavfi', '-t', String(seconds)],
      ...['-i', 'sine=frequency=330:sample_rate=44100', '-ac', '2', '-f', 's16le', '-y', fifo],
    ],
    { stdio: 'ignore' },
  );
  const darkice = spawn('darkice', ['-c', config], { stdio: 'ignore', env: { ...process.env, HOME: dir } });
  const exited = new Promise<number | null>((resolve) => darkice.on('exit', (code) => resolve(code)));
  const stop = () => {
    darkice.kill('SIGKILL');
    feed.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  };
  return { darkice, exited, stop };
}
