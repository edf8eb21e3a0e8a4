/**
 * The web booth on the real built-in engine (Icecast and Liquidsoap): a presenter's browser stands in as a
 * WebSocket sending WebM/Opus (made by ffmpeg, as MediaRecorder makes it) of a 3 kHz tone, which no
 * AutoDJ test tone reaches. Skipped, with a message, when icecast2 or liquidsoap is not installed.
 */
import { spawnSync } from 'node:child_process';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { NowPlaying } from '../../../../shared/contracts/station';
import { BOOTH_TEXTS } from '../../../../shared/texts/booth';
import { isBuiltinEngineInstalled } from '../../../integrations/radio/builtin/supervisor';
import { waitUntil } from '../../../test/engine-helpers';
import { createEngineTestApp } from '../../../test/engine-test-app';
import { type Member, memberWith, signUpMember, type TestApp } from '../../../test/test-app';
import { nowPlayingSlot } from '../now-playing.service';

const installed = isBuiltinEngineInstalled();
if (!installed) console.warn('[booth] skipped: icecast2 and liquidsoap are not installed');

/** 40 s of a 3 kHz tone as WebM/Opus, cut in quarter-second pieces as MediaRecorder sends them. */
function browserAudio(seconds = 40): Buffer[] {
  const out = spawnSync(
    'ffmpeg',
    [
      ...['-nostdin', '-hide_banner', '-loglevel', 'error', '-f', 'lavfi'],
      ...['-i', `sine=frequency=3000:sample_rate=48000:duration=${seconds}`, '-ac', '2'],
      // Live WebM in short clusters, as MediaRecorder writes it.
      ...[
        '-c:a',
        'libopus',
        '-b:a',
        '96k',
        '-live',
        '1',
        '-cluster_time_limit',
        '250',
        '-f',
        'webm',
        'pipe:1',
      ],
    ],
    { maxBuffer: 64 * 1024 * 1024 },
  );
  const whole = out.stdout;
  const piece = Math.ceil(whole.length / (seconds * 4));
  const pieces: Buffer[] = [];
  for (let i = 0; i < whole.length; i += piece) pieces.push(whole.subarray(i, i + piece));
  return pieces;
}

/**
 * Level (dB RMS) above 2.5 kHz in the last 3 s of 7 s of the public stream: the booth's tone, not AutoDJ's.
 * (Icecast sends a few seconds of what it already had first, its burst: the end of the capture is now.)
 */
async function toneLevel(base: string): Promise<number> {
  const mp3 = await new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    const req = http.get(`${base}/stream`, (res) => {
      res.on('data', (c: Buffer) => chunks.push(c));
      setTimeout(() => {
        req.destroy();
        resolve(Buffer.concat(chunks));
      }, 7000);
    });
    req.on('error', reject);
  });
  const rate = 16_000;
  const pcm = spawnSync(
    'ffmpeg',
    [
      ...['-hide_banner', '-nostdin', '-loglevel', 'error', '-i', 'pipe:0', '-af', 'highpass=f=2500'],
      ...['-f', 's16le', '-ac', '1', '-ar', String(rate), 'pipe:1'],
    ],
    { input: mp3, maxBuffer: 64 * 1024 * 1024 },
  ).stdout;
  const last = pcm.subarray(Math.max(0, pcm.length - 3 * rate * 2));
  let sum = 0;
  for (let i = 0; i + 1 < last.length; i += 2) sum += (last.readInt16LE(i) / 32768) ** 2;
  const rms = Math.sqrt(sum / Math.max(1, last.length / 2));
  return rms > 0 ? Math.round(20 * Math.log10(rms) * 10) / 10 : -120;
}

interface Browser {
  ws: WebSocket;
  messages: { state: string; message?: string; liveSince?: string }[];
  closed: Promise<number>;
  /** Sends the audio in real time, a piece each quarter second. */
  play(pieces: Buffer[]): { stop(): void };
}

function openBooth(base: string, who: Member | null, origin: string): Promise<Browser> {
  const ws = new WebSocket(`${base.replace('http', 'ws')}/api/presenter/booth`, {
    headers: { origin, ...(who ? { cookie: who.cookie } : {}) },
  });
  const messages: Browser['messages'] = [];
  ws.on('message', (data, binary) => {
    if (!binary) messages.push(JSON.parse(data.toString()));
  });
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  const play = (pieces: Buffer[]) => {
    let i = 0;
    const timer = setInterval(() => {
      if (i >= pieces.length || ws.readyState !== ws.OPEN) return clearInterval(timer);
      ws.send(pieces[i++]);
    }, 250);
    return {
      stop: () => clearInterval(timer),
    };
  };
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve({ ws, messages, closed, play }));
    ws.once('error', reject);
  });
}

