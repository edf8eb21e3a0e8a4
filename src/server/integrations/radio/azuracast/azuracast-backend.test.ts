import { afterEach, describe, expect, it } from 'vitest';
import { type FakeAzuraCast, startFakeAzuraCast } from '../../../test/fakes/fake-azuracast';
import { createRecordingSink } from '../../../test/fakes/recording-sink';
import { createTestLogger } from '../../../test/fakes/test-logger';
import { AzuraCastBackend, type AzuraCastBackendOptions } from './azuracast-backend';

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const fn of cleanup.splice(0).reverse()) await fn();
});

async function setup(fakeOpts: Parameters<typeof startFakeAzuraCast>[0] = {}) {
  const az = await startFakeAzuraCast({ apiKey: 'secret-key', shortcode: 'onair', ...fakeOpts });
  cleanup.push(() => az.close());
  az.setSong({
    title: 'First Light',
    artist: 'The Dawns',
    album: 'Morning',
    art: 'https://art.example/1.jpg',
  });
  return az;
}

function backendFor(az: FakeAzuraCast, opts: Partial<AzuraCastBackendOptions> = {}) {
  const backend = new AzuraCastBackend({
    baseUrl: az.url,
    apiKey: 'secret-key',
    station: 1,
    useSse: false,
    pollMs: 40,
    sseRetryMs: 60,
    sseMaxRetryMs: 400,
    log: createTestLogger(),
    ...opts,
  });
  cleanup.push(() => backend.stop());
  return backend;
}

const until = async (check: () => boolean, ms = 10_000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
};

describe('AzuraCastBackend now playing (polling)', () => {
  it('maps the now-playing answer to the sink: live state, track, listeners and history', async () => {
    const az = await setup();
    az.setListeners(7);
    az.setSong({ title: 'Second Wind', artist: 'Gale', album: '', art: null });
    const backend = backendFor(az);
    expect(backend.streamUrl).toBeNull();
    const rec = createRecordingSink();
    await backend.start(rec.sink);

    const np = az.nowPlaying();
    expect(rec.lives).toEqual([{ isLive: false, streamerName: null }]);
    expect(rec.tracks).toEqual([
      {
        title: 'Second Wind',
        artist: 'Gale',
        album: null,
        art: null,
        source: 'autodj',
        startedAt: new Date(np.now_playing!.played_at * 1000),
        sequence: np.now_playing!.played_at,
        streamerName: null,
      },
    ]);
    expect(rec.listeners).toEqual([7]);
    expect(rec.histories).toEqual([
      [
        {
          title: 'First Light',
          artist: 'The Dawns',
          album: 'Morning',
          art: 'https://art.example/1.jpg',
          playedAt: new Date(np.song_history[0].played_at * 1000),
        },
      ],
    ]);
    expect(backend.streamUrl).toBe(`${az.url}/listen/onair/radio.mp3`);
    expect(backend.hlsUrl).toBeNull();
  });

  it('reports only changes between polls', async () => {
    const az = await setup();
    const backend = backendFor(az);
    const rec = createRecordingSink();
    await backend.start(rec.sink);
    const before = rec.calls.length;
    await until(() => az.count('GET', '/api/nowplaying/1') >= 4);
    expect(rec.calls).toHaveLength(before);

    az.setListeners(3);
    await rec.waitFor(() => rec.listeners.includes(3));
    expect(rec.tracks).toHaveLength(1);
    expect(rec.lives).toHaveLength(1);
  });

  it('reports a presenter going live and coming back to AutoDJ, and requests', async () => {
    const az = await setup();
    const backend = backendFor(az);
    const rec = createRecordingSink();
    await backend.start(rec.sink);

    az.goLive('DJ Anna', { title: 'Intro', artist: 'DJ Anna' });
    await rec.waitFor(() => rec.tracks.length === 2);
    expect(rec.lives.at(-1)).toEqual({ isLive: true, streamerName: 'DJ Anna' });
    expect(rec.tracks[1]).toMatchObject({ title: 'Intro', source: 'live', streamerName: 'DJ Anna' });
    expect(rec.tracks[1].sequence).toBeGreaterThan(rec.tracks[0].sequence);
    // The live state is reported before the live track.
    expect(rec.calls.findIndex((c) => c.kind === 'live' && c.value.isLive)).toBeLessThan(
      rec.calls.findIndex((c) => c.kind === 'track' && c.value.source === 'live'),
    );

    az.endLive({ title: 'Asked For', artist: 'Listener Band', isRequest: true });
    await rec.waitFor(() => rec.tracks.length === 3);
    expect(rec.lives.at(-1)).toEqual({ isLive: false, streamerName: null });
    expect(rec.tracks[2]).toMatchObject({ title: 'Asked For', source: 'request', streamerName: null });
  });

  it('uses STREAM_PUBLIC_URL and the HLS URL when given, and accepts the station short name', async () => {
    const az = await setup({ hlsUrl: 'https://radio.example/hls/onair/live.m3u8' });
    const backend = backendFor(az, { station: 'onair', streamUrl: 'https://radio.example/stream' });
    await backend.start(createRecordingSink().sink);
    expect(backend.streamUrl).toBe('https://radio.example/stream');
    expect(backend.hlsUrl).toBe('https://radio.example/hls/onair/live.m3u8');
    expect(az.count('GET', '/api/nowplaying/onair')).toBeGreaterThan(0);
  });

  it('status() shows the engine state, and start() survives an unreachable server', async () => {
    const az = await setup();
    az.setListeners(4);
    const backend = backendFor(az);
    await backend.start(createRecordingSink().sink);
    const status = await backend.status();
    expect(status).toMatchObject({ kind: 'azuracast', configured: true, onAir: true, listeners: 4 });
    expect(status.live).toEqual({ isLive: false, streamerName: null });
    const detail = Object.fromEntries(status.details.map((d) => [d.label, d.value]));
    expect(detail.Station).toBe('OnAir Test Radio (onair)');
    expect(detail.Mount).toContain('/radio.mp3');
    expect(detail.Feed).toBe('Polling every 40 ms');
    expect(detail['Last error']).toBe('None');

    await az.close();
    const offline = backendFor(az);
    await offline.start(createRecordingSink().sink);
    const down = await offline.status();
    expect(down.onAir).toBe(false);
    expect(down.details.find((d) => d.label === 'Last error')?.value).toMatch(/could not be reached/);
  });
});

