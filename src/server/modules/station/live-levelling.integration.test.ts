/**
 * Live levelling on the real built-in engine (docs/operations/engine.md, live levelling): a loud DJ airs
 * within 2 LU of AutoDJ, measured with ffmpeg's ebur128 over a capture of /stream; with the station
 * setting off the DJ airs as sent, at once. Skipped, with a message, when the engine is not installed.
 */

import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isBuiltinEngineInstalled } from '../../integrations/radio/builtin/supervisor';
import { generateTones } from '../../integrations/radio/builtin/tones';
import { captureStream, loudnessOf } from '../../test/audio-analysis';
import { startDjEncoder, waitUntil } from '../../test/engine-helpers';
import { createEngineTestApp } from '../../test/engine-test-app';
import { makeAudio } from '../../test/fixtures/media';
import { type Member, memberWith, signUpMember, type TestApp } from '../../test/test-app';
import { upsertSong } from '../library/songs.service';
import type { NextTrack } from '../media/autodj/engine-next';
import { mediaTracks } from '../media/media.table';
import { decodeBudgetMs, measureAudio } from '../media/tracks/loudness';
import { nowPlayingSlot } from './now-playing.service';

const installed = isBuiltinEngineInstalled();
if (!installed) console.warn('[live-levelling] skipped: icecast2 and liquidsoap are not installed');

describe.skipIf(!installed)('the live input levelled like AutoDJ', () => {
  let t: TestApp;
  let base: string;
  let harbor: number;
  let admin: Member;
  let creds: { username: string; password: string };
  let track: typeof mediaTracks.$inferSelect;
  let dir: string;
  let autodjLufs: number;

  const decide = async (): Promise<NextTrack | null> => ({ track, playlistId: null, queueItemId: null });
  const onAir = () => nowPlayingSlot.of(t.app.ctx).snapshot;

  /** The loudness of `seconds` of /stream, after the first 6 s (Icecast's burst of what aired before). */
  async function measure(name: string, seconds: number) {
    const file = path.join(dir, `${name}.mp3`);
    await captureStream(`${base}/stream`, file, new Promise((r) => setTimeout(r, (seconds + 6) * 1000)));
    return loudnessOf(file, 6, seconds);
  }

  beforeAll(async () => {
    const engineApp = await createEngineTestApp('live-levelling', {
      tones: 0,
      deps: { decideNextTrack: decide },
    });
    ({ t, base, harborPort: harbor } = engineApp);
    dir = mkdtempSync(path.join(os.tmpdir(), 'onair-levelling-'));
    await generateTones(engineApp.music, 1, { durationSeconds: 40, offset: 2 });
    // A quiet AutoDJ track, measured as an upload is: the engine gains it to the target.
    const file = await makeAudio(path.join(engineApp.dataDir, 'library'), 'steady.mp3', {
      seconds: 120,
      frequency: 440,
      volume: 1,
    });
    const { lufs } = await measureAudio(file, { owner: 'test', budgetMs: decodeBudgetMs(120) });
    const song = await upsertSong(t.app.ctx.db, { title: 'Steady Tone', artist: 'AutoDJ', album: null });
    [track] = (await t.app.ctx.db
      .insert(mediaTracks)
      .values({
        ...{ songId: song.id, path: file, contentHash: 'steady', fileName: 'steady.mp3', format: 'mp3' },
        ...{ sizeBytes: 1, title: 'Steady Tone', artist: 'AutoDJ', durationMs: 120_000, loudnessLufs: lufs },
      })
      .returning()) as [typeof track];
    admin = await signUpMember(t.app, 'Levelling Admin');
    const dj = await memberWith(t, 'presenter', [], 'Loud DJ');
    creds = (await dj.post('/api/station/my-credentials')).json();
    await engineApp.listen();
    await waitUntil(
      'AutoDJ on air',
      () => onAir().nowPlaying?.song.title === 'Steady Tone',
      90_000,
      () => t.app.ctx.station.engine?.recentEngineOutput() ?? '',
    );
    autodjLufs = await measure('autodj', 10);
  }, 180_000);

  afterAll(async () => t?.close());

  it('airs a loud DJ within 2 LU of AutoDJ, and as sent once the station turns levelling off', async () => {
    expect((await admin.get('/api/settings/site')).json().liveLevelling).toBe(true);
    const dj = startDjEncoder(harbor, creds.username, creds.password, { volume: 4 });
    try {
      await waitUntil('the DJ on air', () => onAir().live.isLive, 30_000);
      const levelled = await measure('live-levelled', 10);

      const off = await admin.patch('/api/settings/site', { liveLevelling: false });
      expect(off.statusCode).toBe(200);
      expect(off.json().liveLevelling).toBe(false);
      const asSent = await measure('live-as-sent', 10);
      console.info(
        `[live-levelling] AutoDJ ${autodjLufs} LUFS; live levelled ${levelled} LUFS; live as sent ${asSent} LUFS`,
      );
      expect(Math.abs(levelled - autodjLufs)).toBeLessThan(2);
      expect(asSent - autodjLufs).toBeGreaterThan(4);
    } finally {
      dj.child.kill('SIGKILL');
      await dj.exited;
      await admin.patch('/api/settings/site', { liveLevelling: true });
    }
  }, 120_000);
});
