import { describe, expect, it } from 'vitest';
import { formatBanDate, matchesBanSearch } from './banned-format';

describe('formatBanDate', () => {
  it('uses the en-GB day/month/year order', () => {
    expect(formatBanDate('2025-03-05T12:00:00Z')).toBe('05/03/2025');
  });
  it('is empty for an invalid date', () => {
    expect(formatBanDate('nope')).toBe('');
  });
});

describe('matchesBanSearch', () => {
  const song = { title: 'Never Gonna', artist: 'Rick', reason: 'Overplayed' };
  it('matches title, artist or reason, ignoring case', () => {
    expect(matchesBanSearch(song, 'never')).toBe(true);
    expect(matchesBanSearch(song, 'RICK')).toBe(true);
    expect(matchesBanSearch(song, 'overp')).toBe(true);
    expect(matchesBanSearch(song, 'zzz')).toBe(false);
  });
  it('matches everything for an empty search', () => {
    expect(matchesBanSearch({ ...song, reason: null }, '  ')).toBe(true);
  });
});
