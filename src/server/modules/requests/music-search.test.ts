import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { MUSIC_TEXTS } from '../../../shared/texts/requests';
import { appForFile } from '../../test/app-for-file';
import { type FakeSpotify, startFakeSpotify } from '../../test/fakes/fake-spotify';
import { Client } from '../../test/test-app';

let sp: FakeSpotify;
beforeAll(async () => {
  sp = await startFakeSpotify({ clientId: 'id', clientSecret: 'secret' });
  sp.addTrack({ title: 'Under Pressure', artists: ['Queen', 'David Bowie'], album: 'Hot Space', images: [] });
});
afterAll(async () => sp.close());
const t = appForFile({
  env: () => ({
    SPOTIFY_CLIENT_ID: 'id',
    SPOTIFY_CLIENT_SECRET: 'secret',
    SPOTIFY_API_URL: sp.url,
    SPOTIFY_ACCOUNTS_URL: sp.url,
  }),
});

describe('music search with Spotify', () => {
  it('answers from Spotify with several artists joined by a comma', async () => {
    const res = (await new Client(t.app).get('/api/music/search?q=pressure')).json();
    expect(res.source).toBe('spotify');
    expect(res.results[0]).toMatchObject({
      title: 'Under Pressure',
      artist: 'Queen, David Bowie',
      album: 'Hot Space',
    });
    expect(sp.searches.at(-1)).toMatchObject({ limit: 10 });
  });

  it('falls back to the library with the exact error text when Spotify fails', async () => {
    sp.rateLimit(30, 5);
    onTestFinished(() => sp.rateLimit(0, 0)); // Spotify answers again for the tests that follow
    const res = (await new Client(t.app).get('/api/music/search?q=pressure')).json();
    expect(res).toMatchObject({ source: 'library', notice: MUSIC_TEXTS.spotifyFailed });
  });
});
