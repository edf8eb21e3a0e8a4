import { describe, expect, it } from 'vitest';
import { generateStreamerPassword } from './streamer-password';

describe('generateStreamerPassword', () => {
  it('makes 8 uppercase letters and digits', () => {
    for (let i = 0; i < 50; i++) expect(generateStreamerPassword()).toMatch(/^[A-Z0-9]{8}$/);
  });

  it('draws every character from the random source', () => {
    const fixed = (a: Uint32Array) => a.map((_, i) => i * 5);
    expect(generateStreamerPassword(fixed)).toBe('AFKPUZ49');
  });
});
