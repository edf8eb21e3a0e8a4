import { existsSync, mkdirSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { mkdtemp, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { appForFile } from '../../../test/app-for-file';
import { makeAudio, type Part, partFromFile } from '../../../test/fixtures/media';
import { Client, memberWith, signUpMember, uploadTracks } from '../../../test/test-app';
import { writeSetting } from '../../settings/settings.service';
import { mediaDirOf } from './track-files';
import { STALE_INCOMING_MS, sweepStaleIncoming } from './upload.service';

const t = appForFile({ admin: 'Admin' });
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'onair-audio-'));
});

/** Every file under MEDIA_DIR (the temp folder included). */
function storedFiles(): string[] {
  const root = mediaDirOf(t.app.ctx.config);
  const out: string[] = [];
  const walk = (d: string) => {
    if (!existsSync(d)) return;
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else out.push(p);
    }
  };
  walk(root);
  return out.sort();
}
const trackCount = async () =>
  (await t.dbh.query<{ n: number }>('SELECT count(*)::int AS n FROM media_tracks')).rows[0].n;

describe('uploading tracks', () => {
  it('stores a tagged MP3 with its tags, cover art, duration and loudness, as a song of the library', async () => {
    const file = await makeAudio(dir, 'night.mp3', {
      seconds: 4,
      art: true,
      tags: {
        title: 'Night Shift',
        artist: 'The Upload Band',
        album: 'Streams',
        date: '2019',
        genre: 'Synthpop',
        TSRC: 'GBAYE1900001',
      },
    });
    const res = await uploadTracks(t.admin, [await partFromFile(file)]);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.refused).toEqual([]);
    expect(body.tracks).toHaveLength(1);
    const [tr] = body.tracks;
    expect(tr).toMatchObject({
      title: 'Night Shift',
      artist: 'The Upload Band',
      album: 'Streams',
      hasArt: true,
    });
    expect(tr.durationSeconds).toBeGreaterThan(3.8);
    expect(tr.durationSeconds).toBeLessThan(4.3);

    const { rows } = await t.dbh.query<Record<string, unknown>>(
      `SELECT t.*, s.title AS song_title, s.artist AS song_artist FROM media_tracks t JOIN songs s ON s.id = t.song_id WHERE t.id = $1`,
      [tr.id],
    );
    const row = rows[0];
    expect(row).toMatchObject({
      song_title: 'Night Shift',
      song_artist: 'The Upload Band',
      year: 2019,
      genre: 'Synthpop',
      isrc: 'GBAYE1900001',
      format: 'mp3',
      origin: 'upload',
      file_name: 'night.mp3',
    });
    expect(typeof row.loudness_lufs).toBe('number');
    // Stored under MEDIA_DIR by content, byte for byte.
    const stored = row.path as string;
    expect(stored.startsWith(mediaDirOf(t.app.ctx.config))).toBe(true);
    expect((await readFile(stored)).equals(await readFile(file))).toBe(true);
    // The art is a square 512 px WebP served under /uploads.
    const art = await t.admin.get(row.art_url as string);
    expect(art.statusCode).toBe(200);
    expect(art.headers['content-type']).toBe('image/webp');
  });

  it('takes several formats in one request: AAC/M4A, OGG, Opus, FLAC and WAV', async () => {
    const names = ['a.m4a', 'b.ogg', 'c.opus', 'd.flac', 'e.wav'];
    const parts: Part[] = [];
    for (const [i, n] of names.entries())
      parts.push(
        await partFromFile(
          await makeAudio(dir, n, {
            frequency: 300 + i * 50,
            tags: { title: `Format ${n}`, artist: 'Formats' },
          }),
        ),
      );
    const res = await uploadTracks(t.admin, parts);
    expect(res.statusCode).toBe(201);
    expect(res.json().refused).toEqual([]);
    expect(res.json().tracks.map((x: { title: string }) => x.title)).toEqual(names.map((n) => `Format ${n}`));
    const { rows } = await t.dbh.query<{ format: string }>(
      `SELECT format FROM media_tracks WHERE artist = 'Formats' ORDER BY title`,
    );
    expect(rows.map((r) => r.format)).toEqual(['m4a', 'ogg', 'opus', 'flac', 'wav']);
  }, 120_000);

  it('measures loudness, so a quiet file and a loud one can be played at the same level', async () => {
    const quiet = await makeAudio(dir, 'quiet.wav', {
      volume: 0.05,
      frequency: 500,
      tags: { title: 'Quiet', artist: 'Levels' },
    });
    const loud = await makeAudio(dir, 'loud.wav', {
      volume: 0.5,
      frequency: 500,
      tags: { title: 'Loud', artist: 'Levels' },
    });
    expect(
      (await uploadTracks(t.admin, [await partFromFile(quiet), await partFromFile(loud)])).statusCode,
    ).toBe(201);
    const { rows } = await t.dbh.query<{ title: string; loudness_lufs: number }>(
      `SELECT title, loudness_lufs FROM media_tracks WHERE artist = 'Levels'`,
    );
    const by = Object.fromEntries(rows.map((r) => [r.title, r.loudness_lufs]));
    // Ten times the amplitude is 20 dB.
    expect(by.Loud - by.Quiet).toBeGreaterThan(19);
    expect(by.Loud - by.Quiet).toBeLessThan(21);
  });

  it('names an untagged file after its file name, by "Unknown artist"', async () => {
    const file = await makeAudio(dir, 'Field_Recording 7.mp3', { frequency: 610 });
    const res = await uploadTracks(t.admin, [await partFromFile(file)]);
    expect(res.statusCode).toBe(201);
    expect(res.json().tracks[0]).toMatchObject({
      title: 'Field Recording 7',
      artist: 'Unknown artist',
      album: null,
      hasArt: false,
    });
  });

  it('stores identical content once and answers the track that has it', async () => {
    const file = await makeAudio(dir, 'twice.mp3', {
      frequency: 720,
      tags: { title: 'Twice', artist: 'Echo' },
    });
    const first = await uploadTracks(t.admin, [await partFromFile(file)]);
    const filesBefore = storedFiles();
    const count = await trackCount();
    const again = await uploadTracks(t.admin, [await partFromFile(file, 'renamed copy.mp3')]);
    expect(again.statusCode).toBe(201);
    expect(again.json().tracks[0].id).toBe(first.json().tracks[0].id);
    expect(await trackCount()).toBe(count);
    expect(storedFiles()).toEqual(filesBefore);
  });
});

