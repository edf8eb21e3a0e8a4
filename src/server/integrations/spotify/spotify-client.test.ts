import { afterEach, describe, expect, it } from 'vitest';
import { type FakeSpotify, startFakeSpotify } from '../../test/fakes/fake-spotify';
import { createTestLogger } from '../../test/fakes/test-logger';
import { pickAlbumArt, SpotifyClient, type SpotifyClientOptions, SpotifyError } from './spotify-client';

let sp: FakeSpotify | null = null;
afterEach(async () => {
  await sp?.close();
  sp = null;
});

const img = (height: number | null, name = String(height)) => ({
  url: `https://i.scdn.co/${name}`,
  height,
  width: height,
});

async function setup(opts: Partial<SpotifyClientOptions> = {}) {
  sp = await startFakeSpotify({ clientId: 'my-id', clientSecret: 'my-secret' });
  const client = new SpotifyClient({
    clientId: 'my-id',
    clientSecret: 'my-secret',
    apiUrl: sp.url,
    accountsUrl: sp.url,
    log: createTestLogger(),
    ...opts,
  });
  return { sp, client };
}

async function spotifyError(p: Promise<unknown>): Promise<SpotifyError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(SpotifyError);
  return err as SpotifyError;
}

describe('SpotifyClient', () => {
  it('is not configured without an id or a secret', () => {
    const base = {
      SPOTIFY_API_URL: 'https://api.spotify.com',
      SPOTIFY_ACCOUNTS_URL: 'https://accounts.spotify.com',
    };
    expect(SpotifyClient.fromConfig({ ...base, SPOTIFY_CLIENT_ID: 'id' })).toBeNull();
    expect(SpotifyClient.fromConfig({ ...base, SPOTIFY_CLIENT_SECRET: 's' })).toBeNull();
    expect(
      SpotifyClient.fromConfig({ ...base, SPOTIFY_CLIENT_ID: 'id', SPOTIFY_CLIENT_SECRET: 's' }),
    ).toBeInstanceOf(SpotifyClient);
  });

  it('finds album art with a track/artist query and limit 1, fetching the token once', async () => {
    const { sp, client } = await setup();
    sp.addTrack({
      title: 'Bohemian Rhapsody',
      artists: ['Queen'],
      album: 'A Night at the Opera',
      images: [img(640), img(300), img(64)],
    });
    expect(await client.findAlbumArt('Bohemian Rhapsody', 'Queen')).toBe('https://i.scdn.co/640');
    expect(sp.searches[0]).toEqual({ q: 'track:Bohemian Rhapsody artist:Queen', type: 'track', limit: 1 });
    const token = sp.requests.find((r) => r.path === '/api/token')!;
    expect(token.headers.authorization).toBe(`Basic ${Buffer.from('my-id:my-secret').toString('base64')}`);
    expect(token.body).toBe('grant_type=client_credentials');

    expect(await client.findAlbumArt('Unknown Song', 'Nobody')).toBeNull();
    await Promise.all([client.searchTracks('queen'), client.searchTracks('opera')]);
    expect(sp.tokensIssued()).toBe(1);
  });

  it('picks the image of height 300 to 640, else the first, else none', () => {
    expect(pickAlbumArt([img(1000), img(640), img(300)])).toBe('https://i.scdn.co/640');
    expect(pickAlbumArt([img(1000), img(200), img(450)])).toBe('https://i.scdn.co/450');
    expect(pickAlbumArt([img(1000), img(64)])).toBe('https://i.scdn.co/1000');
    expect(pickAlbumArt([img(null, 'a'), img(null, 'b')])).toBe('https://i.scdn.co/a');
    expect(pickAlbumArt([])).toBeNull();
  });

  it('searches free text with limit 10 and joins all artists', async () => {
    const { sp, client } = await setup();
    for (let i = 1; i <= 12; i++) {
      sp.addTrack({
        id: `t${i}`,
        title: `Love Song ${i}`,
        artists: ['Ann', 'Bo'],
        album: 'Hearts',
        images: [img(640)],
        durationMs: 1000 * i,
      });
    }
    sp.addTrack({ title: 'Other', artists: ['Cy'], album: 'Else' });
    const found = await client.searchTracks('love song');
    expect(sp.searches.at(-1)).toEqual({ q: 'love song', type: 'track', limit: 10 });
    expect(found).toHaveLength(10);
    expect(found[0]).toEqual({
      id: 't1',
      title: 'Love Song 1',
      artist: 'Ann, Bo',
      album: 'Hearts',
      art: 'https://i.scdn.co/640',
      durationMs: 1000,
    });
    expect(await client.searchTracks('   ')).toEqual([]);
    expect(sp.searches).toHaveLength(1);
  });

  it('refreshes the token after it expires', async () => {
    let now = 1_000_000;
    const { sp, client } = await setup({ now: () => now });
    await client.searchTracks('a');
    now += 3_500_000; // under an hour but within the renewal margin
    await client.searchTracks('b');
    expect(sp.tokensIssued()).toBe(1);
    now += 60_000;
    await client.searchTracks('c');
    expect(sp.tokensIssued()).toBe(2);
  });

  it('on a 401 gets a new token once and retries', async () => {
    const { sp, client } = await setup();
    await client.searchTracks('a');
    sp.revokeTokens();
    sp.addTrack({ title: 'After', artists: ['Refresh'], album: 'X' });
    expect((await client.searchTracks('after')).map((t) => t.title)).toEqual(['After']);
    expect(sp.tokensIssued()).toBe(2);
  });

  it('bad credentials are a rejected SpotifyError', async () => {
    const { sp, client } = await setup({ clientSecret: 'wrong' });
    const err = await spotifyError(client.findAlbumArt('Song', 'Artist'));
    expect(err.kind).toBe('rejected');
    expect(err.message).toBe('Spotify rejected the client credentials (Invalid client)');
    expect(sp.searches).toHaveLength(0);
  });

  it('waits out one 429 with Retry-After, then gives up', async () => {
    const { sp, client } = await setup();
    sp.addTrack({ title: 'Limited', artists: ['Rate'], album: 'X' });
    sp.rateLimit(1, 1);
    const started = Date.now();
    expect(await client.searchTracks('limited')).toHaveLength(1);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);

    sp.rateLimit(0, 2);
    const twice = await spotifyError(client.searchTracks('limited'));
    expect(twice.kind).toBe('unavailable');
    expect(twice.message).toMatch(/rate limiting/);

    sp.rateLimit(30, 1);
    const long = Date.now();
    expect((await spotifyError(client.searchTracks('limited'))).kind).toBe('unavailable');
    expect(Date.now() - long).toBeLessThan(500);
  });

  it('an unreachable Spotify is unavailable', async () => {
    const { sp, client } = await setup();
    await sp.close();
    const err = await spotifyError(client.searchTracks('x'));
    expect(err.kind).toBe('unavailable');
    expect(err.message).toBe('Spotify could not be reached (ECONNREFUSED)');
  });
});
