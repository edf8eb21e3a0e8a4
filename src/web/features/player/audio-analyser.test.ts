import { describe, expect, it } from 'vitest';
import { isSameOriginMedia } from './audio-analyser';

describe('the visualiser listens only to a stream from this site', () => {
  const origin = 'https://radio.example';
  it('accepts the /stream relay and hls.js blob URLs', () => {
    expect(isSameOriginMedia('/stream', origin)).toBe(true);
    expect(isSameOriginMedia('https://radio.example/stream?x=1', origin)).toBe(true);
    expect(isSameOriginMedia('blob:https://radio.example/6f1c', origin)).toBe(true);
  });
  it('refuses another host (it would play as silence without CORS) and nothing at all', () => {
    expect(isSameOriginMedia('https://cdn.example/live.mp3', origin)).toBe(false);
    expect(isSameOriginMedia('', origin)).toBe(false);
  });
});
