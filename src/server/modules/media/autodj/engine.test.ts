import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../../context';
import { ScriptedBackend } from '../../../test/scripted-backend';
import { Client, createTestApp, type TestApp } from '../../../test/test-app';
import { upsertSong } from '../../library/songs.service';
import { writeSetting } from '../../settings/settings.service';
import { nowPlayingSlot } from '../../station/now-playing.service';
import { mediaTracks } from '../media.table';
import { gainFor, type NextTrack, requestUri, TARGET_LUFS } from './engine-next';

/**
 * The engine's next-track endpoint, through the real app with a decision that walks the seeded library
 * tracks in order (the programming rules have their own tests).
 */
let t: TestApp;
let backend: ScriptedBackend;
let dir: string;
let decided = 0;
let nothing = false;

async function walkLibrary(ctx: AppContext): Promise<NextTrack | null> {
  if (nothing) return null;
  const rows = await ctx.db.select().from(mediaTracks).orderBy(asc(mediaTracks.fileName));
  const row = rows[decided++ % rows.length];
  return row ? { track: row, playlistId: null, queueItemId: null } : null;
}

async function seedTrack(file: string, title: string, loudnessLufs: number | null) {
  const song = await upsertSong(t.app.ctx.db, { title, artist: 'Test Artist', album: null });
  const filePath = path.join(dir, file);
  writeFileSync(filePath, 'not really audio');
  const [row] = await t.app.ctx.db
    .insert(mediaTracks)
    .values({
      songId: song.id,
      path: filePath,
      contentHash: `hash-${file}`,
      fileName: file,
      format: 'mp3',
      sizeBytes: 16,
      title,
      artist: 'Test Artist',
      durationMs: 60_000,
      loudnessLufs,
    })
    .returning();
  return row!;
}

const next = (token: string | null) =>
  new Client(t.app).request('POST', '/api/station/engine/next', {}, token ? { 'x-engine-token': token } : {});

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'onair-engine-next-'));
  backend = new ScriptedBackend();
  t = await createTestApp({ deps: { radioBackend: backend, decideNextTrack: walkLibrary }, listen: true });
});
afterAll(async () => t.close());

describe('the engine asks the app for the next track', () => {
  it('is for the engine only: no token or a wrong one is refused with 403', async () => {
    expect((await next(null)).statusCode).toBe(403);
    expect((await next('not-the-token')).statusCode).toBe(403);
  });

  it('answers the decided track as a request URI with its gain, crossfade and library id', async () => {
    const quiet = await seedTrack('a-quiet.mp3', 'Quiet "One"', -22);
    const loud = await seedTrack('b-loud.mp3', 'Loud One', -9.5);
    const token = t.app.ctx.station.engineToken;

    const first = (await next(token)).json();
    expect(first).toMatchObject({ trackId: quiet.id, title: 'Quiet "One"', crossfade: 2 });
    expect(first.uri).toBe(
      `annotate:title="Quiet \\"One\\"",artist="Test Artist",album="",liq_amplify="6.00 dB",` +
        `liq_cross_duration="2.00",onair_track_id="${quiet.id}":${quiet.path}`,
    );

    // A changed crossfade reaches the next track without any restart.
    await writeSetting(t.app.ctx.db, 'media_crossfade_seconds', 4.5);
    const second = (await next(token)).json();
    expect(second).toMatchObject({ trackId: loud.id, crossfade: 4.5 });
    expect(second.uri).toContain('liq_amplify="-6.50 dB"');
    expect(second.uri).toContain('liq_cross_duration="4.50"');
    expect(second.uri.endsWith(`:${loud.path}`)).toBe(true);
  });

  it('answers an empty URI when there is nothing to play, so the engine plays its local rotation', async () => {
    nothing = true;
    const res = await next(t.app.ctx.station.engineToken);
    nothing = false;
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ uri: '', trackId: null });
  });

  it('gains every track to the loudness target, within limits', () => {
    expect(TARGET_LUFS).toBe(-16);
    expect(gainFor(-16)).toBe(0);
    expect(gainFor(-23)).toBe(7);
    expect(gainFor(-8.25)).toBe(-7.75);
    expect(gainFor(-60)).toBe(12); // a near-silent measurement is not boosted without end
    expect(gainFor(5)).toBe(-18);
    expect(gainFor(null)).toBe(0);
    const uri = requestUri(
      {
        track: {
          id: 'x',
          path: '/m/a:b.mp3',
          title: 'Line\nbreak \\ slash',
          artist: 'A',
          album: null,
          loudnessLufs: null,
          durationMs: 1,
        },
        playlistId: 'p',
        queueItemId: 'q',
      },
      0,
    );
    expect(uri).toBe(
      'annotate:title="Line break \\\\ slash",artist="A",album="",liq_amplify="0.00 dB",liq_cross_duration="0.00",' +
        'onair_track_id="x",onair_playlist_id="p",onair_queue_id="q":/m/a:b.mp3',
    );
  });

  it("records the engine's play as the library track's song", async () => {
    const track = await seedTrack('c-linked.mp3', 'Linked', -16);
    const play = (title: string, sequence: number, mediaTrackId: string | null) =>
      backend.playTrack(title, 'Engine Artist', sequence, { mediaTrackId });
    // The engine's title may differ from the library's (a stale tag): the play is the library's song.
    await play('Linked (file tag)', 10, track.id);
    await nowPlayingSlot.of(t.app.ctx).idle();
    expect(nowPlayingSlot.of(t.app.ctx).snapshot.nowPlaying?.song).toMatchObject({
      id: track.songId,
      title: 'Linked',
    });
    // A file outside the library is the song its tags name.
    await play('Something else', 11, null);
    await nowPlayingSlot.of(t.app.ctx).idle();
    expect(nowPlayingSlot.of(t.app.ctx).snapshot.nowPlaying?.song).toMatchObject({
      title: 'Something else',
      artist: 'Engine Artist',
    });
  });
});
