import { describe, expect, it } from 'vitest';
import {
  clampVolume,
  DEFAULT_VOLUME,
  initialVolume,
  isMuted,
  reconnectDelay,
  shouldDailyReset,
  toggledVolume,
} from './player-rules';

const at = (h: number, m: number, s = 0, day = 10) => new Date(2026, 10, day, h, m, s);
const HOUR = 60 * 60_000;

describe('volume and mute', () => {
  it('defaults to 0.7 and keeps volumes within 0..1 on the 0.01 step', () => {
    expect(DEFAULT_VOLUME).toBe(0.7);
    expect(clampVolume(0.5)).toBe(0.5);
    expect(clampVolume(1.5)).toBe(1);
    expect(clampVolume(-0.2)).toBe(0);
    expect(clampVolume(0.123)).toBe(0.12);
    expect(clampVolume(0.126)).toBe(0.13);
    expect(clampVolume(Number.NaN)).toBe(0.7);
  });

  it('mute sets 0 and unmute sets 0.7, whatever the volume was before', () => {
    expect(toggledVolume(0.35)).toBe(0);
    expect(toggledVolume(1)).toBe(0);
    expect(toggledVolume(0)).toBe(0.7);
    expect(isMuted(0)).toBe(true);
    expect(isMuted(0.01)).toBe(false);
  });

  it('starts from the remembered volume, but never muted or invalid', () => {
    expect(initialVolume(null)).toBe(0.7);
    expect(initialVolume('0.42')).toBe(0.42);
    expect(initialVolume('3')).toBe(1);
    expect(initialVolume('0')).toBe(0.7);
    expect(initialVolume('loud')).toBe(0.7);
    expect(initialVolume('')).toBe(0.7);
  });
});

describe('reconnection back-off', () => {
  it('waits 1, 2, 5, 10 seconds, then keeps trying every 10 seconds', () => {
    expect([0, 1, 2, 3, 4, 5, 50].map(reconnectDelay)).toEqual([
      1000, 2000, 5000, 10_000, 10_000, 10_000, 10_000,
    ]);
  });
});

describe('daily reset at 03:00', () => {
  it('resets when a check falls in the minute 03:00', () => {
    expect(shouldDailyReset(at(3, 0, 0), null)).toBe(true);
    expect(shouldDailyReset(at(3, 0, 59), null)).toBe(true);
  });

  it('does not reset at other times of day', () => {
    for (const [h, m] of [
      [2, 59],
      [4, 0],
      [15, 0],
      [0, 0],
      [3, 30],
    ]) {
      expect(shouldDailyReset(at(h, m), null, at(h, m).getTime() - 60_000)).toBe(false);
    }
  });

  it('resets at most once per hour', () => {
    const first = at(3, 0, 5).getTime();
    expect(shouldDailyReset(at(3, 0, 50), first)).toBe(false);
    expect(shouldDailyReset(at(3, 0, 30, 11), first)).toBe(true);
    expect(shouldDailyReset(at(3, 0, 0), at(2, 30).getTime())).toBe(false);
    expect(shouldDailyReset(at(3, 0, 0), at(3, 0, 0).getTime() - HOUR)).toBe(true);
  });

  it('catches a late check that is the first one after 03:00 (a throttled timer)', () => {
    expect(shouldDailyReset(at(3, 1, 10), null, at(2, 59, 50).getTime())).toBe(true);
    expect(shouldDailyReset(at(3, 1, 10), null, at(3, 0, 10).getTime())).toBe(false);
    expect(shouldDailyReset(at(3, 1, 10), null, null)).toBe(false);
  });
});