describe.skipIf(!installed)('the web booth', { shuffle: false }, () => {
  let t: TestApp;
  let base: string;
  let presenter: Member;
  /** The site's own origin, as a browser on the site sends it. */
  let site: string;
  const audio = installed ? browserAudio() : [];
  const np = () => nowPlayingSlot.of(t.app.ctx).snapshot as NowPlaying;

  beforeAll(async () => {
    const engineApp = await createEngineTestApp('booth', { tones: 2 });
    ({ t, base } = engineApp);
    site = t.app.ctx.config.trustedOrigins[0];
    await signUpMember(t.app, 'Station Admin');
    presenter = await memberWith(t, 'presenter', [], 'Bea Booth');
    await engineApp.listen();
    await waitUntil('AutoDJ on air', () => np().nowPlaying?.source === 'autodj', 40_000);
  }, 90_000);
  afterAll(async () => t?.close());

  it('refuses a signed-out browser, a member, and another site, with a reason', async () => {
    const cases: [Member | null, string, string][] = [
      [null, site, BOOTH_TEXTS.signedOut],
      [await signUpMember(t.app, 'Plain Member'), site, BOOTH_TEXTS.signedOut],
      [presenter, 'https://elsewhere.example', BOOTH_TEXTS.badOrigin],
    ];
    for (const [who, origin, reason] of cases) {
      const b = await openBooth(base, who, origin);
      expect(await b.closed).toBe(4000);
      expect(b.messages.at(-1)).toMatchObject({ state: 'ended', message: reason });
    }
    expect(np().live.isLive).toBe(false);
  }, 30_000);

  it('goes live: the site shows the presenter, the public stream carries the booth', async () => {
    const b = await openBooth(base, presenter, site);
    const sender = b.play(audio);
    await waitUntil('the booth live', () => b.messages.some((m) => m.state === 'live'), 30_000);
    const live = await waitUntil(
      'now playing live',
      () => (np().live.isLive && np().nowPlaying?.source === 'live' ? np() : null),
      15_000,
    );
    expect(live.live).toMatchObject({ streamerName: 'Bea Booth', presenter: { id: presenter.userId } });
    expect(await toneLevel(base)).toBeGreaterThan(-35);

    // A second booth of the same presenter, and another presenter, are refused while this one is live.
    const twice = await openBooth(base, presenter, site);
    expect(await twice.closed).toBe(4000);
    expect(twice.messages.at(-1)?.message).toBe(BOOTH_TEXTS.alreadyOpen);
    const other = await openBooth(base, await memberWith(t, 'presenter', [], 'Otto Other'), site);
    expect(await other.closed).toBe(4000);
    expect(other.messages.at(-1)?.message).toBe(BOOTH_TEXTS.someoneElseLive('Bea Booth'));

    // A 5 s drop: the show stays on air, and the browser carries on into it.
    const since = b.messages.find((m) => m.state === 'live')?.liveSince;
    sender.stop();
    b.ws.terminate();
    await new Promise((r) => setTimeout(r, 5000));
    expect(np().live.isLive).toBe(true);
    const again = await openBooth(base, presenter, site);
    // The page starts a new recording on the new connection: a new stream, from its header.
    const resumed = again.play(audio);
    const back = await waitUntil(
      'the booth live again',
      () => again.messages.find((m) => m.state === 'live'),
      15_000,
    );
    expect(back.liveSince).toBe(since);
    expect(await toneLevel(base)).toBeGreaterThan(-35);

    // The presenter ends the show: AutoDJ returns.
    again.ws.send(JSON.stringify({ type: 'end' }));
    expect(await again.closed).toBe(1000);
    resumed.stop();
    expect(again.messages.at(-1)).toMatchObject({ state: 'ended', message: BOOTH_TEXTS.ended });
    await waitUntil('AutoDJ back', () => !np().live.isLive && np().nowPlaying?.source === 'autodj', 30_000);
    expect(await toneLevel(base)).toBeLessThan(-50);
  }, 150_000);

  it('ends a show whose browser sends what is not audio, and leaves nothing running', async () => {
    const b = await openBooth(base, presenter, site);
    const noise = Buffer.from('this is certainly not a webm file '.repeat(200));
    for (let i = 0; i < 4; i++) b.ws.send(noise);
    expect(await b.closed).toBe(1000);
    expect(b.messages.at(-1)).toMatchObject({ state: 'ended', message: BOOTH_TEXTS.notAudio });
    await waitUntil('AutoDJ on air', () => !np().live.isLive && np().nowPlaying?.source === 'autodj', 30_000);
    // The presenter can open the booth again straight away.
    const again = await openBooth(base, presenter, site);
    await waitUntil(
      'the booth connecting',
      () => again.messages.some((m) => m.state === 'connecting'),
      10_000,
    );
    again.ws.send(JSON.stringify({ type: 'end' }));
    expect(await again.closed).toBe(1000);
  }, 60_000);

  it('ends a show whose browser sends far more than a live show needs', async () => {
    const b = await openBooth(base, presenter, site);
    const flood = Buffer.alloc(200 * 1024, 1);
    for (let i = 0; i < 4; i++) b.ws.send(flood);
    expect(await b.closed).toBe(1000);
    expect(b.messages.at(-1)).toMatchObject({ state: 'ended', message: BOOTH_TEXTS.tooFast });
  }, 30_000);
});
