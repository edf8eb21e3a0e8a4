/**
 * Encoders that log in only as "source", with the real Icecast + Liquidsoap: DarkIce (its Icecast 2
 * output has no username setting) and ffmpeg speaking the same login go on air as the presenter whose
 * username,password they give as the password; the connection check shows a refused "source" login.
 * Skipped when icecast2 or liquidsoap is missing; the DarkIce case when darkice is.
 */

import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NowPlaying } from '../../../shared/contracts/station';
import { HARBOR_REFUSALS } from '../../../shared/texts/stream-info';
import { isBuiltinEngineInstalled } from '../../integrations/radio/builtin/supervisor';
import { startDarkice, startDjEncoder, waitUntil } from '../../test/engine-helpers';
import { createEngineTestApp } from '../../test/engine-test-app';
import { type Member, memberWith, signUpMember, type TestApp } from '../../test/test-app';
import { nowPlayingSlot } from './now-playing.service';

const installed = isBuiltinEngineInstalled();
const hasDarkice = spawnSync('darkice', ['-h'], { stdio: 'ignore' }).error === undefined;

describe.skipIf(!installed)('encoders that log in only as source, on the built-in engine', () => {
  let t: TestApp;
  let harbor: number;
  let admin: Member;
  const snapshot = (): NowPlaying => nowPlayingSlot.of(t.app.ctx).snapshot;

  beforeAll(async () => {
    const engineApp = await createEngineTestApp('source-login');
    ({ t, harborPort: harbor } = engineApp);
    admin = await signUpMember(t.app, 'Station Admin');
    await engineApp.listen();
    await waitUntil(
      'AutoDJ on air',
      () => snapshot().nowPlaying?.source === 'autodj',
      60_000,
      () => t.app.ctx.station.engine?.recentEngineOutput() ?? '',
    );
  }, 90_000);

  afterAll(async () => t?.close());

  const backToAutoDj = async () => {
    expect((await admin.post('/api/station/commands/disconnect')).statusCode).toBe(200);
    await waitUntil('AutoDJ back', () => !snapshot().live.isLive, 30_000);
  };

  it.skipIf(!hasDarkice)(
    'puts DarkIce on air as the presenter named in its password',
    async () => {
      const dee = await memberWith(t, 'presenter', [], 'Dee Darkice');
      const creds = (await dee.post('/api/station/my-credentials')).json();
      const dj = await startDarkice(harbor, `${creds.username},${creds.password}`);
      try {
        const live = await waitUntil(
          'DarkIce live',
          () => (snapshot().live.isLive ? snapshot() : null),
          40_000,
          () => t.app.ctx.station.engine?.recentEngineOutput() ?? '',
        );
        expect(live.live).toMatchObject({ streamerName: 'Dee Darkice', presenter: { id: dee.userId } });
        const check = (await dee.get('/api/station/my-connection')).json();
        expect(check).toMatchObject({
          connected: true,
          own: true,
          session: { streamerUsername: creds.username },
        });
        await backToAutoDj();
      } finally {
        dj.stop();
      }
    },
    90_000,
  );

  it('puts ffmpeg logging in as source on air, and shows a "source" login without the account', async () => {
    const fay = await memberWith(t, 'presenter', [], 'Fay Ffmpeg');
    const creds = (await fay.post('/api/station/my-credentials')).json();
    const wrong = startDjEncoder(harbor, 'source', 'ONLYAPASSWORD');
    await Promise.race([wrong.exited, new Promise((r) => setTimeout(r, 10_000))]);
    wrong.child.kill('SIGKILL');
    expect(snapshot().live.isLive).toBe(false);
    expect((await fay.get('/api/station/my-connection')).json().lastRefusal).toMatchObject({
      reason: HARBOR_REFUSALS.sourceWithoutAccount,
    });

    const dj = startDjEncoder(harbor, 'source', `${creds.username},${creds.password}`);
    try {
      const live = await waitUntil('ffmpeg live', () => (snapshot().live.isLive ? snapshot() : null), 40_000);
      expect(live.live).toMatchObject({ streamerName: 'Fay Ffmpeg', presenter: { id: fay.userId } });
      await backToAutoDj();
    } finally {
      dj.child.kill('SIGKILL');
    }
  }, 90_000);
});
