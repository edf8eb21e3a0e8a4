import { existsSync } from 'node:fs';
import { mkdtemp, readFile, utimes } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAudio, multipartBody, type Part, partFromFile } from '../../../test/fixtures/media';
import { autodjTrack } from '../../../test/scripted-backend';
import { createTestApp, type Member, signUpMember, TEST_ORIGIN, type TestApp } from '../../../test/test-app';
import { nowPlayingSlot } from '../../station/now-playing.service';
import { ALL_MUSIC_PLAYLIST, importMusicFolder, inAllMusic } from './import.service';

let t: TestApp;
let admin: Member;
let dir: string;
let musicDir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'onair-audio-'));
  musicDir = await mkdtemp(path.join(os.tmpdir(), 'onair-music-'));
  t = await createTestApp({ env: { MUSIC_DIR: musicDir } });
  admin = await signUpMember(t.app, 'Admin');
});
afterAll(async () => t.close());

const send = (method: 'POST' | 'PUT', url: string, parts: Part[]) => {
  const { body, contentType } = multipartBody(parts);
  return t.app.inject({
    method,
    url,
    headers: { origin: TEST_ORIGIN, cookie: admin.cookie, 'content-type': contentType },
    payload: body,
  });
};

/** Library rows straight in the database (songs and tracks), as many as a list test needs. */
async function seedTracks(n: number, prefix: string) {
  await t.dbh.query(
    `WITH s AS (
       INSERT INTO songs (title, artist) SELECT $1 || ' ' || lpad(i::text, 4, '0'), 'Seeder ' || (i % 7) FROM generate_series(1, $2) i
       ON CONFLICT DO NOTHING RETURNING id, title, artist)
     INSERT INTO media_tracks (song_id, path, content_hash, file_name, format, size_bytes, title, artist, album, duration_ms)
     SELECT id, '/nowhere/' || id, md5(id::text), title || '.mp3', 'mp3', 1000, title, artist,
            CASE WHEN right(title, 1) = '3' THEN 'Third Album' ELSE NULL END,
            (right(title, 3)::int * 1000) FROM s`,
    [prefix, n],
  );
}

describe('the library list', () => {
  it('searches title, artist and album, sorts and pages', async () => {
    await seedTracks(120, 'Listed');
    const all = (await admin.get('/api/media/tracks?q=listed&sort=title&page=1')).json();
    expect(all.total).toBe(120);
    expect(all.tracks).toHaveLength(50);
    expect(all.tracks[0].title).toBe('Listed 0001');
    const page3 = (await admin.get('/api/media/tracks?q=listed&sort=title&page=3')).json();
    expect(page3.tracks.map((x: { title: string }) => x.title)).toEqual(
      Array.from({ length: 20 }, (_, i) => `Listed ${String(101 + i).padStart(4, '0')}`),
    );
    const past = (await admin.get('/api/media/tracks?q=listed&page=9')).json();
    expect(past).toEqual({ tracks: [], total: 120 });
    const desc = (await admin.get('/api/media/tracks?q=listed&sort=duration&dir=desc&pageSize=3')).json();
    expect(desc.tracks.map((x: { durationSeconds: number }) => x.durationSeconds)).toEqual([120, 119, 118]);
    const byArtist = (await admin.get('/api/media/tracks?q=seeder%203')).json();
    expect(byArtist.total).toBe(17);
    const byAlbum = (await admin.get('/api/media/tracks?q=third%20album')).json();
    expect(byAlbum.total).toBe(12);
    expect((await admin.get('/api/media/tracks?q=%25')).json().total).toBe(0);
    expect((await admin.get('/api/media/tracks?sort=loudest')).statusCode).toBe(400);
  });
});

