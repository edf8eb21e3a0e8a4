import { describe, expect, it } from 'vitest';
import { createRecordingSink } from '../../../test/fakes/recording-sink';
import { djAudioOf, EngineEvent, EngineEventReceiver, InvalidEngineEvent } from './engine-events';
import { fedByCurrentProcess, mountFromStatus } from './icecast-mounts';

const quiet = { debug() {}, info() {}, warn() {}, error() {} };
const track = (seq: number, title = `Song ${seq}`) => ({
  type: 'track',
  seq,
  title,
  artist: 'The Night Owls',
  album: 'After Hours',
  source: 'autodj',
  streamer: null,
});

function receiver() {
  const sink = createRecordingSink();
  return { sink, events: new EngineEventReceiver(() => sink.sink, quiet) };
}

describe('engine reports (handleEngineEvent)', () => {
  it('passes a track report on to the sink as a TrackChange', async () => {
    const { sink, events } = receiver();
    expect(await events.receive(track(100, 'Midnight Drive'))).toBe(true);
    expect(sink.tracks).toEqual([
      expect.objectContaining({
        title: 'Midnight Drive',
        artist: 'The Night Owls',
        album: 'After Hours',
        art: null,
        source: 'autodj',
        sequence: 100,
        streamerName: null,
        startedAt: expect.any(Date),
      }),
    ]);
  });

  it('carries the library track the app chose; a malformed id counts as none and the report still counts', async () => {
    const { sink, events } = receiver();
    const id = '0b9f6c9e-6a43-4f0e-9d7c-3f1f2f6c1a11';
    await events.receive({ ...track(200), trackId: id, playlistId: null, queueItemId: null });
    await events.receive({ ...track(201), trackId: 'not-a-uuid' });
    await events.receive({ ...track(202, 'Live show'), source: 'live', streamer: 'dj', trackId: id });
    expect(sink.tracks.map((t) => t.mediaTrackId)).toEqual([id, null, null]);
  });

  it('drops a report that comes twice or after a newer one', async () => {
    const { sink, events } = receiver();
    expect(await events.receive(track(101))).toBe(true);
    expect(await events.receive(track(101))).toBe(false); // the same change again
    expect(await events.receive(track(103))).toBe(true);
    expect(await events.receive(track(102))).toBe(false); // late: overtaken by 103
    expect(sink.tracks.map((t) => t.sequence)).toEqual([101, 103]);
  });

  it('logs one play per airing: the AutoDJ track heard again after a live show is not a second play', async () => {
    const { sink, events } = receiver();
    const entry = '5d0c1f3e-2b9a-4c7d-8e6f-0a1b2c3d4e5f';
    const next = '6e1d2a4f-3c0b-4d8e-9f70-1b2c3d4e5f60';
    const interrupted = { ...track(300, 'Midnight Drive'), queueItemId: entry };
    const live = { ...track(301, 'Live show'), source: 'live', streamer: 'dj-nova', artist: 'dj-nova' };
    await events.receive(interrupted);
    await events.receive(live);
    // The engine repeats the interrupted track's tags as AutoDJ comes back, then starts the next one.
    expect(await events.receive({ ...interrupted, seq: 302 })).toBe(false);
    expect(await events.receive({ ...track(303, 'Harbour Lights'), queueItemId: next })).toBe(true);
    expect(sink.tracks.map((t) => t.title)).toEqual(['Midnight Drive', 'Live show', 'Harbour Lights']);
    // A local track (no queue entry) is not held to this: each report of one is its own airing.
    await events.receive(track(304, 'City of Echoes'));
    await events.receive(track(305, 'City of Echoes'));
    expect(sink.tracks).toHaveLength(5);
  });

  it('orders live changes on their own, so a late "connected" still counts after the first live track', async () => {
    const { sink, events } = receiver();
    const liveTrack = { ...track(11, 'Live show'), artist: 'dj-nova', source: 'live', streamer: 'dj-nova' };
    await events.receive(liveTrack);
    await events.receive({ type: 'live', seq: 10, connected: true, streamer: 'dj-nova' });
    await events.receive({ type: 'live', seq: 10, connected: true, streamer: 'dj-nova' });
    await events.receive({ type: 'live', seq: 13, connected: false, streamer: 'dj-nova' });
    await events.receive({ type: 'live', seq: 12, connected: true, streamer: 'dj-nova' });
    expect(sink.tracks[0]).toMatchObject({ source: 'live', streamerName: 'dj-nova' });
    expect(sink.lives).toEqual([
      { isLive: true, streamerName: 'dj-nova', format: null, bitrate: null },
      { isLive: false, streamerName: null },
    ]);
    expect(events.live).toEqual({ isLive: false, streamerName: null });
  });

  it('passes on the format and bitrate the DJ software announced when it connected', async () => {
    const { sink, events } = receiver();
    await events.receive({
      type: 'live',
      seq: 1,
      connected: true,
      streamer: 'dj-nova',
      contentType: 'audio/mpeg',
      audioInfo: 'ice-samplerate=44100;ice-bitrate=192;ice-channels=2',
      iceBitrate: '',
    });
    // Headers the harbor could not give (absent, over-long) are unknown, never a refused report.
    await events.receive({ type: 'live', seq: 2, connected: false, streamer: 'dj-nova' });
    await events.receive({
      type: 'live',
      seq: 3,
      connected: true,
      streamer: 'dj-nova',
      contentType: 'x'.repeat(400),
    });
    expect(sink.lives).toEqual([
      { isLive: true, streamerName: 'dj-nova', format: 'audio/mpeg', bitrate: 192 },
      { isLive: false, streamerName: null },
      { isLive: true, streamerName: 'dj-nova', format: null, bitrate: null },
    ]);
  });

  it('reports the DJ gone when the engine goes away mid-show', async () => {
    const { sink, events } = receiver();
    await events.receive({ type: 'live', seq: 1, connected: true, streamer: 'dj-nova' });
    await events.engineLost();
    await events.engineLost();
    expect(sink.lives.at(-1)).toEqual({ isLive: false, streamerName: null });
    expect(sink.lives).toHaveLength(2);
  });

  it('refuses a malformed body with a 400 error and reports nothing', async () => {
    const { sink, events } = receiver();
    for (const bad of [{}, { type: 'track', seq: 'x' }, { ...track(1), source: 'radio' }, null]) {
      const err = await events.receive(bad).catch((e) => e);
      expect(err).toBeInstanceOf(InvalidEngineEvent);
      expect(err.statusCode).toBe(400);
    }
    expect(sink.tracks).toHaveLength(0);
  });

  it('ignores reports until there is a sink', async () => {
    const events = new EngineEventReceiver(() => null, quiet);
    expect(await events.receive(track(5))).toBe(false);
  });

  it('accepts exactly what the Liquidsoap script sends', () => {
    const fromLiquidsoap = [
      '{"streamer":null,"source":"autodj","album":"","artist":"B","title":"Second","seq":1795238701384,"type":"track"}',
      '{"streamer":"bob","connected":true,"seq":1795238701385,"type":"live"}',
      '{"streamer":"bob","source":"live","album":"","artist":"bob","title":"Live show","seq":1795238701386,"type":"track"}',
    ];
    for (const body of fromLiquidsoap) expect(EngineEvent.safeParse(JSON.parse(body)).success).toBe(true);
  });
});

