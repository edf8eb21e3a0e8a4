import { describe, expect, it } from 'vitest';
import { formatDay, formatMessageTime, formatMonthYear } from './format-date';

describe('community date formats', () => {
  it('member since reads month and year', () => {
    expect(formatMonthYear('2025-03-14T10:00:00Z', 'en-GB')).toBe('March 2025');
  });
  it('a day reads day, short month and year', () => {
    expect(formatDay('2025-03-14T10:00:00Z', 'en-GB')).toBe('14 Mar 2025');
  });
  it('a message from today shows only the time; an older one adds the day', () => {
    const now = new Date(2025, 2, 14, 18, 0);
    expect(formatMessageTime(new Date(2025, 2, 14, 9, 5), now, 'en-GB')).toBe('9:05');
    expect(formatMessageTime(new Date(2025, 2, 12, 9, 5), now, 'en-GB')).toBe('12 Mar, 9:05');
    expect(formatMessageTime(new Date(2024, 2, 12, 9, 5), now, 'en-GB')).toBe('12 Mar 2024, 9:05');
  });
  it('an invalid date reads empty', () => {
    expect(formatMessageTime('nope')).toBe('');
    expect(formatDay('nope')).toBe('');
  });
});
