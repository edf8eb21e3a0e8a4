import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeckTrack } from '../../../../shared/contracts/media';
import { insertTracks, makeAudio } from '../../../test/fixtures/media';
import { createTestApp, type Member, memberWith, signUpMember, type TestApp } from '../../../test/test-app';

/**
 * The web booth's deck: a presenter searches the library's songs and its jingles and IDs, and plays a
 * track's audio through the library's audio route; a plain member gets neither.
 */
let t: TestApp;
let presenter: Member;
let member: Member;
let songId: string;
let jingleId: string;

beforeAll(async () => {
  t = await createTestApp();
  await signUpMember(t.app, 'Deck Admin');
  presenter = await memberWith(t, 'presenter', [], 'Deck Presenter');
  member = await memberWith(t, 'user', [], 'Deck Member');
  [songId] = await insertTracks(t.dbh, 1, { prefix: 'Moonlight Drive' });
  const [, other] = await insertTracks(t.dbh, 2, { prefix: 'Sunrise' });
  [jingleId] = await insertTracks(t.dbh, 1, { prefix: 'Station Ident', durationMs: 4_000 });
  // The ident is in an hourly ID playlist; a sweeper-less jingle playlist holds one Sunrise track too.
  const { rows } = await t.dbh.query<{ id: string }>(
    `INSERT INTO media_playlists (name, kind, minute) VALUES ('IDs', 'hourly_at', 0),
       ('Stings', 'rotation', null) RETURNING id`,
  );
  await t.dbh.query(`UPDATE media_playlists SET transition = 'jingle' WHERE id = $1`, [rows[1].id]);
  await t.dbh.query(`INSERT INTO media_playlist_tracks (playlist_id, track_id) VALUES ($1, $2), ($3, $4)`, [
    rows[0].id,
    jingleId,
    rows[1].id,
    other,
  ]);
  // The song's file on disk, as the library keeps it.
  const file = await makeAudio(mkdtempSync(path.join(os.tmpdir(), 'onair-deck-')), 'moon.mp3', {
    seconds: 2,
  });
  await t.dbh.query('UPDATE media_tracks SET path = $1 WHERE id = $2', [file, songId]);
}, 60_000);
afterAll(async () => t?.close());

const titles = (tracks: DeckTrack[]) => tracks.map((x) => x.title);

describe('the booth deck', () => {
  it('finds songs by title or artist, case-insensitively, without the jingles', async () => {
    const byTitle = await presenter.get('/api/media/deck?q=moonlight');
    expect(byTitle.statusCode).toBe(200);
    expect(byTitle.json().tracks).toEqual([
      {
        id: songId,
        title: 'Moonlight Drive 1',
        artist: 'Moonlight Drive artist 0',
        durationSeconds: 180,
        jingle: false,
      },
    ]);
    const byArtist = await presenter.get('/api/media/deck?q=SUNRISE%20artist');
    expect(titles(byArtist.json().tracks)).toEqual(['Sunrise 1']);
    const all = await presenter.get('/api/media/deck');
    expect(titles(all.json().tracks)).toEqual(['Moonlight Drive 1', 'Sunrise 1']);
  });

  it('lists jingles and IDs on their own: an hourly ID playlist, a jingle-transition playlist', async () => {
    const res = await presenter.get('/api/media/deck?kind=jingles');
    expect(titles(res.json().tracks)).toEqual(['Station Ident 1', 'Sunrise 2']);
    expect(res.json().tracks.every((x: DeckTrack) => x.jingle)).toBe(true);
    expect(titles((await presenter.get('/api/media/deck?kind=jingles&q=ident')).json().tracks)).toEqual([
      'Station Ident 1',
    ]);
  });

  it('refuses a bad kind or search with a 400', async () => {
    expect((await presenter.get('/api/media/deck?kind=ads')).statusCode).toBe(400);
    expect((await presenter.get(`/api/media/deck?q=${'x'.repeat(101)}`)).statusCode).toBe(400);
  });

  it('lets the presenter play a library track, with ranges, and refuses a plain member', async () => {
    const whole = await presenter.get(`/api/media/tracks/${songId}/audio`);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('audio/mpeg');
    const part = await presenter.get(`/api/media/tracks/${songId}/audio`, { range: 'bytes=0-99' });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.length).toBe(100);

    expect((await member.get(`/api/media/tracks/${songId}/audio`)).statusCode).toBe(403);
    expect((await member.get('/api/media/deck?q=moon')).statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/media/tracks/${songId}/audio` });
    expect(anonymous.statusCode).toBe(401);
  });
});
