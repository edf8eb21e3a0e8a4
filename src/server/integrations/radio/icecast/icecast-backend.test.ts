import { afterEach, describe, expect, it } from 'vitest';
import { type FakeIcecast, startFakeIcecast } from '../../../test/fakes/fake-icecast';
import { createRecordingSink } from '../../../test/fakes/recording-sink';
import { createTestLogger } from '../../../test/fakes/test-logger';
import { splitTitle } from '../icecast-status';
import { RadioBackendError } from '../types';
import { IcecastBackend, type IcecastBackendOptions } from './icecast-backend';

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const fn of cleanup.splice(0).reverse()) await fn();
});

async function setup(opts: Partial<IcecastBackendOptions> = {}) {
  const ice = await startFakeIcecast();
  cleanup.push(() => ice.close());
  const backend = new IcecastBackend({ baseUrl: ice.url, log: createTestLogger(), pollMs: 30, ...opts });
  cleanup.push(() => backend.stop());
  const rec = createRecordingSink();
  return { ice, backend, rec };
}

const polls = (ice: FakeIcecast, n: number) =>
  new Promise<void>((resolve) => {
    const target = ice.statusRequests() + n;
    const t = setInterval(() => {
      if (ice.statusRequests() < target) return;
      clearInterval(t);
      resolve();
    }, 5);
  });

describe('IcecastBackend', () => {
  it('with no source: off air, no track, zero listeners, not live', async () => {
    const { backend, rec } = await setup();
    await backend.start(rec.sink);
    expect(rec.lives).toEqual([{ isLive: false, streamerName: null }]);
    expect(rec.tracks).toEqual([]);
    expect(rec.listeners).toEqual([0]);
    expect(backend.streamUrl).toBeNull();
    const status = await backend.status();
    expect(status).toMatchObject({ kind: 'icecast', configured: true, onAir: false, listeners: 0 });
    expect(status.details.find((d) => d.label === 'Mount')?.value).toBe('No source connected');
  });

  it('with one source object: reports the title split into artist and title, listeners and the stream URL', async () => {
    const { ice, backend, rec } = await setup();
    ice.addSource({
      mount: '/radio.mp3',
      title: 'The Band - A Song - Live',
      listeners: 4,
      serverName: 'OnAir',
    });
    await backend.start(rec.sink);
    expect(rec.tracks).toHaveLength(1);
    expect(rec.tracks[0]).toMatchObject({
      title: 'A Song - Live',
      artist: 'The Band',
      album: null,
      art: null,
      source: 'autodj',
      sequence: 1,
      streamerName: null,
    });
    expect(rec.listeners).toEqual([4]);
    expect(backend.streamUrl).toBe(`${ice.url}/radio.mp3`);

    await polls(ice, 2);
    expect(rec.tracks).toHaveLength(1);
    ice.updateSource('/radio.mp3', { title: 'Just A Title', listeners: 6 });
    await rec.waitFor(() => rec.tracks.length === 2 && rec.listeners.at(-1) === 6);
    expect(rec.tracks[1]).toMatchObject({ title: 'Just A Title', artist: '', sequence: 2 });
    expect(rec.lives).toHaveLength(1);
    const status = await backend.status();
    expect(status).toMatchObject({ onAir: true, listeners: 6 });
    expect(status.details.find((d) => d.label === 'Mount')?.value).toBe('/radio.mp3');
  });

  it('with several sources (array): follows the configured mount, else the first', async () => {
    const { ice, backend, rec } = await setup({
      mount: '/high.mp3',
      streamUrl: 'https://radio.example/listen',
    });
    ice.addSource({ mount: '/low.mp3', title: 'Low - Quality', listeners: 1 });
    ice.addSource({ mount: '/high.mp3', title: 'High - Quality', listeners: 9 });
    await backend.start(rec.sink);
    expect(rec.tracks[0]).toMatchObject({ artist: 'High', title: 'Quality' });
    expect(rec.listeners).toEqual([9]);
    expect(backend.streamUrl).toBe('https://radio.example/listen');

    const first = new IcecastBackend({ baseUrl: ice.url, log: createTestLogger() });
    const rec2 = createRecordingSink();
    await first.start(rec2.sink);
    await first.stop();
    expect(rec2.tracks[0]).toMatchObject({ artist: 'Low', title: 'Quality' });
    expect(first.streamUrl).toBe(`${ice.url}/low.mp3`);

    ice.removeSource('/high.mp3');
    await rec.waitFor(() => rec.listeners.at(-1) === 0);
    expect((await backend.status()).onAir).toBe(false);
  });

  it("counts its audience by the followed mount's total, without User-Agents", async () => {
    const { ice, backend } = await setup({ mount: '/radio.mp3' });
    expect(await backend.audience()).toEqual([]);
    ice.addSource({ mount: '/radio.mp3', title: 'A - B', listeners: 3 });
    await backend.start(createRecordingSink().sink);
    expect(await backend.audience()).toEqual(Array(3).fill({ mount: '/radio.mp3', userAgent: '' }));
  });

  it('uses the separate artist field when the stream has one', () => {
    expect(splitTitle({ title: 'Song - Part 2', artist: 'Someone' })).toEqual({
      artist: 'Someone',
      title: 'Song - Part 2',
    });
    expect(splitTitle({ title: 'No Dash Here', artist: '' })).toEqual({ artist: '', title: 'No Dash Here' });
    expect(splitTitle({ title: 'A-Ha - Take On Me', artist: '' })).toEqual({
      artist: 'A-Ha',
      title: 'Take On Me',
    });
  });

  it('records errors without throwing, and refuses streamer and command calls', async () => {
    const { ice, backend, rec } = await setup();
    ice.failWith(500);
    await backend.start(rec.sink);
    const status = await backend.status();
    expect(status.onAir).toBe(false);
    expect(status.details.find((d) => d.label === 'Last error')?.value).toMatch(/Icecast answered HTTP 500/);
    for (const call of [
      () => backend.listStreamers(),
      () => backend.deleteStreamer('1'),
      () => backend.command('skip'),
    ]) {
      const err = await call().catch((e: unknown) => e);
      expect(err).toBeInstanceOf(RadioBackendError);
      expect((err as RadioBackendError).kind).toBe('unsupported');
      expect((err as Error).message).toMatch(/not supported by a plain Icecast server$/);
    }
    expect(backend.supports).toEqual({ streamers: false, commands: false });
  });
});
