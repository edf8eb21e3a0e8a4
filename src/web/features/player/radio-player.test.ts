import { PLAYER_TEXTS } from '@shared/texts/station';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { VOLUME_STORAGE_KEY } from './player-rules';
import { RadioPlayer } from './radio-player';

/** Just enough of an <audio> element for the player: attributes, play/pause/load and events. */
class FakeAudio extends EventTarget {
  volume = 1;
  preload = '';
  paused = true;
  ended = false;
  error: unknown = null;
  loads = 0;
  private attrs = new Map<string, string>();
  set src(v: string) {
    this.attrs.set('src', v);
  }
  get src() {
    return this.attrs.get('src') ?? '';
  }
  hasAttribute(n: string) {
    return this.attrs.has(n);
  }
  removeAttribute(n: string) {
    this.attrs.delete(n);
  }
  load() {
    this.loads += 1;
  }
  play() {
    this.paused = false;
    return Promise.resolve();
  }
  pause() {
    this.paused = true;
  }
  fire(type: string) {
    this.dispatchEvent(new Event(type));
  }
}

function setup(stored: Record<string, string> = {}) {
  const store = new Map(Object.entries(stored));
  const storage = {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => void store.set(k, v),
  };
  const player = new RadioPlayer(storage);
  const audio = new FakeAudio();
  player.attach(audio as unknown as HTMLAudioElement);
  player.setSource({ kind: 'mp3', url: '/stream' });
  return { player, audio, store };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date(2026, 10, 10, 12, 0, 0));
});
afterEach(() => vi.useRealTimers());

describe('RadioPlayer', () => {
  it('goes idle → loading → playing, and back to idle on pause, dropping the connection', () => {
    const { player, audio } = setup();
    expect(player.getSnapshot().state).toBe('idle');
    player.play();
    expect(player.getSnapshot().state).toBe('loading');
    expect(audio.src).toBe('/stream');
    audio.fire('playing');
    expect(player.getSnapshot().state).toBe('playing');
    player.pause();
    expect(player.getSnapshot().state).toBe('idle');
    expect(audio.hasAttribute('src')).toBe(false);
  });

  it('says "Failed to load radio stream" when the stream never starts', () => {
    const { player, audio } = setup();
    player.play();
    audio.fire('error');
    expect(player.getSnapshot()).toMatchObject({ state: 'error', error: PLAYER_TEXTS.streamError });
    player.play();
    expect(player.getSnapshot().state).toBe('loading');
  });

  it('reconnects a dropped stream after 1, 2, 5, 10 s, then every 10 s, until it plays again', () => {
    const { player, audio } = setup();
    player.play();
    audio.fire('playing');
    for (const delay of [1000, 2000, 5000, 10_000, 10_000]) {
      audio.fire('error');
      expect(player.getSnapshot().state).toBe('reconnecting');
      expect(audio.hasAttribute('src')).toBe(false);
      vi.advanceTimersByTime(delay - 1);
      expect(audio.hasAttribute('src')).toBe(false);
      vi.advanceTimersByTime(1);
      expect(audio.src).toBe('/stream');
    }
    audio.fire('playing');
    expect(player.getSnapshot().state).toBe('playing');
    audio.fire('ended');
    vi.advanceTimersByTime(1000);
    expect(audio.src).toBe('/stream');
  });

  it('stops reconnecting when the listener pauses', () => {
    const { player, audio } = setup();
    player.play();
    audio.fire('playing');
    audio.fire('stalled');
    player.pause();
    vi.advanceTimersByTime(60_000);
    expect(player.getSnapshot().state).toBe('idle');
    expect(audio.hasAttribute('src')).toBe(false);
  });

  it('remembers the volume; mute sets 0 and unmute 0.7', () => {
    const { player, audio, store } = setup({ [VOLUME_STORAGE_KEY]: '0.4' });
    expect(player.getSnapshot().volume).toBe(0.4);
    expect(audio.volume).toBe(0.4);
    player.setVolume(0.55);
    expect(store.get(VOLUME_STORAGE_KEY)).toBe('0.55');
    player.toggleMute();
    expect(audio.volume).toBe(0);
    player.toggleMute();
    expect(audio.volume).toBe(0.7);
  });

  it('resets at 03:00: stops, keeps the volume and resumes after 1 s if it was playing', () => {
    const { player, audio } = setup();
    player.setVolume(0.3);
    player.play();
    audio.fire('playing');
    player.checkDailyReset(new Date(2026, 10, 11, 3, 0, 10));
    expect(player.getSnapshot().state).toBe('idle');
    expect(audio.hasAttribute('src')).toBe(false);
    vi.advanceTimersByTime(1000);
    expect(player.getSnapshot().state).toBe('loading');
    expect(audio.volume).toBe(0.3);
    audio.fire('playing');
    player.checkDailyReset(new Date(2026, 10, 11, 3, 0, 50));
    expect(player.getSnapshot().state).toBe('playing');
  });

  it('does not start playing at 03:00 when it was idle', () => {
    const { player } = setup();
    player.checkDailyReset(new Date(2026, 10, 11, 3, 0, 10));
    vi.advanceTimersByTime(5000);
    expect(player.getSnapshot().state).toBe('idle');
  });

  it('cannot play without a stream', () => {
    const { player } = setup();
    player.setSource(null);
    player.play();
    expect(player.getSnapshot()).toMatchObject({ state: 'idle', available: false });
  });
});