describe('refused uploads store nothing', () => {
  const cases: [string, () => Promise<Part>, RegExp][] = [
    [
      'a text file named .mp3',
      async () => ({ name: 'notes.mp3', bytes: Buffer.from('just some words\n'.repeat(50)) }),
      /^notes\.mp3: not an audio file/,
    ],
    [
      'a truncated MP3',
      async () => {
        const f = await makeAudio(dir, 'long.mp3', {
          seconds: 20,
          frequency: 830,
          tags: { title: 'Cut', artist: 'Short' },
        });
        const bytes = await readFile(f);
        return { name: 'cut-short.mp3', bytes: bytes.subarray(0, Math.floor(bytes.length / 2)) };
      },
      /^cut-short\.mp3: the audio is damaged or incomplete/,
    ],
    [
      'a zero-byte file',
      async () => ({ name: 'empty.mp3', bytes: Buffer.alloc(0) }),
      /^empty\.mp3: the file is empty/,
    ],
  ];
  for (const [what, make, message] of cases) {
    it(`refuses ${what} with a 400 naming the file`, async () => {
      const before = { files: storedFiles(), count: await trackCount() };
      const res = await uploadTracks(t.admin, [await make()]);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toMatch(message);
      expect(await trackCount()).toBe(before.count);
      expect(storedFiles()).toEqual(before.files);
    });
  }

  it('refuses a file over the size limit of the site settings with a 413 naming the file', async () => {
    await writeSetting(t.app.ctx.db, 'media_upload_max_mb', 1);
    try {
      const big = await makeAudio(dir, 'big.wav', { seconds: 8, frequency: 910 }); // 1.4 MB
      const before = { files: storedFiles(), count: await trackCount() };
      const res = await uploadTracks(t.admin, [await partFromFile(big)]);
      expect(res.statusCode).toBe(413);
      expect(res.json().error.message).toBe('big.wav: larger than the limit of 1 MB per file');
      expect(await trackCount()).toBe(before.count);
      expect(storedFiles()).toEqual(before.files);
    } finally {
      await writeSetting(t.app.ctx.db, 'media_upload_max_mb', 200);
    }
  });

  it('stores the good files of a batch and lists the refused ones', async () => {
    const good = await makeAudio(dir, 'good.mp3', {
      frequency: 1000,
      tags: { title: 'Good One', artist: 'Batch' },
    });
    const res = await uploadTracks(t.admin, [
      await partFromFile(good),
      { name: 'bad.flac', bytes: Buffer.from('nope') },
    ]);
    expect(res.statusCode).toBe(201);
    expect(res.json().tracks.map((x: { title: string }) => x.title)).toEqual(['Good One']);
    expect(res.json().refused).toEqual([
      { file: 'bad.flac', message: expect.stringMatching(/^bad\.flac: not an audio file/) },
    ]);
    expect(readdirSync(path.join(mediaDirOf(t.app.ctx.config), '.incoming'))).toEqual([]);
  });

  it('at start, removes the temp files an upload left when the app died mid-upload (only stale ones)', async () => {
    const incoming = path.join(mediaDirOf(t.app.ctx.config), '.incoming');
    mkdirSync(incoming, { recursive: true });
    const stale = path.join(incoming, 'died-mid-upload.part');
    const fresh = path.join(incoming, 'another-instance-receiving.part');
    writeFileSync(stale, 'half a file');
    writeFileSync(fresh, 'a file arriving now');
    const hourAgo = (Date.now() - STALE_INCOMING_MS - 60_000) / 1000;
    utimesSync(stale, hourAgo, hourAgo);
    expect(await sweepStaleIncoming(t.app.ctx)).toBe(1);
    expect(readdirSync(incoming)).toEqual(['another-instance-receiving.part']);
    rmSync(fresh);
  });

  it('answers 400 for a request without files', async () => {
    const res = await uploadTracks(t.admin, []);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Choose one or more audio files to upload');
  });
});

