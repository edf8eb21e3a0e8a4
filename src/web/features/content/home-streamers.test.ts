import type { RecognisedStreamer } from '@shared/contracts/streamers';
import { describe, expect, it } from 'vitest';
import { homeStreamers } from './home-streamers';

const s = (username: string, isLive = false) => ({ username, isLive }) as RecognisedStreamer;

describe('the home streamers strip', () => {
  it('shows up to four, the live ones first, otherwise in display order', () => {
    const list = [s('a'), s('b'), s('c', true), s('d'), s('e', true), s('f')];
    expect(homeStreamers(list, 4).map((x) => x.username)).toEqual(['c', 'e', 'a', 'b']);
    expect(homeStreamers([s('a')], 4).map((x) => x.username)).toEqual(['a']);
  });
});
