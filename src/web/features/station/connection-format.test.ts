import { describe, expect, it } from 'vitest';
import { durationLabel, formatLabel } from './connection-format';

describe('connection check wording', () => {
  it('names the format, keeping the MIME type, and says when the software did not', () => {
    expect(formatLabel('audio/mpeg')).toBe('MP3 (audio/mpeg)');
    expect(formatLabel('audio/ogg')).toBe('Ogg (audio/ogg)');
    expect(formatLabel('audio/x-unknown')).toBe('audio/x-unknown');
    expect(formatLabel(null)).toBe('Not reported by your software');
  });

  it('says how long the software has been connected', () => {
    const t = Date.UTC(2026, 10, 26, 12, 0);
    expect(durationLabel(t, t + 30_000)).toBe('less than a minute');
    expect(durationLabel(t, t + 12 * 60_000 + 59_000)).toBe('12 min');
    expect(durationLabel(t, t + 125 * 60_000)).toBe('2 h 05 min');
    expect(durationLabel(t, t - 60_000)).toBe('less than a minute');
  });
});
