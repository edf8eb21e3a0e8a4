/**
 * After a live show, on the real built-in engine (Icecast + Liquidsoap from Debian): AutoDJ returns with
 * its next track from the start (the track fetched as the show began, held first in "up next"), never
 * the interrupted one mid-way, and the interrupted song is logged once, its play ending where the show
 * began. The audio of /stream is measured with ffmpeg. Skipped, with a message, when the engine is not
 * installed.
 */

import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NowPlaying } from '../../../../shared/contracts/station';
import { EVENT_TYPES } from '../../../../shared/events';
import { isBuiltinEngineInstalled } from '../../../integrations/radio/builtin/supervisor';
import { type GeneratedTone, generateTones } from '../../../integrations/radio/builtin/tones';
import { startDjEncoder, waitUntil } from '../../../test/engine-helpers';
import { createEngineTestApp } from '../../../test/engine-test-app';
import { openStream } from '../../../test/sse-client';
import { type Member, memberWith, signUpMember, type TestApp } from '../../../test/test-app';
import { upsertSong } from '../../library/songs.service';
import { mediaTracks } from '../media.table';

const run = promisify(execFile);
const installed = isBuiltinEngineInstalled();
if (!installed) console.warn('[live-return] skipped: icecast2 and liquidsoap are not installed');

type Row = typeof mediaTracks.$inferSelect;

/** The level (dB RMS) of `freq` ±15 Hz in a capture, from ffmpeg's bandpass and astats. */
async function bandLevel(file: string, freq: number): Promise<number> {
  const { stderr } = await run('ffmpeg', [
    ...['-nostdin', '-hide_banner', '-i', file, '-af'],
    `bandpass=f=${freq}:width_type=h:w=30,bandpass=f=${freq}:width_type=h:w=30,astats=measure_overall=RMS_level:measure_perchannel=none`,
    ...['-f', 'null', '-'],
  ]);
  const m = /RMS level dB: (-?[\d.]+|-inf)/.exec(stderr);
  return !m || m[1] === '-inf' ? -200 : Number(m[1]);
}

describe.skipIf(!installed)('AutoDJ after a live show', { shuffle: false }, () => {
  let t: TestApp;
  let base: string;
  let harbor: number;
  let dataDir: string;
  let admin: Member;
  let stream: ReturnType<typeof openStream>;
  const library: Row[] = [];
  const tones: GeneratedTone[] = [];

  const latest = () =>
    stream.events.filter((e) => e.event === EVENT_TYPES.nowPlayingChanged).at(-1)?.data as
      | NowPlaying
      | undefined;
  const plays = async (songId: string) =>
    (
      await t.dbh.query<{ played_at: Date; play_source: string }>(
        'SELECT played_at, play_source FROM song_plays WHERE song_id = $1 ORDER BY played_at',
        [songId],
      )
    ).rows;

  beforeAll(async () => {
    const engineApp = await createEngineTestApp('live-return', { tones: 0 });
    ({ t, base, harborPort: harbor, dataDir } = engineApp);
    // Far apart in pitch (220, 370 and 554 Hz; the DJ sends 660 Hz), so each is told apart in the audio.
    for (const offset of [0, 4, 7])
      tones.push(...(await generateTones(path.join(dataDir, 'library'), 1, { durationSeconds: 45, offset })));
    admin = await signUpMember(t.app, 'Station Admin');
    for (const [i, f] of tones.entries()) {
      const song = await upsertSong(t.app.ctx.db, { title: f.title, artist: f.artist, album: f.album });
      const [row] = await t.app.ctx.db
        .insert(mediaTracks)
        .values({
          ...{
            songId: song.id,
            path: f.file,
            contentHash: `live-return-${i}`,
            fileName: path.basename(f.file),
          },
          ...{ format: 'mp3', sizeBytes: 1, title: f.title, artist: f.artist, durationMs: 45_000 },
        })
        .returning();
      library.push(row!);
    }
    const playlist = (
      await admin.post('/api/media/playlists', {
        ...{ name: 'Daytime', kind: 'rotation', weight: 5, enabled: true, order: 'sequential' },
      })
    ).json().playlist.id;
    await admin.put(`/api/media/playlists/${playlist}/tracks`, { trackIds: library.map((r) => r.id) });
    await engineApp.listen();
    stream = openStream(base);
    await stream.opened;
  }, 120_000);

  afterAll(async () => {
    stream?.close();
    await t?.close();
  });

  it('returns with the next track from its start, and logs the interrupted song once', async () => {
    const first = await waitUntil(
      'the first AutoDJ track',
      () => {
        const np = latest()?.nowPlaying;
        return np?.source === 'autodj' && np.song.id === library[0]!.songId ? np : null;
      },
      90_000,
    );
    // Some seconds into the song, a presenter goes live.
    await new Promise((r) => setTimeout(r, 6000));
    const jade = await memberWith(t, 'presenter', [], 'Jade Okafor');
    const creds = (await jade.post('/api/station/my-credentials')).json();
    const dj = startDjEncoder(harbor, creds.username, creds.password);
    try {
      await waitUntil('the presenter on air', () => latest()?.nowPlaying?.source === 'live', 30_000);
      // As the show began, the engine took AutoDJ's next track: "up next" shows it first, held.
      const held = await waitUntil(
        'the next track held for after the show',
        async () => {
          const q = (await admin.get('/api/media/queue')).json().upcoming;
          return q[0]?.held ? q[0] : null;
        },
        20_000,
      );
      expect(held.trackId).toBe(library[1]!.id);
      await new Promise((r) => setTimeout(r, 4000));
      expect((await admin.post('/api/station/commands/disconnect')).statusCode).toBe(200);
      const back = await waitUntil(
        'AutoDJ back',
        () => {
          const s = latest();
          return s && !s.live.isLive && s.nowPlaying?.source === 'autodj' ? s.nowPlaying : null;
        },
        30_000,
      );
      expect(back.song.id).toBe(library[1]!.songId);
    } finally {
      dj.child.kill('SIGKILL');
    }

    // What listeners hear now: the next track, not the rest of the interrupted one.
    const capture = path.join(dataDir, 'after-show.wav');
    await run('ffmpeg', [
      ...['-nostdin', '-hide_banner', '-loglevel', 'error', '-y', '-i', `${base}/stream`],
      ...['-t', '10', '-ac', '1', capture],
    ]);
    const interrupted = await bandLevel(capture, tones[0]!.frequency);
    const next = await bandLevel(capture, tones[1]!.frequency);
    // Measured: the next track at -36 dB in its band, the interrupted one at -58 dB (leakage only).
    expect(next).toBeGreaterThan(-50);
    expect(interrupted).toBeLessThan(next - 15);

    // One play of the interrupted song; its play ends where the show began (the royalty report's length).
    const once = await plays(library[0]!.songId!);
    expect(once).toHaveLength(1);
    const { rows: after } = await t.dbh.query<{ played_at: Date; play_source: string }>(
      'SELECT played_at, play_source FROM song_plays WHERE played_at > $1 ORDER BY played_at LIMIT 1',
      [once[0]!.played_at],
    );
    expect(after[0]!.play_source).toBe('live');
    const aired = (after[0]!.played_at.getTime() - once[0]!.played_at.getTime()) / 1000;
    expect(aired).toBeGreaterThan(5);
    expect(aired).toBeLessThan(40);
    expect(new Date(first.playedAt).getTime()).toBe(once[0]!.played_at.getTime());
    expect(await plays(library[1]!.songId!)).toHaveLength(1);
  }, 240_000);
});
