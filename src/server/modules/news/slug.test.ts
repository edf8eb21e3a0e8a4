import { describe, expect, it } from 'vitest';
import { slugify } from './slug';

describe('the slug rule', () => {
  it('lowercases, turns runs of non-alphanumerics into one hyphen and trims edge hyphens', () => {
    expect(slugify('Hello World')).toBe('hello-world');
    expect(slugify('  --Big  News!!! Today?? ')).toBe('big-news-today');
    expect(slugify('Rock & Roll: 50 Years')).toBe('rock-roll-50-years');
    expect(slugify('Café Señor')).toBe('cafe-senor');
  });

  it('never gives an empty slug, and keeps it short', () => {
    expect(slugify('!!!')).toBe('article');
    expect(slugify('音楽')).toBe('article');
    const long = slugify('word '.repeat(60));
    expect(long.length).toBeLessThanOrEqual(80);
    expect(long.endsWith('-')).toBe(false);
  });
});