describe('what the DJ software announces', () => {
  it('reads the format from Content-Type and the bitrate from ice-audio-info or ice-bitrate', () => {
    expect(
      djAudioOf({
        contentType: 'audio/mpeg',
        audioInfo: 'ice-samplerate=44100;ice-bitrate=128;ice-channels=2',
      }),
    ).toEqual({ format: 'audio/mpeg', bitrate: 128 });
    expect(djAudioOf({ contentType: 'audio/ogg; codecs=opus', audioInfo: 'bitrate=96;channels=2' })).toEqual({
      format: 'audio/ogg',
      bitrate: 96,
    });
    expect(djAudioOf({ contentType: 'Audio/AAC', iceBitrate: '192' })).toEqual({
      format: 'audio/aac',
      bitrate: 192,
    });
    expect(djAudioOf({ contentType: 'audio/mpeg', audioInfo: 'ice-bitrate=320000' }).bitrate).toBe(320);
    expect(djAudioOf({})).toEqual({ format: null, bitrate: null });
    expect(djAudioOf({ contentType: '<script>', audioInfo: 'ice-bitrate=lots', iceBitrate: '-5' })).toEqual({
      format: null,
      bitrate: null,
    });
  });
});

describe("Icecast's status-json.xsl", () => {
  const source = (mount: string, listeners: number) => ({
    listenurl: `http://127.0.0.1:8000${mount}`,
    listeners,
    title: 'The Night Owls - Midnight Drive',
    // As Icecast 2.4.4 writes them.
    stream_start: 'Mon, 23 Nov 2026 16:14:27 +0000',
    stream_start_iso8601: '2026-11-23T16:14:27+0000',
  });

  it('has no source while nothing is connected', () => {
    expect(mountFromStatus({ icestats: { host: 'x' } }, '/radio.mp3')).toEqual({
      reachable: true,
      onAir: false,
      listeners: 0,
      title: null,
      since: null,
    });
  });

  it('has one object for one mount and an array for several', () => {
    const one = mountFromStatus({ icestats: { source: source('/radio.mp3', 4) } }, '/radio.mp3');
    expect(one).toEqual({
      reachable: true,
      onAir: true,
      listeners: 4,
      title: 'The Night Owls - Midnight Drive',
      since: new Date('2026-11-23T16:14:27Z'),
    });
    const many = { icestats: { source: [source('/other.ogg', 9), source('/radio.mp3', 2)] } };
    expect(mountFromStatus(many, '/radio.mp3').listeners).toBe(2);
    expect(mountFromStatus(many, '/missing.mp3').onAir).toBe(false);
  });

  it('is on air only with a source that Liquidsoap connected since it last started', () => {
    const mount = mountFromStatus({ icestats: { source: source('/radio.mp3', 4) } }, '/radio.mp3');
    // Icecast gives the second: a source started within the process's first second is its own.
    expect(fedByCurrentProcess(mount, new Date('2026-11-23T16:14:25.500Z'))).toBe(true);
    expect(fedByCurrentProcess(mount, new Date('2026-11-23T16:14:27.900Z'))).toBe(true);
    // The old process's connection, still listed a moment after a restart, is not the new process's.
    expect(fedByCurrentProcess(mount, new Date('2026-11-23T16:14:28.100Z'))).toBe(false);
    expect(fedByCurrentProcess(mount, null)).toBe(false);
    expect(fedByCurrentProcess({ ...mount, onAir: false }, new Date('2026-11-23T16:14:25Z'))).toBe(false);
    // An Icecast that does not say when the stream started: the connection is taken at its word.
    expect(fedByCurrentProcess({ ...mount, since: null }, new Date('2026-11-23T16:14:28Z'))).toBe(true);
  });

  it('is unreachable when the document is not Icecast status', () => {
    expect(mountFromStatus(null, '/radio.mp3').reachable).toBe(false);
  });
});
