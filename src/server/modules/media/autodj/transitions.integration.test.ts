/**
 * Transitions, cue and fade on the real built-in engine (Icecast and Liquidsoap from Debian), heard in a
 * capture of /stream: a 3 s jingle between two crossfaded songs airs whole (no crossfade into or out of
 * it, nothing clipped), and a track's cue points cut what lies outside them. Each part of the audio is a
 * tone of its own frequency, found in the capture with ffmpeg (band-pass and silencedetect).
 * Skipped, with a message, when the engine is not installed.
 */

import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isBuiltinEngineInstalled } from '../../../integrations/radio/builtin/supervisor';
import { generateTones } from '../../../integrations/radio/builtin/tones';
import { captureStream, toneLevel, toneRuns } from '../../../test/audio-analysis';
import { waitUntil } from '../../../test/engine-helpers';
import { createEngineTestApp } from '../../../test/engine-test-app';
import { makeAudio } from '../../../test/fixtures/media';
import { type Member, signUpMember, type TestApp } from '../../../test/test-app';
import { upsertSong } from '../../library/songs.service';
import { nowPlayingSlot } from '../../station/now-playing.service';
import { mediaPlaylists, mediaTracks } from '../media.table';
import type { NextTrack } from './engine-next';

const run = promisify(execFile);
const installed = isBuiltinEngineInstalled();
if (!installed) console.warn('[transitions] skipped: icecast2 and liquidsoap are not installed');

type Row = typeof mediaTracks.$inferSelect;

/** The tones: each part of what airs has its own frequency (Hz). */
const SONG_ONE = 440;
const JINGLE = 1000;
const BEFORE_CUE_IN = 180;
const SONG_TWO = 660;
const AFTER_CUE_OUT = 1500;

