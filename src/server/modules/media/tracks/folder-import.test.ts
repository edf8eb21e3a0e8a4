import { mkdtemp, readFile, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FolderImportStatus } from '../../../../shared/contracts/media';
import { makeAudio, putNulInTags } from '../../../test/fixtures/media';
import { createTestApp, type Member, signUpMember, type TestApp, uploadTracks } from '../../../test/test-app';

/**
 * Files whose tags hold NUL (taggers write lists "A\0B"), control characters or bidi overrides, and a
 * damaged file in the music folder: the folder import (built-in engine, not started) takes the good ones
 * with clean tags at its look, lists the bad one with its reason for the admin, and never stops; an
 * upload with such tags is stored the same way.
 */
let t: TestApp;
let admin: Member;
let musicDir: string;
let audioDir: string;

beforeAll(async () => {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'onair-folder-'));
  musicDir = path.join(dataDir, 'music');
  audioDir = await mkdtemp(path.join(os.tmpdir(), 'onair-audio-'));
  // In the folder before the app starts, as on a station that upgrades.
  const nul = await makeAudio(musicDir, 'a-listed.flac', {
    seconds: 2,
    tags: { title: 'First|Second', artist: 'Nul|Band', album: '\u202Eevil album' },
  });
  await putNulInTags(nul, 'First|Second');
  await putNulInTags(nul, 'Nul|Band');
  const good = await makeAudio(musicDir, 'b-good.flac', {
    seconds: 2,
    frequency: 550,
    tags: { title: 'Plain Song', artist: 'Good Band' },
  });
  const whole = await makeAudio(musicDir, 'c-broken.flac', { seconds: 8, frequency: 660 });
  const bytes = await readFile(whole);
  await writeFile(whole, bytes.subarray(0, Math.floor(bytes.length / 3))); // cut off mid-copy
  const past = new Date(Date.now() - 60_000);
  for (const f of [nul, good, whole]) await utimes(f, past, past);
  t = await createTestApp({
    env: { RADIO_BACKEND: 'builtin', DATA_DIR: dataDir, MUSIC_DIR: musicDir },
    deps: { startRadio: false },
  });
  admin = await signUpMember(t.app, 'Folder Admin');
});
afterAll(async () => t?.close());

const tracksBy = async (artist: string) =>
  (
    await t.dbh.query<{ title: string; artist: string; album: string | null }>(
      'SELECT title, artist, album FROM media_tracks WHERE artist = $1',
      [artist],
    )
  ).rows;

describe('the music folder with bad tags and a damaged file', () => {
  it('imports the good files with clean tags and lists the damaged one for the admin', async () => {
    let status: FolderImportStatus = { lastLookAt: null, skipped: [] };
    await vi.waitFor(
      async () => {
        const res = await admin.get('/api/media/folder-import');
        expect(res.statusCode).toBe(200);
        status = res.json();
        expect(status.lastLookAt).not.toBeNull();
      },
      { timeout: 90_000, interval: 250 },
    );
    expect(await tracksBy('Good Band')).toEqual([{ title: 'Plain Song', artist: 'Good Band', album: null }]);
    expect(await tracksBy('Nul; Band')).toEqual([
      { title: 'First; Second', artist: 'Nul; Band', album: 'evil album' },
    ]);
    expect(status.skipped).toEqual([
      { file: 'c-broken.flac', reason: 'c-broken.flac: the audio is damaged or incomplete' },
    ]);
    // Members without the media rights do not see it.
    const member = await signUpMember(t.app, 'Just A Listener');
    expect((await member.get('/api/media/folder-import')).statusCode).toBe(403);
  });
});

describe('an upload with NUL in its tags and its file name', () => {
  it('is stored with clean tags, not a 500', async () => {
    const file = await makeAudio(audioDir, 'up.flac', {
      seconds: 2,
      frequency: 770,
      tags: { title: 'Up|Loaded', artist: 'Upload|Band', genre: 'Pop|Rock' },
    });
    await putNulInTags(file, 'Up|Loaded');
    await putNulInTags(file, 'Upload|Band');
    await putNulInTags(file, 'Pop|Rock');
    const res = await uploadTracks(admin, [
      { name: 'tricky\u0001\u202Ename.flac', bytes: await readFile(file) },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().tracks).toMatchObject([{ title: 'Up; Loaded', artist: 'Upload; Band' }]);
    const { rows } = await t.dbh.query<{ file_name: string; genre: string }>(
      `SELECT file_name, genre FROM media_tracks WHERE artist = 'Upload; Band'`,
    );
    expect(rows).toEqual([{ file_name: 'trickyname.flac', genre: 'Pop; Rock' }]);
  });
});

describe('the system log', () => {
  it('stores a warning whose text holds NUL, without it', async () => {
    t.app.log.warn({ component: 'media', tag: 'A\u0000B' }, 'media: a tag "A\u0000B" could not be read');
    await vi.waitFor(
      async () => {
        const { rows } = await t.dbh.query<{ message: string }>(
          `SELECT message FROM system_logs WHERE component = 'media' AND message LIKE '%could not be read'`,
        );
        expect(rows).toEqual([{ message: 'media: a tag "AB" could not be read' }]);
      },
      { timeout: 30_000, interval: 250 },
    );
  });
});
