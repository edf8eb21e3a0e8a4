import type { ScheduleSlot } from '@shared/contracts/schedule';
import { describe, expect, it } from 'vitest';
import { buildWeekGrid } from './timetable-grid';

const slot = (over: Partial<ScheduleSlot>): ScheduleSlot => ({
  id: 's',
  presenterId: 'p',
  presenterName: 'Jade',
  presenterPicture: null,
  dayOfWeek: 2,
  startTime: '10:00',
  endTime: '11:00',
  showName: 'Show',
  description: null,
  status: 'approved',
  date: null,
  ...over,
});

describe('the admin week grid', () => {
  it('puts weekly slots on their weekday, one-offs on their date only, and counts the pending', () => {
    // Tuesday 1 Dec 2026, London.
    const grid = buildWeekGrid(new Date('2026-12-01T08:00:00Z'), 'Europe/London', [
      slot({ id: 'weekly' }),
      slot({ id: 'once', startTime: '18:30', endTime: '19:30', status: 'pending', date: '2026-12-01' }),
      slot({ id: 'next', status: 'pending', date: '2026-12-08' }),
      slot({ id: 'no', startTime: '12:00', status: 'rejected' }),
    ]);
    expect(grid).toHaveLength(7);
    expect(grid[0].hours[10].map((s) => s.id)).toEqual(['weekly']);
    expect(grid[0].hours[18].map((s) => s.id)).toEqual(['once']);
    expect(grid[0].hours[12]).toEqual([]);
    expect(grid[0].pending).toBe(1);
    expect(grid.slice(1).every((d) => d.pending === 0)).toBe(true);
  });
});