describe('who may manage the library', () => {
  it('admins and holders of manage_playlists; others get 403, visitors 401', async () => {
    await t.dbh.query(
      `INSERT INTO roles (name, full_name, permissions) VALUES ('music_team', 'Music Team', '["manage_playlists"]'::jsonb) ON CONFLICT (name) DO NOTHING`,
    );
    const team = await memberWith(t, 'user', ['music_team'], 'Music Team Member');
    const presenter = await memberWith(t, 'presenter');
    const plain = await signUpMember(t.app, 'Listener');
    const file = await makeAudio(dir, 'team.mp3', {
      frequency: 1100,
      tags: { title: 'Team Pick', artist: 'Crew' },
    });
    const count = await trackCount();
    for (const m of [presenter, plain]) {
      expect((await uploadTracks(m, [await partFromFile(file)])).statusCode).toBe(403);
      expect((await m.get('/api/media/tracks')).statusCode).toBe(403);
    }
    expect((await uploadTracks(new Client(t.app), [await partFromFile(file)])).statusCode).toBe(401);
    expect(await trackCount()).toBe(count);
    const ok = await uploadTracks(team, [await partFromFile(file)]);
    expect(ok.statusCode).toBe(201);
    expect((await team.get('/api/media/tracks?q=Team%20Pick')).json().total).toBe(1);
    const id = ok.json().tracks[0].id;
    expect((await plain.patch(`/api/media/tracks/${id}`, { title: 'Hijack' })).statusCode).toBe(403);
    expect((await plain.delete(`/api/media/tracks/${id}`)).statusCode).toBe(403);
  });
});
