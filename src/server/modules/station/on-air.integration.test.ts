/**
 * The whole app with the real built-in engine (Icecast + Liquidsoap from Debian): AutoDJ on air, every
 * change reaching a connected event stream, skip, a presenter going live with the credentials from their
 * account, wrong credentials refused, disconnect back to AutoDJ, a listener on /stream moving the count.
 * Skipped, with a message, when icecast2 or liquidsoap is not installed.
 */

import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NowPlaying } from '../../../shared/contracts/station';
import { EVENT_TYPES } from '../../../shared/events';
import { isBuiltinEngineInstalled } from '../../integrations/radio/builtin/supervisor';
import { startDjEncoder, waitUntil } from '../../test/engine-helpers';
import { createEngineTestApp } from '../../test/engine-test-app';
import { openStream, type SseEvent } from '../../test/sse-client';
import { type Member, memberWith, signUpMember, type TestApp } from '../../test/test-app';
import { nowPlayingSlot } from './now-playing.service';

const installed = isBuiltinEngineInstalled();
if (!installed)
  console.warn(
    '[on-air] skipped: icecast2 and liquidsoap are not installed (apt-get install icecast2 liquidsoap ffmpeg)',
  );

describe.skipIf(!installed)('on air with the built-in engine', () => {
  let t: TestApp;
  let base: string;
  let harbor: number;
  let admin: Member;
  let stream: ReturnType<typeof openStream>;
  const latest = () => {
    const all = stream.events.filter((e) => e.event === EVENT_TYPES.nowPlayingChanged);
    return all.at(-1)?.data as NowPlaying | undefined;
  };

  beforeAll(async () => {
    const engineApp = await createEngineTestApp('onair', { tones: 3 });
    ({ t, base, harborPort: harbor } = engineApp);
    admin = await signUpMember(t.app, 'Station Admin');
    await engineApp.listen();
    stream = openStream(base);
    await stream.opened;
  }, 60_000);

  afterAll(async () => {
    stream?.close();
    await t?.close();
  });

  it('puts AutoDJ on air and pushes the track to a connected event stream', async () => {
    const np = await waitUntil(
      'an AutoDJ track',
      () => {
        const s = latest();
        return s?.nowPlaying?.source === 'autodj' ? s : null;
      },
      30_000,
    );
    expect(np.station).toMatchObject({ backend: 'builtin', configured: true, streamUrl: '/stream' });
    expect(['Midnight Drive', 'Harbour Lights', 'Paper Satellites']).toContain(np.nowPlaying!.song.title);
    const status = await waitUntil(
      'Radio Control to show the engine on air',
      async () => {
        const s = (await admin.get('/api/station/status')).json();
        return s.onAir ? s : null;
      },
      15_000,
    );
    expect(status).toMatchObject({
      kind: 'builtin',
      onAir: true,
      supports: { streamers: true, commands: true },
    });
  }, 40_000);

  it('skips to another track', async () => {
    const before = latest()!.nowPlaying!.playedAt;
    expect((await admin.post('/api/station/commands/skip')).json().message).toBe('Stream skip successful!');
    await waitUntil('a new track after skip', () => latest()?.nowPlaying?.playedAt !== before, 20_000);
  }, 30_000);

  it('lets a listener play /stream, which the listener count follows', async () => {
    const req = http.get(`${base}/stream`);
    const res = await new Promise<http.IncomingMessage>((resolve) => req.once('response', resolve));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/audio\/mpeg/);
    const bytes = await new Promise<number>((resolve) => {
      let n = 0;
      res.on('data', (c: Buffer) => {
        n += c.length;
        if (n > 16_000) resolve(n);
      });
    });
    expect(bytes).toBeGreaterThan(16_000);
    const counted = await stream.waitFor(
      EVENT_TYPES.listenersChanged,
      20_000,
      (e) => (e.data as { total: number }).total >= 1,
    );
    expect(counted.data).toMatchObject({ total: expect.any(Number) });
    expect(nowPlayingSlot.of(t.app.ctx).snapshot.listeners.total).toBeGreaterThanOrEqual(1);
    req.destroy();
  }, 40_000);

  it('takes a presenter live with their account’s credentials, refuses wrong ones, and falls back', async () => {
    const jade = await memberWith(t, 'presenter', [], 'Jade Okafor');
    const creds = (await jade.post('/api/station/my-credentials')).json();
    expect(creds.username).toMatch(/^presenter-\d{4}$/);

    const intruder = startDjEncoder(harbor, creds.username, 'WRONGPASS');
    const code = await Promise.race([
      intruder.exited,
      new Promise((r) => setTimeout(() => r('running'), 8000)),
    ]);
    if (code === 'running') intruder.child.kill('SIGKILL');
    expect(latest()?.live.isLive).toBe(false);

    const dj = startDjEncoder(harbor, creds.username, creds.password);
    try {
      const live = await waitUntil(
        'the presenter live',
        () => {
          const s = latest();
          return s?.live.isLive && s.nowPlaying?.source === 'live' ? s : null;
        },
        30_000,
      );
      expect(live.live).toMatchObject({ streamerName: 'Jade Okafor', presenter: { id: jade.userId } });
      expect((await admin.post('/api/station/commands/disconnect')).statusCode).toBe(200);
      await waitUntil(
        'AutoDJ back',
        () => {
          const s = latest();
          return s && !s.live.isLive && s.nowPlaying?.source === 'autodj' ? s : null;
        },
        30_000,
      );
    } finally {
      dj.child.kill('SIGKILL');
    }
    const seen = stream.events.filter((e: SseEvent) => e.event === EVENT_TYPES.nowPlayingChanged).length;
    expect(seen).toBeGreaterThan(4);
  }, 90_000);
});