describe('AzuraCastBackend live updates (SSE)', () => {
  it('delivers an update through the SSE feed without waiting for a poll', async () => {
    const az = await setup();
    const backend = backendFor(az, { useSse: true, pollMs: 60_000 });
    const rec = createRecordingSink();
    await backend.start(rec.sink);
    await until(() => az.sseClientCount === 1);
    const sse = az.requests.find((r) => r.path === '/api/live/nowplaying/sse');
    expect(JSON.parse(sse!.query.get('cf_connect')!)).toEqual({
      subs: { 'station:onair': { recover: true } },
    });

    az.setSong({ title: 'Pushed', artist: 'Feed' });
    await rec.waitFor(() => rec.tracks.at(-1)?.title === 'Pushed', 1000);
    az.ping();
    az.setListeners(12);
    await rec.waitFor(() => rec.listeners.at(-1) === 12, 1000);
    expect(az.count('GET', '/api/nowplaying/1')).toBe(1);
    expect((await backend.status()).details.find((d) => d.label === 'Feed')?.value).toBe(
      'Live updates (SSE)',
    );

    // The same payload published again reports nothing new.
    const calls = rec.calls.length;
    az.publish();
    await new Promise((r) => setTimeout(r, 100));
    expect(rec.calls).toHaveLength(calls);
  });

  it('falls back to polling when the SSE endpoint answers 404, and retries it', async () => {
    const az = await setup();
    az.sseEnabled = false;
    const log = createTestLogger();
    const backend = backendFor(az, { useSse: true, log });
    const rec = createRecordingSink();
    await backend.start(rec.sink);

    az.setSong({ title: 'Polled', artist: 'Fallback' });
    await rec.waitFor(() => rec.tracks.at(-1)?.title === 'Polled');
    const status = await backend.status();
    const detail = Object.fromEntries(status.details.map((d) => [d.label, d.value]));
    expect(detail.Feed).toMatch(/Polling .*live updates unavailable/);
    expect(detail['Last error']).toMatch(/HTTP 404/);
    await until(() => az.count('GET', '/api/live/nowplaying/sse') >= 2);

    az.sseEnabled = true;
    await until(() => az.sseClientCount === 1);
    // The feed is marked live once the backend has read the connection's first message.
    const feed = async () => (await backend.status()).details.find((d) => d.label === 'Feed')?.value;
    const deadline = Date.now() + 10_000;
    while ((await feed()) !== 'Live updates (SSE)' && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 20));
    expect(await feed()).toBe('Live updates (SSE)');
  });

  it('polls while the SSE feed is down after it closes, then reconnects', async () => {
    const az = await setup();
    const backend = backendFor(az, { useSse: true, pollMs: 30, sseRetryMs: 300 });
    const rec = createRecordingSink();
    await backend.start(rec.sink);
    await until(() => az.sseClientCount === 1);
    const polls = az.count('GET', '/api/nowplaying/1');

    az.sseEnabled = false;
    az.dropSseClients();
    az.setSong({ title: 'While Down', artist: 'Poller' });
    await rec.waitFor(() => rec.tracks.at(-1)?.title === 'While Down');
    expect(az.count('GET', '/api/nowplaying/1')).toBeGreaterThan(polls);

    az.sseEnabled = true;
    await until(() => az.sseClientCount === 1);
    az.setSong({ title: 'Back Live', artist: 'Feed' });
    await rec.waitFor(() => rec.tracks.at(-1)?.title === 'Back Live');
  });

  it('stop() closes the SSE connection and stops polling', async () => {
    const az = await setup();
    const backend = backendFor(az, { useSse: true });
    await backend.start(createRecordingSink().sink);
    await until(() => az.sseClientCount === 1);
    await backend.stop();
    await until(() => az.sseClientCount === 0);
    const count = az.requests.length;
    await new Promise((r) => setTimeout(r, 150));
    expect(az.requests).toHaveLength(count);
  });
});