describe('editing and deleting', () => {
  it('PATCH relinks the track to the song its new title and artist name', async () => {
    const file = await makeAudio(dir, 'typo.mp3', {
      frequency: 330,
      tags: { title: 'Hello Wrold', artist: 'Typo' },
    });
    const up = (await send('POST', '/api/media/tracks', [await partFromFile(file)])).json().tracks[0];
    await t.dbh.query(
      `INSERT INTO songs (title, artist) VALUES ('Hello World', 'Typo') ON CONFLICT DO NOTHING`,
    );
    const res = await admin.patch(`/api/media/tracks/${up.id}`, { title: 'hello world', album: 'Fixed' });
    expect(res.statusCode).toBe(200);
    expect(res.json().track).toMatchObject({ title: 'hello world', artist: 'Typo', album: 'Fixed' });
    const { rows } = await t.dbh.query<{ song_title: string }>(
      `SELECT s.title AS song_title FROM media_tracks t JOIN songs s ON s.id = t.song_id WHERE t.id = $1`,
      [up.id],
    );
    // The existing song (same title and artist, any case) is the track's song now.
    expect(rows[0].song_title).toBe('Hello World');
    expect((await admin.patch(`/api/media/tracks/${up.id}`, { title: '  ' })).statusCode).toBe(400);
    expect((await admin.patch(`/api/media/tracks/${up.id}`, { path: '/etc/passwd' })).statusCode).toBe(400);
    expect(
      (await admin.patch('/api/media/tracks/00000000-0000-4000-8000-000000000000', { title: 'X' }))
        .statusCode,
    ).toBe(404);
  });

  it('replaces the cover art with a picture, and refuses what is not one', async () => {
    const file = await makeAudio(dir, 'bare.mp3', {
      frequency: 350,
      tags: { title: 'Bare', artist: 'Art Less' },
    });
    const up = (await send('POST', '/api/media/tracks', [await partFromFile(file)])).json().tracks[0];
    expect(up.hasArt).toBe(false);
    const png = await import('sharp').then(({ default: sharp }) =>
      sharp({ create: { width: 40, height: 30, channels: 3, background: '#36c' } })
        .png()
        .toBuffer(),
    );
    const res = await send('PUT', `/api/media/tracks/${up.id}/art`, [
      { name: 'cover.png', bytes: png, type: 'image/png' },
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json().track.hasArt).toBe(true);
    expect((await admin.get(res.json().track.artUrl)).headers['content-type']).toBe('image/webp');
    const bad = await send('PUT', `/api/media/tracks/${up.id}/art`, [
      { name: 'cover.png', bytes: Buffer.from('no') },
    ]);
    expect(bad.statusCode).toBe(400);
  });

  it('DELETE removes the row and the file', async () => {
    const file = await makeAudio(dir, 'gone.mp3', {
      frequency: 370,
      tags: { title: 'Soon Gone', artist: 'Deleter' },
    });
    const up = (await send('POST', '/api/media/tracks', [await partFromFile(file)])).json().tracks[0];
    const { rows } = await t.dbh.query<{ path: string }>('SELECT path FROM media_tracks WHERE id = $1', [
      up.id,
    ]);
    expect(existsSync(rows[0].path)).toBe(true);
    expect((await admin.delete(`/api/media/tracks/${up.id}`)).json()).toEqual({
      deleted: true,
      removeAfterAir: false,
    });
    expect(existsSync(rows[0].path)).toBe(false);
    expect((await admin.get('/api/media/tracks?q=Soon%20Gone')).json().total).toBe(0);
    expect((await admin.delete(`/api/media/tracks/${up.id}`)).statusCode).toBe(404);
  });

  it('a track on air is removed once the next one starts', async () => {
    const file = await makeAudio(dir, 'onair.mp3', {
      frequency: 390,
      tags: { title: 'On Air Now', artist: 'Live Wire' },
    });
    const up = (await send('POST', '/api/media/tracks', [await partFromFile(file)])).json().tracks[0];
    const np = nowPlayingSlot.of(t.app.ctx);
    const change = (title: string, artist: string, sequence: number) =>
      np.trackChanged(autodjTrack(title, artist, sequence));
    await change('On Air Now', 'Live Wire', 1);
    const res = await admin.delete(`/api/media/tracks/${up.id}`);
    expect(res.json()).toEqual({ deleted: false, removeAfterAir: true });
    expect((await admin.get('/api/media/tracks?q=On%20Air%20Now')).json().tracks[0].removeAfterAir).toBe(
      true,
    );
    await change('Something Else', 'Next Up', 2);
    await expect
      .poll(async () => (await admin.get('/api/media/tracks?q=On%20Air%20Now')).json().total)
      .toBe(0);
  });
});

describe('the music folder', () => {
  it('imports MUSIC_DIR in place into the enabled rotation playlist "All music", once', async () => {
    const a = await makeAudio(musicDir, 'Old Favourite.mp3', {
      frequency: 410,
      tags: { title: 'Old Favourite', artist: 'Before Upgrade' },
    });
    const b = await makeAudio(path.join(musicDir, 'sub'), 'deep.flac', {
      frequency: 430,
      tags: { title: 'Deep Cut', artist: 'Before Upgrade' },
    });
    const junk = path.join(musicDir, 'broken.mp3');
    await import('node:fs/promises').then((fs) => fs.writeFile(junk, 'not audio'));
    const past = new Date(Date.now() - 60_000);
    for (const f of [a, b, junk]) await utimes(f, past, past);

    const first = await importMusicFolder(t.app.ctx);
    expect(first).toMatchObject({ imported: 2, removed: 0 });
    expect(first.refused).toEqual([
      { file: 'broken.mp3', message: expect.stringMatching(/^broken\.mp3: not an audio file/) },
    ]);
    const { rows } = await t.dbh.query<{ id: string; path: string; origin: string }>(
      `SELECT id, path, origin FROM media_tracks WHERE artist = 'Before Upgrade' ORDER BY title`,
    );
    expect(rows.map((r) => [r.path, r.origin])).toEqual([
      [b, 'folder'],
      [a, 'folder'],
    ]);
    for (const r of rows) expect(await inAllMusic(t.app.ctx, r.id)).toBe(true);
    const { rows: pl } = await t.dbh.query(`SELECT kind, enabled FROM media_playlists WHERE name = $1`, [
      ALL_MUSIC_PLAYLIST,
    ]);
    expect(pl).toEqual([{ kind: 'rotation', enabled: true }]);
    // The files stay where they are.
    expect((await readFile(a)).length).toBeGreaterThan(0);

    const again = await importMusicFolder(t.app.ctx);
    expect(again).toMatchObject({ imported: 0, known: 2, removed: 0 });
    expect(
      (await t.dbh.query(`SELECT 1 FROM media_tracks WHERE artist = 'Before Upgrade'`)).rows,
    ).toHaveLength(2);

    // A file removed from the folder leaves the library; the folder file itself is never deleted by us.
    await import('node:fs/promises').then((fs) => fs.rm(b));
    expect(await importMusicFolder(t.app.ctx)).toMatchObject({ removed: 1 });
    expect(
      (await t.dbh.query(`SELECT 1 FROM media_tracks WHERE artist = 'Before Upgrade'`)).rows,
    ).toHaveLength(1);
    expect(existsSync(a)).toBe(true);

    // A folder found empty (a mount missing, another instance's empty folder) takes nothing away.
    const fs = await import('node:fs/promises');
    await fs.rename(a, `${musicDir}-away.mp3`);
    await fs.rm(junk);
    expect(await importMusicFolder(t.app.ctx)).toMatchObject({ imported: 0, removed: 0 });
    expect(
      (await t.dbh.query(`SELECT 1 FROM media_tracks WHERE artist = 'Before Upgrade'`)).rows,
    ).toHaveLength(1);
    await fs.rename(`${musicDir}-away.mp3`, a);
  });
});
