import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NowPlaying } from '../../../shared/contracts/station';
import { EVENT_TYPES } from '../../../shared/events';
import { type FakeSpotify, startFakeSpotify } from '../../test/fakes/fake-spotify';
import { ScriptedBackend } from '../../test/scripted-backend';
import { openStream } from '../../test/sse-client';
import { createTestApp, type TestApp } from '../../test/test-app';
import { nowPlayingSlot } from './now-playing.service';

let sp: FakeSpotify;
let t: TestApp;
let backend: ScriptedBackend;
let base: string;
beforeAll(async () => {
  sp = await startFakeSpotify({ clientId: 'id', clientSecret: 'secret' });
  sp.addTrack({
    title: 'Harbour Lights',
    artists: ['Marina Vale'],
    album: 'Coastline',
    images: [
      { url: 'https://i.scdn.co/image/big', height: 1000, width: 1000 },
      { url: 'https://i.scdn.co/image/medium', height: 640, width: 640 },
      { url: 'https://i.scdn.co/image/small', height: 64, width: 64 },
    ],
  });
  backend = new ScriptedBackend();
  t = await createTestApp({
    env: {
      SPOTIFY_CLIENT_ID: 'id',
      SPOTIFY_CLIENT_SECRET: 'secret',
      SPOTIFY_API_URL: sp.url,
      SPOTIFY_ACCOUNTS_URL: sp.url,
    },
    deps: { radioBackend: backend },
    listen: true,
  });
  base = t.base;
});
afterAll(async () => {
  await t.close();
  await sp.close();
});

// The backend's play counter only goes up, whatever order the tests run in (an older one is dropped).
let sequence = 0;
const change = (title: string, artist: string) => backend.playTrack(title, artist, ++sequence);

describe('album art', () => {
  it('is looked up once through Spotify (height 300–640) and pushed when it arrives', async () => {
    const s = openStream(base);
    await s.opened;
    await change('Harbour Lights', 'Marina Vale');
    const withArt = await s.waitFor(
      EVENT_TYPES.nowPlayingChanged,
      10_000,
      (e) => (e.data as NowPlaying).nowPlaying?.song.art.startsWith('https://') ?? false,
    );
    expect((withArt.data as NowPlaying).nowPlaying!.song.art).toBe('https://i.scdn.co/image/medium');
    await change('Something Else', 'Nobody Knows');
    await change('Harbour Lights', 'Marina Vale');
    await nowPlayingSlot.of(t.app.ctx).idle();
    // Stored on the song: the second play of it does not search again.
    expect(sp.searches.filter((q) => JSON.stringify(q).includes('Harbour')).length).toBe(1);
    expect(nowPlayingSlot.of(t.app.ctx).snapshot.nowPlaying!.song.art).toBe('https://i.scdn.co/image/medium');
    s.close();
  });

  it('falls back to the station image when Spotify has nothing', async () => {
    await change('Unknown Demo', 'Garage Band');
    await nowPlayingSlot.of(t.app.ctx).idle();
    await new Promise((r) => setTimeout(r, 300));
    expect(nowPlayingSlot.of(t.app.ctx).snapshot.nowPlaying!.song.art).toBe('/station-art.svg');
  });

  it('takes the radio backend’s art only as an http(s) address or a path on this site', async () => {
    const np = nowPlayingSlot.of(t.app.ctx);
    const artOf = async (art: string, n: number) => {
      await backend.playTrack(`Backend Art ${n}`, 'Engine Only', ++sequence, { art });
      await np.idle();
      return np.snapshot.nowPlaying!.song.art;
    };
    expect(await artOf('javascript:alert(document.cookie)', 1)).toBe('/station-art.svg');
    expect(await artOf(' JavaScript:alert(1)', 2)).toBe('/station-art.svg');
    expect(await artOf('data:text/html,<script>alert(1)</script>', 3)).toBe('/station-art.svg');
    expect(await artOf('//evil.example/art.jpg', 4)).toBe('/station-art.svg');
    expect(await artOf('/\\evil.example/art.jpg', 5)).toBe('/station-art.svg');
    expect(await artOf('https://radio.example/art/5.jpg', 6)).toBe('https://radio.example/art/5.jpg');
    expect(await artOf('/api/station/art/7.jpg', 7)).toBe('/api/station/art/7.jpg');
    // The recent history a backend reports is held to the same rule.
    await backend.sink!.historyReported!([
      { title: 'Old One', artist: 'Past', album: null, art: 'javascript:alert(1)', playedAt: new Date() },
      {
        title: 'Old Two',
        artist: 'Past',
        album: null,
        art: 'http://radio.example/2.png',
        playedAt: new Date(),
      },
    ]);
    await np.idle();
    expect(np.snapshot.history.map((h) => h.song.art)).toEqual([
      '/station-art.svg',
      'http://radio.example/2.png',
    ]);
    await new Promise((r) => setTimeout(r, 300)); // the last Spotify look-ups finish before the app closes
  });
});
