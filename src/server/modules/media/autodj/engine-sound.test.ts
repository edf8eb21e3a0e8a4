import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTracks } from '../../../test/fixtures/media';
import { ScriptedBackend } from '../../../test/scripted-backend';
import { Client, createTestApp, type Member, signUpMember, type TestApp } from '../../../test/test-app';
import { writeSetting } from '../../settings/settings.service';
import type { NextTrack } from './engine-next';

/**
 * What the engine is told about a track beyond its gain: the track's cue and fades, and its playlist's
 * transition (docs/product/media-library-and-autodj.md, cue and fade; transitions).
 */
let t: TestApp;
let admin: Member;
let next: { trackId: string; playlistId: string | null } | null = null;

async function decide(): Promise<NextTrack | null> {
  if (!next) return null;
  const { rows } = await t.dbh.query<{ id: string; path: string; title: string; artist: string }>(
    'SELECT id, path, title, artist FROM media_tracks WHERE id = $1',
    [next.trackId],
  );
  const r = rows[0]!;
  return {
    track: { ...r, album: null, loudnessLufs: null, durationMs: 180_000 },
    playlistId: next.playlistId,
    queueItemId: null,
  };
}

const ask = async () => {
  const res = await new Client(t.app).request(
    'POST',
    '/api/station/engine/next',
    {},
    { 'x-engine-token': t.app.ctx.station.engineToken },
  );
  expect(res.statusCode).toBe(200);
  return res.json() as { uri: string; crossfade: number };
};

/** The annotations of a request URI, by name. */
const annotations = (uri: string) =>
  Object.fromEntries([...uri.matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]));

beforeAll(async () => {
  t = await createTestApp({ deps: { radioBackend: new ScriptedBackend(), decideNextTrack: decide } });
  admin = await signUpMember(t.app, 'Sound Admin');
});
afterAll(async () => t.close());

describe('the engine hears a track’s cue and fades', () => {
  it('as liq_cue_in, liq_cue_out, liq_fade_in and liq_fade_out, only once set', async () => {
    const [id] = await insertTracks(t.dbh, 1, { prefix: 'Cued' });
    next = { trackId: id!, playlistId: null };
    const plain = annotations((await ask()).uri);
    for (const k of ['liq_cue_in', 'liq_cue_out', 'liq_fade_in', 'liq_fade_out', 'onair_transition'])
      expect(plain).not.toHaveProperty(k);

    const body = { cueIn: 4.25, cueOut: 170, fadeIn: 1.5, fadeOut: 6 };
    expect((await admin.put(`/api/media/tracks/${id}/cue`, body)).statusCode).toBe(200);
    const cued = annotations((await ask()).uri);
    expect(cued).toMatchObject({
      liq_cue_in: '4.25',
      liq_cue_out: '170.00',
      liq_fade_in: '1.50',
      liq_fade_out: '6.00',
      liq_cross_duration: '2.00',
    });
  });
});

describe('the engine hears a playlist’s transition', () => {
  const playlist = async (body: Record<string, unknown>) => {
    const res = await admin.post('/api/media/playlists', { kind: 'rotation', enabled: true, ...body });
    expect(res.statusCode).toBe(201);
    return res.json().playlist as { id: string; transition: string; crossfadeSeconds: number | null };
  };

  it('a playlist’s own crossfade replaces the station’s; none given, the station’s', async () => {
    const [id] = await insertTracks(t.dbh, 1, { prefix: 'Faded' });
    const station = await playlist({ name: 'Station fade' });
    expect(station).toMatchObject({ transition: 'crossfade', crossfadeSeconds: null });
    next = { trackId: id!, playlistId: station.id };
    await writeSetting(t.app.ctx.db, 'media_crossfade_seconds', 3);
    expect(annotations((await ask()).uri).liq_cross_duration).toBe('3.00');

    const long = await playlist({ name: 'Long fade', crossfadeSeconds: 7.5 });
    next = { trackId: id!, playlistId: long.id };
    const answer = await ask();
    expect(annotations(answer.uri).liq_cross_duration).toBe('7.50');
    // The local rotation keeps the station's crossfade.
    expect(answer.crossfade).toBe(3);
    await writeSetting(t.app.ctx.db, 'media_crossfade_seconds', 2);
  });

  it('a jingle is never crossfaded: no crossfade of its own, and marked so the track before it is not either', async () => {
    const [id] = await insertTracks(t.dbh, 1, { prefix: 'Jingle' });
    const jingles = await playlist({ name: 'Jingles', transition: 'jingle', crossfadeSeconds: 4 });
    next = { trackId: id!, playlistId: jingles.id };
    expect(annotations((await ask()).uri)).toMatchObject({
      liq_cross_duration: '0.00',
      onair_transition: 'jingle',
    });
  });

  it('is edited with the playlist, and bad values are refused with a clear message', async () => {
    const p = await playlist({ name: 'Edited fade' });
    const edited = await admin.patch(`/api/media/playlists/${p.id}`, {
      transition: 'jingle',
      crossfadeSeconds: 0,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().playlist).toMatchObject({ transition: 'jingle', crossfadeSeconds: 0 });
    for (const [body, message] of [
      [{ crossfadeSeconds: 11 }, /Crossfade is 0 to 10 seconds/],
      [{ crossfadeSeconds: -1 }, /Crossfade is 0 to 10 seconds/],
      [{ crossfadeSeconds: 'slow' }, /Crossfade must be a number of seconds/],
      [{ transition: 'cut' }, /Transition is a crossfade or a jingle/],
    ] as const) {
      const res = await admin.patch(`/api/media/playlists/${p.id}`, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toMatch(message);
    }
    const back = (await admin.get(`/api/media/playlists/${p.id}`)).json().playlist;
    expect(back).toMatchObject({ transition: 'jingle', crossfadeSeconds: 0 });
    // Back to the station's crossfade.
    const cleared = await admin.patch(`/api/media/playlists/${p.id}`, { crossfadeSeconds: null });
    expect(cleared.json().playlist.crossfadeSeconds).toBeNull();
  });
});