/** Tones one after another in one MP3 file: [[hz, seconds], …]. */
async function toneSequence(dir: string, name: string, parts: [number, number][]) {
  const file = path.join(dir, name);
  const inputs = parts.flatMap(([hz, s]) => [
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=${hz}:sample_rate=44100:duration=${s}`,
  ]);
  const concat = `${parts.map((_, i) => `[${i}:a]`).join('')}concat=n=${parts.length}:v=0:a=1,volume=3[a]`;
  await run('ffmpeg', [
    ...['-nostdin', '-hide_banner', '-loglevel', 'error', '-y', ...inputs],
    ...['-filter_complex', concat, '-map', '[a]', '-ac', '2', '-c:a', 'libmp3lame', '-b:a', '128k', file],
  ]);
  return file;
}

describe.skipIf(!installed)('transitions, cue and fade on air', () => {
  let t: TestApp;
  let base: string;
  let admin: Member;
  let capture: string;
  const rows: Record<'one' | 'jingle' | 'two', Row> = {} as never;
  const playlists: Record<'songs' | 'jingles', string> = {} as never;
  const order: ('one' | 'jingle' | 'two')[] = ['one', 'jingle', 'two'];
  let turn = 0;

  async function decide(): Promise<NextTrack | null> {
    const which = order[turn++ % order.length]!;
    return {
      track: rows[which],
      playlistId: which === 'jingle' ? playlists.jingles : playlists.songs,
      queueItemId: null,
    };
  }

  const onAir = () => nowPlayingSlot.of(t.app.ctx).snapshot.nowPlaying;

  beforeAll(async () => {
    const engineApp = await createEngineTestApp('transitions', {
      tones: 0,
      deps: { decideNextTrack: decide },
    });
    ({ t, base } = engineApp);
    // The local rotation's one track (277 Hz), never asked for: the app always answers.
    await generateTones(engineApp.music, 1, { durationSeconds: 40, offset: 2 });
    const dir = path.join(engineApp.dataDir, 'library');
    const files = {
      one: await makeAudio(dir, 'song-one.mp3', { seconds: 20, frequency: SONG_ONE, volume: 3 }),
      jingle: await makeAudio(dir, 'jingle.mp3', { seconds: 3, frequency: JINGLE, volume: 3 }),
      two: await toneSequence(dir, 'song-two.mp3', [
        [BEFORE_CUE_IN, 4],
        [SONG_TWO, 10],
        [AFTER_CUE_OUT, 6],
      ]),
    };
    const titles = { one: 'Song One', jingle: 'Station Jingle', two: 'Song Two' };
    const lengths = { one: 20_000, jingle: 3000, two: 20_000 };
    for (const k of ['one', 'jingle', 'two'] as const) {
      const song = await upsertSong(t.app.ctx.db, { title: titles[k], artist: 'The Testers', album: null });
      const [row] = await t.app.ctx.db
        .insert(mediaTracks)
        .values({
          ...{ songId: song.id, path: files[k], contentHash: `tr-${k}`, fileName: path.basename(files[k]) },
          ...{ format: 'mp3', sizeBytes: 1, title: titles[k], artist: 'The Testers', durationMs: lengths[k] },
        })
        .returning();
      rows[k] = row!;
    }
    const [songs] = await t.app.ctx.db
      .insert(mediaPlaylists)
      .values({ name: 'Songs', kind: 'rotation' })
      .returning();
    const [jingles] = await t.app.ctx.db
      .insert(mediaPlaylists)
      .values({ name: 'Jingles', kind: 'rotation', transition: 'jingle' })
      .returning();
    playlists.songs = songs!.id;
    playlists.jingles = jingles!.id;
    admin = await signUpMember(t.app, 'Sound Admin');
    // Song Two airs from 4 s to 14 s of its file: the tones before and after never do.
    const cue = { cueIn: 4, cueOut: 14, fadeIn: null, fadeOut: null };
    expect((await admin.put(`/api/media/tracks/${rows.two.id}/cue`, cue)).statusCode).toBe(200);

    await engineApp.listen();
    await waitUntil(
      'Song One on air',
      () => onAir()?.song.title === 'Song One',
      90_000,
      () => t.app.ctx.station.engine?.recentEngineOutput() ?? '',
    );
    // From Song One to the next Song One: the jingle and Song Two in between, whole.
    capture = path.join(mkdtempSync(path.join(os.tmpdir(), 'onair-capture-')), 'stream.mp3');
    const heard: string[] = [];
    const done = waitUntil(
      'Song One, the jingle, Song Two and Song One again',
      async () => {
        const title = onAir()?.song.title;
        if (title && heard.at(-1) !== title) heard.push(title);
        if (heard.join('|').includes('Station Jingle|Song Two|Song One')) {
          await new Promise((r) => setTimeout(r, 4000));
          return true;
        }
        return false;
      },
      90_000,
      () => `heard: ${heard.join(', ')}`,
    );
    const bytes = await captureStream(
      `${base}/stream`,
      capture,
      done.catch(() => null),
    );
    await done;
    expect(bytes).toBeGreaterThan(300_000); // some 30 s at 128 kbps
  }, 240_000);

  afterAll(async () => t?.close());

  it('airs a 3 s jingle whole: its full length, at full level from its first moment to its last', async () => {
    const runs = await toneRuns(capture, JINGLE);
    expect(runs, JSON.stringify(runs)).toHaveLength(1);
    const jingle = runs[0]!;
    expect(jingle.seconds).toBeGreaterThan(2.8);
    expect(jingle.seconds).toBeLessThan(3.3);
    // Neither faded in nor out: its first and last few tenths are as loud as its middle.
    const middle = await toneLevel(capture, JINGLE, jingle.start + 1.2, 0.6);
    const first = await toneLevel(capture, JINGLE, jingle.start + 0.1, 0.3);
    const last = await toneLevel(capture, JINGLE, jingle.end - 0.4, 0.3);
    console.info(
      `[transitions] jingle heard ${jingle.seconds.toFixed(2)} s; level first ${first} dB, middle ${middle} dB, last ${last} dB`,
    );
    expect(Math.abs(first - middle), `first ${first} dB, middle ${middle} dB`).toBeLessThan(2);
    expect(Math.abs(last - middle), `last ${last} dB, middle ${middle} dB`).toBeLessThan(2);
    // Nothing else sounds over it: Song One has ended, Song Two has not begun.
    for (const other of [SONG_ONE, SONG_TWO]) {
      const overlap = (await toneRuns(capture, other)).filter(
        (r) => r.end > jingle.start + 0.15 && r.start < jingle.end - 0.15,
      );
      expect(overlap, `${other} Hz over the jingle`).toEqual([]);
    }
  });

  it('plays a track between its cue points only', async () => {
    expect(await toneRuns(capture, BEFORE_CUE_IN)).toEqual([]);
    expect(await toneRuns(capture, AFTER_CUE_OUT)).toEqual([]);
    const two = await toneRuns(capture, SONG_TWO);
    expect(two, JSON.stringify(two)).toHaveLength(1);
    // Cued to 10 s; the crossfade into the next song overlaps its end.
    expect(two[0]!.seconds).toBeGreaterThan(9);
    expect(two[0]!.seconds).toBeLessThan(10.6);
  });

  it('still crossfades the songs of a crossfade playlist', async () => {
    // Song Two ends under the next Song One: the two overlap for about the 2 s crossfade.
    const two = (await toneRuns(capture, SONG_TWO))[0]!;
    const next = (await toneRuns(capture, SONG_ONE)).find((r) => r.start > two.start)!;
    expect(next, 'Song One after Song Two').toBeTruthy();
    const overlap = two.end - next.start;
    expect(overlap).toBeGreaterThan(0.8);
    expect(overlap).toBeLessThan(2.6);
  });
});
