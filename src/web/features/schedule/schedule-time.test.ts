import { describe, expect, it } from 'vitest';
import { buildDayStrip, comingUpToday, nextShow, slotsForDay } from './schedule-time';

const slot = (id: string, dayOfWeek: number, startTime: string, endTime: string) => ({
  id,
  dayOfWeek,
  startTime,
  endTime,
});

describe('buildDayStrip', () => {
  it('lists seven days from today in the given zone, today first and marked', () => {
    // Saturday 28 Nov 2026, 23:30 UTC: still Saturday in London, already Sunday in Tokyo.
    const now = new Date('2026-11-28T23:30:00Z');
    const london = buildDayStrip(now, 'Europe/London');
    expect(london).toHaveLength(7);
    expect(london.map((d) => d.dayName)).toEqual(['Sat', 'Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri']);
    expect(london.map((d) => d.isToday)).toEqual([true, false, false, false, false, false, false]);
    expect(london[0]).toMatchObject({ key: '2026-11-28', dayOfWeek: 6, dateLabel: '28 Nov' });
    expect(london[3]).toMatchObject({
      key: '2026-12-01',
      dayOfWeek: 2,
      dateLabel: '1 Dec',
      longLabel: 'Tuesday 1 Dec',
    });
    expect(buildDayStrip(now, 'Asia/Tokyo')[0]).toMatchObject({ key: '2026-11-29', dayName: 'Sun' });
  });

  it('rolls over the end of a year', () => {
    const strip = buildDayStrip(new Date('2026-12-29T12:00:00Z'), 'UTC');
    expect(strip.map((d) => d.key).slice(2, 5)).toEqual(['2026-12-31', '2027-01-01', '2027-01-02']);
  });
});

describe('slotsForDay', () => {
  const now = new Date('2026-11-25T12:00:00Z'); // Wednesday, noon in London
  const wednesday = { year: 2026, month: 11, day: 25 };

  it('shows the weekday slots in start order with 12-hour times when the zones match', () => {
    const slots = [
      slot('b', 3, '18:00', '20:00'),
      slot('a', 3, '09:00', '11:00'),
      slot('c', 4, '09:00', '10:00'),
    ];
    const day = slotsForDay(slots, wednesday, 'Europe/London', 'Europe/London', now);
    expect(day.map((o) => [o.slot.id, o.startLabel, o.endLabel])).toEqual([
      ['a', '9:00 AM', '11:00 AM'],
      ['b', '6:00 PM', '8:00 PM'],
    ]);
  });

  it("converts to the listener's zone and moves a show to the listener's day", () => {
    // Thursday 02:00 London is Wednesday 21:00 in New York.
    const slots = [slot('late', 4, '02:00', '04:00'), slot('morning', 3, '09:00', '10:00')];
    const day = slotsForDay(slots, wednesday, 'Europe/London', 'America/New_York', now);
    expect(day.map((o) => [o.slot.id, o.startLabel, o.endLabel])).toEqual([
      ['morning', '4:00 AM', '5:00 AM'],
      ['late', '9:00 PM', '11:00 PM'],
    ]);
  });

  it('marks the show on air now (inclusive of start and end) and keeps invalid times', () => {
    const slots = [
      slot('now', 3, '11:00', '12:00'),
      slot('bad', 3, '25:00', '26:00'),
      slot('later', 3, '12:30', '13:00'),
    ];
    const day = slotsForDay(slots, wednesday, 'Europe/London', 'Europe/London', now);
    expect(day.map((o) => [o.slot.id, o.isOnNow, o.startLabel])).toEqual([
      ['now', true, '11:00 AM'],
      ['later', false, '12:30 PM'],
      ['bad', false, 'Invalid time'],
    ]);
    const nextWeek = slotsForDay(
      slots,
      { year: 2026, month: 12, day: 2 },
      'Europe/London',
      'Europe/London',
      now,
    );
    expect(nextWeek.find((o) => o.slot.id === 'now')?.isOnNow).toBe(false);
  });
});

describe('comingUpToday', () => {
  it('gives the next two shows later today in the station zone', () => {
    const now = new Date('2026-11-25T12:00:00Z');
    const slots = [
      slot('past', 3, '08:00', '10:00'),
      slot('on', 3, '11:00', '13:00'),
      slot('c', 3, '20:00', '22:00'),
      slot('b', 3, '15:00', '16:00'),
      slot('d', 3, '22:00', '23:00'),
      slot('tomorrow', 4, '09:00', '10:00'),
    ];
    const next = comingUpToday(slots, 'Europe/London', 'Europe/Paris', now);
    expect(next.map((o) => [o.slot.id, o.startLabel])).toEqual([
      ['b', '4:00 PM'],
      ['c', '9:00 PM'],
    ]);
    expect(comingUpToday([slot('past', 3, '08:00', '10:00')], 'Europe/London', 'Europe/London', now)).toEqual(
      [],
    );
  });
});

