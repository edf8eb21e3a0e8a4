import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NowPlaying } from '../../../shared/contracts/station';
import { makeAudio, partFromFile } from '../../test/fixtures/media';
import type { ScriptedBackend } from '../../test/scripted-backend';
import { createScriptedApp, type Member, type TestApp, uploadTracks } from '../../test/test-app';
import { nowPlayingSlot } from './now-playing.service';
import { DEFAULT_ART } from './station-art';

let t: TestApp;
let backend: ScriptedBackend;
let admin: Member;
let dir: string;
beforeAll(async () => {
  ({ t, backend, admin } = await createScriptedApp({ startBackend: true }));
  dir = await mkdtemp(path.join(os.tmpdir(), 'onair-on-air-'));
});
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

/** Uploads a tagged MP3 with embedded cover art through the library's API; answers the new track. */
async function uploadTagged(name: string, tags: Record<string, string>) {
  const file = await makeAudio(dir, name, { seconds: 2, art: true, tags });
  const res = await uploadTracks(admin, [await partFromFile(file)]);
  expect(res.statusCode).toBe(201);
  const [track] = res.json().tracks as { id: string; album: string; hasArt: boolean }[];
  expect(track).toMatchObject({ album: tags.album, hasArt: true });
  const [row] = (
    await t.dbh.query<{ art_url: string }>('SELECT art_url FROM media_tracks WHERE id = $1', [track.id])
  ).rows;
  return { id: track.id, artUrl: row.art_url };
}

let sequence = 0;
const nowPlaying = async () => {
  await nowPlayingSlot.of(t.app.ctx).idle();
  const res = await admin.get('/api/now-playing');
  expect(res.statusCode).toBe(200);
  return res.json() as NowPlaying;
};

describe('now playing a library track', () => {
  it('shows the track’s own album and cover art when the app chose it', async () => {
    const track = await uploadTagged('lighthouse.mp3', {
      title: 'Lighthouse Keeper',
      artist: 'The Tidewaters',
      album: 'Salt and Signal',
    });
    expect(track.artUrl).toMatch(/^\/uploads\//);
    // What the built-in engine reports for a track the app chose: its tags and the library id.
    await backend.playTrack('Lighthouse Keeper', 'The Tidewaters', ++sequence, {
      album: 'Salt and Signal',
      mediaTrackId: track.id,
    });
    const np = await nowPlaying();
    expect(np.nowPlaying?.song).toMatchObject({
      title: 'Lighthouse Keeper',
      album: 'Salt and Signal',
      art: track.artUrl,
    });
    // The art is served.
    expect((await admin.get(track.artUrl)).statusCode).toBe(200);
  });

  it('shows them for a library file the engine played on its own (no library id), and keeps them in the history', async () => {
    const track = await uploadTagged('harbour.mp3', {
      title: 'Harbour Wall',
      artist: 'The Tidewaters',
      album: 'Breakwater',
    });
    await backend.playTrack('Harbour Wall', 'The Tidewaters', ++sequence, { album: 'Breakwater' });
    const np = await nowPlaying();
    expect(np.nowPlaying?.song).toMatchObject({ album: 'Breakwater', art: track.artUrl });
    expect(np.history[0]?.song).toMatchObject({ title: 'Lighthouse Keeper', album: 'Salt and Signal' });
    expect(np.history[0]?.song.art).not.toBe(DEFAULT_ART);
  });

  it('keeps the station image for a song that is not in the library', async () => {
    await backend.playTrack('Not Uploaded', 'Somebody Else', ++sequence);
    const np = await nowPlaying();
    expect(np.nowPlaying?.song).toMatchObject({ album: null, art: DEFAULT_ART });
  });

  it('shows them again after a restart (the history read back from the plays)', async () => {
    const reloaded = nowPlayingSlot.of(t.app.ctx);
    await reloaded.init();
    const songs = [reloaded.snapshot.nowPlaying?.song, ...reloaded.snapshot.history.map((h) => h.song)];
    const keeper = songs.find((s) => s?.title === 'Lighthouse Keeper');
    expect(keeper).toMatchObject({ album: 'Salt and Signal' });
    expect(keeper?.art).toMatch(/^\/uploads\//);
    const harbour = songs.find((s) => s?.title === 'Harbour Wall');
    expect(harbour).toMatchObject({ album: 'Breakwater' });
    expect(harbour?.art).toMatch(/^\/uploads\//);
  });
});
