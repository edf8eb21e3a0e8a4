import { describe, expect, it } from 'vitest';
import { relativeTime } from './relative-time';

const now = Date.parse('2025-06-01T12:00:00Z');
const ago = (seconds: number) => new Date(now - seconds * 1000).toISOString();

describe('relativeTime', () => {
  it('reads "just now" under a minute, and for times slightly in the future', () => {
    expect(relativeTime(ago(0), now)).toBe('just now');
    expect(relativeTime(ago(59), now)).toBe('just now');
    expect(relativeTime(ago(-30), now)).toBe('just now');
  });

  it('counts whole minutes under an hour', () => {
    expect(relativeTime(ago(60), now)).toBe('1 minute ago');
    expect(relativeTime(ago(5 * 60 + 59), now)).toBe('5 minutes ago');
    expect(relativeTime(ago(59 * 60), now)).toBe('59 minutes ago');
  });

  it('counts whole hours under a day', () => {
    expect(relativeTime(ago(3600), now)).toBe('1 hour ago');
    expect(relativeTime(ago(3 * 3600 + 1800), now)).toBe('3 hours ago');
    expect(relativeTime(ago(23 * 3600 + 3599), now)).toBe('23 hours ago');
  });

  it('counts days from 24 hours on', () => {
    expect(relativeTime(ago(86_400), now)).toBe('1 day ago');
    expect(relativeTime(ago(10 * 86_400), now)).toBe('10 days ago');
  });

  it('accepts dates and epoch milliseconds, and returns an empty string for an invalid date', () => {
    expect(relativeTime(new Date(now - 120_000), now)).toBe('2 minutes ago');
    expect(relativeTime(now - 7200_000, now)).toBe('2 hours ago');
    expect(relativeTime('not a date', now)).toBe('');
  });
});