describe('nextShow (where a request button sends a listener when nobody is live)', () => {
  // Wednesday 25 Nov 2026, 14:00 in London.
  const now = new Date('2026-11-25T14:00:00Z');
  it('finds the next show later today, tomorrow or later in the week, on the listener clock', () => {
    expect(nextShow([slot('a', 3, '20:00', '22:00')], 'Europe/London', 'Europe/London', now)).toMatchObject({
      slot: { id: 'a' },
      isOnNow: false,
      whenLabel: 'Today at 8:00 PM',
      dayKey: '2026-11-25',
    });
    expect(nextShow([slot('b', 4, '09:30', '11:00')], 'Europe/London', 'Europe/London', now)?.whenLabel).toBe(
      'Tomorrow at 9:30 AM',
    );
    // Wednesday's 10:00 show is over: the next one is a week away.
    expect(
      nextShow([slot('c', 3, '10:00', '12:00'), slot('d', 5, '18:00', '19:00')], 'Europe/London', 'UTC', now),
    ).toMatchObject({ slot: { id: 'd' }, whenLabel: 'Friday at 6:00 PM', dayKey: '2026-11-27' });
    expect(nextShow([slot('c', 3, '10:00', '12:00')], 'Europe/London', 'UTC', now)?.dayKey).toBe(
      '2026-12-02',
    );
    // Shown in New York: 8 PM London is 3 PM there.
    expect(
      nextShow([slot('a', 3, '20:00', '22:00')], 'Europe/London', 'America/New_York', now)?.whenLabel,
    ).toBe('Today at 3:00 PM');
  });

  it('says a show scheduled now is on now, and nothing for an empty week', () => {
    expect(nextShow([slot('e', 3, '13:00', '15:00')], 'Europe/London', 'Europe/London', now)).toMatchObject({
      isOnNow: true,
      whenLabel: 'On now',
    });
    expect(nextShow([], 'Europe/London', 'Europe/London', now)).toBeNull();
    expect(nextShow([slot('x', 3, 'bad', '15:00')], 'Europe/London', 'Europe/London', now)).toBeNull();
  });

  it('counts a one-off show on its own date only', () => {
    // A one-off on Friday 4 Dec is not this Friday's show; next Wednesday's weekly one comes first.
    const friday = { ...slot('once', 5, '18:00', '19:00'), date: '2026-12-04' };
    expect(
      nextShow([friday, slot('w', 3, '10:00', '11:00')], 'Europe/London', 'Europe/London', now)?.slot.id,
    ).toBe('w');
    const thisFriday = { ...slot('soon', 5, '18:00', '19:00'), date: '2026-11-27' };
    expect(nextShow([friday, thisFriday], 'Europe/London', 'Europe/London', now)).toMatchObject({
      slot: { id: 'soon' },
      whenLabel: 'Friday at 6:00 PM',
    });
  });
});

describe('one-off shows', () => {
  it('appear on their own date only, on the schedule, in Coming Up and as on air', () => {
    // Tuesday 1 Dec 2026 at 10:30 in London.
    const now = new Date('2026-12-01T10:30:00Z');
    const once = { ...slot('once', 2, '10:00', '11:00'), date: '2026-12-01' };
    const later = { ...slot('later', 2, '12:00', '13:00'), date: '2026-12-08' };
    const weekly = slot('weekly', 2, '14:00', '15:00');
    const slots = [once, later, weekly];
    const [today, , , , , , , nextTuesday] = buildDayStrip(now, 'Europe/London', 8);
    const ids = (d: typeof today) =>
      slotsForDay(slots, d, 'Europe/London', 'Europe/London', now).map((o) => o.slot.id);
    expect(ids(today)).toEqual(['once', 'weekly']);
    expect(ids(nextTuesday)).toEqual(['later', 'weekly']);
    expect(slotsForDay(slots, today, 'Europe/London', 'Europe/London', now)[0].isOnNow).toBe(true);
    expect(comingUpToday(slots, 'Europe/London', 'Europe/London', now).map((o) => o.slot.id)).toEqual([
      'weekly',
    ]);
  });
});
