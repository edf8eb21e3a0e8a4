import type { ScheduleSlot } from '@shared/contracts/schedule';
import { describe, expect, it } from 'vitest';
import { buildTimetable, slotAt } from './timetable';

const slot = (over: Partial<ScheduleSlot>): ScheduleSlot => ({
  id: 's1',
  presenterId: 'me',
  presenterName: 'Me',
  presenterPicture: null,
  date: null,
  dayOfWeek: 1,
  startTime: '09:00',
  endTime: '11:00',
  showName: 'Morning',
  description: null,
  status: 'approved',
  ...over,
});

// Monday 13 July 2026, 08:30 in London (07:30 UTC).
const NOW = new Date('2026-07-13T07:30:00Z');

describe('the presenter timetable', () => {
  it('has 7 days of 24 hourly cells from today, on the presenter’s clock', () => {
    const days = buildTimetable({
      now: NOW,
      presenterTz: 'Europe/London',
      stationTz: 'Europe/London',
      slots: [],
      viewerId: 'me',
    });
    expect(days).toHaveLength(7);
    expect(days[0]).toMatchObject({ dayName: 'Mon', isToday: true });
    expect(days.every((d) => d.cells.length === 24)).toBe(true);
    expect(days[0].cells[9]).toMatchObject({
      label: '09:00 – 10:00',
      stationLabel: null,
      station: { dayOfWeek: 1, startTime: '09:00', endTime: '10:00' },
      isPast: false,
    });
    expect(days[0].cells[23].label).toBe('23:00 – 00:00');
    expect(days[0].cells[23].station?.endTime).toBe('00:00');
    expect(days[0].cells[7].isPast).toBe(true);
    expect(days[0].cells[8].isPast).toBe(false);
  });

  it('marks every hour a slot overlaps, and counts the viewer’s own cells', () => {
    const days = buildTimetable({
      now: NOW,
      presenterTz: 'Europe/London',
      stationTz: 'Europe/London',
      slots: [
        slot({}),
        slot({ id: 's2', presenterId: 'other', dayOfWeek: 2, startTime: '20:30', endTime: '21:30' }),
      ],
      viewerId: 'me',
    });
    expect(days[0].cells.filter((c) => c.slot?.id === 's1').map((c) => c.label)).toEqual([
      '09:00 – 10:00',
      '10:00 – 11:00',
    ]);
    expect(days[0].mine).toBe(2);
    expect(days[1].cells[20].slot?.id).toBe('s2');
    expect(days[1].cells[21].slot?.id).toBe('s2');
    expect(days[1].mine).toBe(0);
    expect(slotAt([slot({ status: 'rejected' })], 1, 9 * 60)).toBeNull();
  });

  it('maps a presenter in another zone onto the station’s hours and says so', () => {
    // New York is 5 hours behind London in July: 04:00 there is 09:00 at the station.
    const days = buildTimetable({
      now: NOW,
      presenterTz: 'America/New_York',
      stationTz: 'Europe/London',
      slots: [slot({})],
      viewerId: 'me',
    });
    const cell = days.find((d) => d.dayOfWeek === 1)!.cells[4];
    expect(cell).toMatchObject({
      label: '04:00 – 05:00',
      stationLabel: 'Station: Mon 09:00',
      station: { dayOfWeek: 1, startTime: '09:00', endTime: '10:00' },
    });
    expect(cell.slot?.id).toBe('s1');
    // 19:00 on Sunday in New York is 00:00 on Monday at the station.
    expect(days.find((d) => d.dayOfWeek === 0)!.cells[19].station).toEqual({
      dayOfWeek: 1,
      startTime: '00:00',
      endTime: '01:00',
    });
  });

  it('cannot book an hour that crosses midnight at the station (zones half an hour apart)', () => {
    // India is 4:30 ahead of London in July: 03:00–04:00 there is 22:30–23:30, 04:00 is 23:30–00:30.
    const days = buildTimetable({
      now: NOW,
      presenterTz: 'Asia/Kolkata',
      stationTz: 'Europe/London',
      slots: [],
      viewerId: 'me',
    });
    const day = days[1];
    expect(day.cells[3].station).toMatchObject({ startTime: '22:30', endTime: '23:30' });
    expect(day.cells[4].station).toBeNull();
  });
});

describe('one-off bookings in the timetable', () => {
  it('hold their hour on their own date only, and each cell knows its station date', () => {
    const days = buildTimetable({
      now: NOW,
      presenterTz: 'Europe/London',
      stationTz: 'Europe/London',
      slots: [slot({ id: 'once', date: '2026-07-13' })],
      viewerId: 'me',
    });
    const mondays = days.filter((d) => d.dayOfWeek === 1);
    expect(mondays[0].cells[9].slot?.id).toBe('once');
    expect(mondays[0].cells[9].stationDate).toBe(mondays[0].key);
    expect(days.some((d) => d.key !== mondays[0].key && d.cells.some((c) => c.slot))).toBe(false);
  });
});
