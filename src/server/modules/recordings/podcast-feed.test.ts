import { describe, expect, it } from 'vitest';
import { itunesDuration } from './podcast-feed';

describe('itunes:duration', () => {
  it('is H:MM:SS in whole seconds', () => {
    expect(itunesDuration(5.02)).toBe('0:00:05');
    expect(itunesDuration(59.6)).toBe('0:01:00');
    expect(itunesDuration(2 * 3600 + 3 * 60 + 4)).toBe('2:03:04');
    expect(itunesDuration(-1)).toBe('0:00:00');
  });
});
