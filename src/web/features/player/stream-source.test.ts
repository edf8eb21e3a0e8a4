import { describe, expect, it } from 'vitest';
import {
  HLS_MIME,
  MP3_MIME,
  pickStreamSource,
  QUALITY_STORAGE_KEY,
  qualityOptions,
  storedQuality,
} from './stream-source';

const station = { configured: true, streamUrl: '/stream', hlsUrl: '/hls/live.m3u8' };
const plays =
  (...types: string[]) =>
  (mime: string) =>
    types.includes(mime) ? 'maybe' : '';

describe('pickStreamSource', () => {
  it('plays the MP3 stream wherever the browser plays MP3, even when HLS is offered', () => {
    expect(pickStreamSource(station, plays(MP3_MIME, HLS_MIME))).toEqual({ kind: 'mp3', url: '/stream' });
  });

  it('uses HLS only when MP3 cannot be played: natively where possible, else through hls.js', () => {
    expect(pickStreamSource(station, plays(HLS_MIME))).toEqual({ kind: 'native-hls', url: '/hls/live.m3u8' });
    expect(pickStreamSource(station, plays())).toEqual({ kind: 'hls.js', url: '/hls/live.m3u8' });
  });

  it('plays HLS when it is the station’s only stream', () => {
    const hlsOnly = { configured: true, streamUrl: null, hlsUrl: '/hls/live.m3u8' };
    expect(pickStreamSource(hlsOnly, plays(MP3_MIME))).toEqual({ kind: 'hls.js', url: '/hls/live.m3u8' });
    expect(pickStreamSource(hlsOnly, plays(MP3_MIME, HLS_MIME))).toEqual({
      kind: 'native-hls',
      url: '/hls/live.m3u8',
    });
  });

  it('has nothing to play when the station is not configured or has no stream', () => {
    expect(pickStreamSource({ ...station, configured: false }, plays(MP3_MIME))).toBeNull();
    expect(pickStreamSource({ configured: true, streamUrl: null, hlsUrl: null }, plays(MP3_MIME))).toBeNull();
    expect(pickStreamSource(null, plays(MP3_MIME))).toBeNull();
  });

  it('plays the chosen quality where the station has it, else the highest', () => {
    const streams = [
      { name: 'High', url: '/stream', format: 'mp3' as const, bitrate: 128 },
      { name: 'Low', url: '/stream/64', format: 'mp3' as const, bitrate: 64 },
      { name: 'Adaptive (HLS)', url: '/hls/live.m3u8', format: 'hls' as const, bitrate: null },
    ];
    const withQualities = { ...station, streams };
    expect(qualityOptions(withQualities).map((s) => s.bitrate)).toEqual([128, 64]);
    expect(pickStreamSource(withQualities, plays(MP3_MIME), 64)).toEqual({ kind: 'mp3', url: '/stream/64' });
    expect(pickStreamSource(withQualities, plays(MP3_MIME), 128)).toEqual({ kind: 'mp3', url: '/stream' });
    expect(pickStreamSource(withQualities, plays(MP3_MIME), 32)).toEqual({ kind: 'mp3', url: '/stream' });
    expect(pickStreamSource(withQualities, plays(MP3_MIME), null)).toEqual({ kind: 'mp3', url: '/stream' });
    // iOS: no MP3, so HLS (adaptive, every quality) whatever was chosen.
    expect(pickStreamSource(withQualities, plays(HLS_MIME), 64)).toEqual({
      kind: 'native-hls',
      url: '/hls/live.m3u8',
    });
  });

  it('remembers the quality as a number of kbps, ignoring anything else stored', () => {
    const store = (v: string | null) => ({ getItem: (k: string) => (k === QUALITY_STORAGE_KEY ? v : null) });
    expect(storedQuality(store('64'))).toBe(64);
    expect(storedQuality(store('high'))).toBeNull();
    expect(storedQuality(store(null))).toBeNull();
    expect(storedQuality(null)).toBeNull();
  });
});
