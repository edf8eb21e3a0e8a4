import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTracks, makeAudio, partFromFile } from '../../../test/fixtures/media';
import { createTestApp, type Member, signUpMember, type TestApp, uploadTracks } from '../../../test/test-app';

let t: TestApp;
let admin: Member;
let member: Member;
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'onair-library-'));
  t = await createTestApp();
  admin = await signUpMember(t.app, 'Library Admin');
  member = await signUpMember(t.app, 'Plain Member');
});
afterAll(async () => t.close());

type Listed = { id: string; artist: string; album: string | null; genre: string | null; playlists: unknown };
const listed = async (q: string): Promise<Listed[]> =>
  (await admin.get(`/api/media/tracks?q=${encodeURIComponent(q)}&sort=title&pageSize=200`)).json().tracks;
const auditRows = async () =>
  (
    await t.dbh.query<{ summary: string; before: unknown; after: { trackIds: string[] } }>(
      `SELECT summary, before, after FROM staff_actions WHERE action = 'track.bulk_edit' ORDER BY created_at`,
    )
  ).rows;

describe('the library list', () => {
  it('names the playlists each track is in', async () => {
    const [a, b] = await insertTracks(t.dbh, 2, { prefix: 'Member of' });
    const make = async (name: string, trackIds: string[]) => {
      const made = await admin.post('/api/media/playlists', {
        name,
        kind: 'rotation',
        weight: 3,
        enabled: true,
      });
      expect(made.statusCode).toBe(201);
      const p = made.json().playlist;
      expect((await admin.put(`/api/media/playlists/${p.id}/tracks`, { trackIds })).statusCode).toBe(200);
      return p.id as string;
    };
    const day = await make('Daytime', [a, b]);
    const late = await make('Late night', [a]);
    const rows = await listed('Member of');
    expect(rows.find((r) => r.id === a)?.playlists).toEqual([
      { id: day, name: 'Daytime' },
      { id: late, name: 'Late night' },
    ]);
    expect(rows.find((r) => r.id === b)?.playlists).toEqual([{ id: day, name: 'Daytime' }]);
  });
});

