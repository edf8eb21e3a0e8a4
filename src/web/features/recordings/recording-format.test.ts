import { describe, expect, it } from 'vitest';
import { formatAired, formatLength, formatPosition } from './recording-format';

describe('Listen again formats', () => {
  it('gives a show’s length in minutes and hours', () => {
    expect(formatLength(5.02)).toBe('5 s');
    expect(formatLength(58 * 60 + 10)).toBe('58 min');
    expect(formatLength(3600 + 5 * 60)).toBe('1 h 05 min');
    expect(formatLength(2 * 3600 - 10)).toBe('2 h 00 min');
  });

  it('gives a player position as a clock', () => {
    expect(formatPosition(0)).toBe('0:00');
    expect(formatPosition(245.7)).toBe('4:05');
    expect(formatPosition(3723)).toBe('1:02:03');
    expect(formatPosition(Number.NaN)).toBe('0:00');
  });

  it('shows the air time in the listener’s zone', () => {
    const iso = '2026-11-03T20:00:00Z';
    expect(formatAired(iso, 'Europe/London')).toContain('20:00');
    expect(formatAired(iso, 'America/New_York')).toContain('15:00');
    expect(formatAired(iso, 'Asia/Tokyo')).toMatch(/Wed 4 Nov.*05:00/);
  });
});
