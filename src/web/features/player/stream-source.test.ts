import { describe, expect, it } from 'vitest';
import { HLS_MIME, MP3_MIME, pickStreamSource } from './stream-source';

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
});