describe('editing a track’s year, genre and ISRC', () => {
  it('saves them, the ISRC written as people do (hyphens, lower case) stored bare', async () => {
    const [id] = await insertTracks(t.dbh, 1, { prefix: 'Tagged' });
    const res = await admin.patch(`/api/media/tracks/${id}`, {
      year: 1983,
      genre: 'Synth-pop',
      isrc: 'gb-aaa-83-00001',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().track).toMatchObject({ year: 1983, genre: 'Synth-pop', isrc: 'GBAAA8300001' });
    const cleared = await admin.patch(`/api/media/tracks/${id}`, { year: null, genre: '', isrc: '' });
    expect(cleared.json().track).toMatchObject({ year: null, genre: null, isrc: null });
  });

  it.each([
    [{ year: 83 }, /Year must be between 1000 and 2100/],
    [{ year: 1983.5 }, /whole number/],
    [{ isrc: 'not an isrc' }, /An ISRC is 12 characters/],
    [{ genre: 'g'.repeat(101) }, /Genre is at most 100 characters/],
  ])('refuses %j with a clear 400 and changes nothing', async (body, message) => {
    const [id] = await insertTracks(t.dbh, 1, { prefix: `Refused ${JSON.stringify(body).length}` });
    const res = await admin.patch(`/api/media/tracks/${id}`, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(message);
    const { rows } = await t.dbh.query(`SELECT year, genre, isrc FROM media_tracks WHERE id = $1`, [id]);
    expect(rows[0]).toEqual({ year: null, genre: null, isrc: null });
  });
});

describe('bulk edit of artist, album and genre', () => {
  it('sets the fields given on every selected track, with one audit entry', async () => {
    const ids = await insertTracks(t.dbh, 3, { prefix: 'Bulk one' });
    const before = (await auditRows()).length;
    const res = await admin.post('/api/media/tracks/bulk-edit', {
      trackIds: ids,
      artist: 'New Order',
      album: 'Power, Corruption & Lies',
      genre: 'Synth-pop',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ updated: 3 });
    const rows = await listed('Bulk one');
    expect(rows.map((r) => [r.artist, r.album, r.genre])).toEqual(
      Array(3).fill(['New Order', 'Power, Corruption & Lies', 'Synth-pop']),
    );
    // Each track now counts for the song of its title by the new artist.
    const songs = await t.dbh.query(
      `SELECT s.artist FROM media_tracks m JOIN songs s ON s.id = m.song_id WHERE m.id = ANY($1::uuid[])`,
      [ids],
    );
    expect(songs.rows.map((r) => r.artist)).toEqual(['New Order', 'New Order', 'New Order']);
    const audit = await auditRows();
    expect(audit).toHaveLength(before + 1);
    expect(audit.at(-1)?.summary).toBe(
      'Set artist “New Order”, album “Power, Corruption & Lies”, genre “Synth-pop” on 3 library tracks',
    );
    expect(audit.at(-1)?.after.trackIds.sort()).toEqual([...ids].sort());
  });

  it('leaves the fields not given as they were', async () => {
    const ids = await insertTracks(t.dbh, 2, { prefix: 'Bulk two' });
    await t.dbh.query(`UPDATE media_tracks SET album = 'Kept' WHERE id = ANY($1::uuid[])`, [ids]);
    expect(
      (await admin.post('/api/media/tracks/bulk-edit', { trackIds: ids, genre: 'Jazz' })).statusCode,
    ).toBe(200);
    const rows = await listed('Bulk two');
    expect(rows.map((r) => [r.artist, r.album, r.genre])).toEqual([
      ['Bulk two artist 1', 'Kept', 'Jazz'],
      ['Bulk two artist 0', 'Kept', 'Jazz'],
    ]);
  });

  it.each([
    [{ trackIds: [], genre: 'x' }, 400, /Select at least one track/],
    [{ genre: 'x' }, 400, /./],
    [{ trackIds: ['00000000-0000-4000-8000-000000000000'] }, 400, /Give an artist, an album or a genre/],
    [{ trackIds: ['nope'], genre: 'x' }, 400, /Track not found/],
    [{ trackIds: ['00000000-0000-4000-8000-000000000000'], artist: '  ' }, 400, /Artist cannot be empty/],
  ])('refuses %j (%i) and changes nothing', async (body, status, message) => {
    const before = (await auditRows()).length;
    const res = await admin.post('/api/media/tracks/bulk-edit', body);
    expect(res.statusCode).toBe(status);
    expect(res.json().error.message).toMatch(message);
    expect(await auditRows()).toHaveLength(before);
  });

  it('refuses the whole edit (404) when one selected track is not in the library', async () => {
    const ids = await insertTracks(t.dbh, 2, { prefix: 'Bulk three' });
    const res = await admin.post('/api/media/tracks/bulk-edit', {
      trackIds: [...ids, '00000000-0000-4000-8000-000000000000'],
      genre: 'Changed',
    });
    expect(res.statusCode).toBe(404);
    expect((await listed('Bulk three')).map((r) => r.genre)).toEqual([null, null]);
  });

  it('is for staff who manage the media library only', async () => {
    const ids = await insertTracks(t.dbh, 1, { prefix: 'Bulk four' });
    expect((await member.post('/api/media/tracks/bulk-edit', { trackIds: ids, genre: 'x' })).statusCode).toBe(
      403,
    );
  });
});

describe('the preview player’s audio', () => {
  it('serves the track’s file with HTTP Range, to staff only', async () => {
    const file = await makeAudio(dir, 'preview.mp3', {
      seconds: 2,
      tags: { title: 'Preview me', artist: 'P' },
    });
    const up = await uploadTracks(admin, [await partFromFile(file)]);
    const id = up.json().tracks[0].id as string;
    const url = `/api/media/tracks/${id}/audio`;
    const whole = await t.app.inject({ url, headers: { cookie: admin.cookie } });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('audio/mpeg');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    const size = whole.rawPayload.length;
    expect(size).toBeGreaterThan(1000);
    const part = await t.app.inject({ url, headers: { cookie: admin.cookie, range: 'bytes=100-199' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${size}`);
    expect(part.rawPayload).toEqual(whole.rawPayload.subarray(100, 200));
    const past = await t.app.inject({ url, headers: { cookie: admin.cookie, range: `bytes=${size}-` } });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${size}`);
    expect((await t.app.inject({ url, headers: { cookie: member.cookie } })).statusCode).toBe(403);
    expect((await t.app.inject({ url })).statusCode).toBe(401);
  });

  it('answers 404 for a track whose file is gone', async () => {
    const [id] = await insertTracks(t.dbh, 1, { prefix: 'No file' });
    const res = await t.app.inject({
      url: `/api/media/tracks/${id}/audio`,
      headers: { cookie: admin.cookie },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe('The track’s audio file is missing');
  });
});
