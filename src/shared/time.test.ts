import { describe, expect, it } from 'vitest';
import { findCurrentSlot, minutesOf, to12Hour, upcomingSlots, zonedParts, zonedTimeToUtc } from './time';

describe('schedule time rules', () => {
  const slots = [
    { id: 'a', dayOfWeek: 1, startTime: '09:00', endTime: '11:00' },
    { id: 'b', dayOfWeek: 1, startTime: '14:00', endTime: '15:00' },
    { id: 'c', dayOfWeek: 1, startTime: '18:30', endTime: '20:00' },
    { id: 'd', dayOfWeek: 1, startTime: '22:00', endTime: '00:00' },
    { id: 'e', dayOfWeek: 2, startTime: '09:00', endTime: '10:00' },
  ];

  it('finds the current slot by minutes since midnight, inclusive of start and end', () => {
    expect(findCurrentSlot(slots, 1, minutesOf('09:00')!)?.id).toBe('a');
    expect(findCurrentSlot(slots, 1, minutesOf('11:00')!)?.id).toBe('a');
    expect(findCurrentSlot(slots, 1, minutesOf('11:01')!)).toBeNull();
    expect(findCurrentSlot(slots, 1, minutesOf('23:59')!)?.id).toBe('d');
    expect(findCurrentSlot(slots, 2, minutesOf('10:30')!)).toBeNull();
  });

  it('lists the next shows later today', () => {
    expect(upcomingSlots(slots, 1, minutesOf('10:00')!, 2).map((s) => s.id)).toEqual(['b', 'c']);
    expect(upcomingSlots(slots, 1, minutesOf('22:30')!, 2)).toEqual([]);
  });

  it('shows 12-hour times and says Invalid time for anything else', () => {
    expect(to12Hour('00:05')).toBe('12:05 AM');
    expect(to12Hour('12:00')).toBe('12:00 PM');
    expect(to12Hour('21:30')).toBe('9:30 PM');
    expect(to12Hour('25:00')).toBe('Invalid time');
    expect(to12Hour('nope')).toBe('Invalid time');
  });

  it('converts station wall-clock time across time zones and daylight saving', () => {
    // 20:00 in London in July is 19:00 UTC (BST); in January it is 20:00 UTC.
    expect(zonedTimeToUtc(2026, 7, 6, 20, 0, 'Europe/London').toISOString()).toBe('2026-07-06T19:00:00.000Z');
    expect(zonedTimeToUtc(2026, 1, 5, 20, 0, 'Europe/London').toISOString()).toBe('2026-01-05T20:00:00.000Z');
    const p = zonedParts(new Date('2026-07-06T23:30:00Z'), 'Europe/London');
    expect(p).toMatchObject({ dayOfWeek: 2, hour: 0, minute: 30 });
  });
});
