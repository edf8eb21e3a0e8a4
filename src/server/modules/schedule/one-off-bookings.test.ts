import { beforeAll, describe, expect, it } from 'vitest';
import { PRESENTER_TEXTS } from '../../../shared/texts/staff';
import { zonedParts, zonedTimeToUtc } from '../../../shared/time';
import { appForFile } from '../../test/app-for-file';
import { Client, type Member, memberWith } from '../../test/test-app';
import { currentSlot } from './schedule.service';

/** One-off shows on a date (specific_date, booking_type one_time), and admins told in the bell. */
const t = appForFile({ env: { STATION_TIMEZONE: 'Europe/London' }, admin: 'Admin' });
let jade: Member;
let marcus: Member;
beforeAll(async () => {
  jade = await memberWith(t, 'presenter', [], 'Jade Okafor');
  marcus = await memberWith(t, 'presenter', [], 'Marcus Bell');
});

/** The station date `offset` days from today, and its weekday. */
const stationDate = (offset: number) => {
  const p = zonedParts(new Date(), 'Europe/London');
  const d = new Date(Date.UTC(p.year, p.month - 1, p.day + offset));
  return { date: d.toISOString().slice(0, 10), dayOfWeek: d.getUTCDay() };
};
const hh = (h: number) => `${String(h % 24).padStart(2, '0')}:00`;
const oneOff = (offset: number, hour: number, showName: string) => {
  const { date, dayOfWeek } = stationDate(offset);
  return { dayOfWeek, date, startTime: hh(hour), endTime: hh(hour + 1), showName };
};
const weekly = (dayOfWeek: number, hour: number, showName: string) => ({
  dayOfWeek,
  startTime: hh(hour),
  endTime: hh(hour + 1),
  showName,
});
const publicSlots = async () =>
  (await new Client(t.app).get('/api/schedule')).json().slots as {
    showName: string;
    date: string | null;
  }[];
const notificationsOf = async (m: Member) =>
  (await m.get('/api/notifications')).json().notifications as {
    title: string;
    message: string;
    link: string | null;
  }[];

describe('one-off bookings on a date', () => {
  it('books a one-off for that date only; it waits for approval and the admins are told in the bell', async () => {
    const res = await jade.post('/api/schedule/my-slots', oneOff(8, 10, 'Jade Special'));
    expect(res.statusCode).toBe(201);
    const slot = res.json().slot;
    expect(slot).toMatchObject({ showName: 'Jade Special', status: 'pending', date: stationDate(8).date });

    const note = (await notificationsOf(t.admin)).find((n) => n.title === PRESENTER_TEXTS.slotWaitingTitle);
    expect(note?.message).toMatch(
      /^"Jade Special" by Jade Okafor \(\w+day \d+ \w{3} 10:00–11:00 \(one-off\)\)/,
    );
    expect(note?.link).toBe('/admin?tab=timetable');
    // Presenters are not told about each other's bookings.
    expect((await notificationsOf(marcus)).map((n) => n.title)).not.toContain(
      PRESENTER_TEXTS.slotWaitingTitle,
    );

    await t.admin.post(`/api/schedule/slots/${slot.id}/decision`, { decision: 'approve' });
    const shown = (await publicSlots()).find((s) => s.showName === 'Jade Special');
    expect(shown?.date).toBe(stationDate(8).date);
    // A weekly show is every week: no date.
    const regular = await t.admin.post('/api/schedule/slots', {
      ...weekly(0, 6, 'Sunday Sunrise'),
      presenterId: marcus.userId,
    });
    expect(regular.json().slot.date).toBeNull();
  });

  it('lets the same hour be booked once on other dates of that weekday, never twice on one date', async () => {
    const a = await marcus.post('/api/schedule/my-slots', oneOff(15, 10, 'Marcus Fortnight'));
    expect(a.statusCode).toBe(201);
    const b = await marcus.post('/api/schedule/my-slots', oneOff(8, 10, 'Marcus Same Day'));
    expect(b.statusCode).toBe(409);
    expect(b.json().error.message).toBe('This time overlaps "Jade Special" (10:00–11:00).');
    const next = await marcus.post('/api/schedule/my-slots', oneOff(8, 11, 'Marcus After'));
    expect(next.statusCode).toBe(201);
  });

  it('meets the weekly booking of the same cell, whichever comes first', async () => {
    const { dayOfWeek } = stationDate(9);
    const weeklyShow = await jade.post('/api/schedule/my-slots', weekly(dayOfWeek, 14, 'Jade Weekly'));
    expect(weeklyShow.statusCode).toBe(201);
    const clash = await marcus.post('/api/schedule/my-slots', oneOff(9, 14, 'Marcus Once'));
    expect(clash.statusCode).toBe(409);
    expect(clash.json().error.message).toBe('This time overlaps "Jade Weekly" (14:00–15:00).');

    // A weekly booking meets a one-off already on one of its dates.
    const laterWeekly = await jade.post(
      '/api/schedule/my-slots',
      weekly(stationDate(15).dayOfWeek, 10, 'Jade Tens'),
    );
    expect(laterWeekly.statusCode).toBe(409);
    expect(laterWeekly.json().error.message).toBe('This time overlaps "Jade Special" (10:00–11:00).');

    // A rejected one-off frees its date.
    const all = (await t.admin.get('/api/schedule/slots')).json().slots as { id: string; showName: string }[];
    const fortnight = all.find((s) => s.showName === 'Marcus Fortnight')!;
    await t.admin.post(`/api/schedule/slots/${fortnight.id}/decision`, { decision: 'reject' });
    const taken = await jade.post('/api/schedule/my-slots', oneOff(15, 10, 'Jade Fortnight'));
    expect(taken.statusCode).toBe(201);
  });

  it('holds in the database, whatever the service checks', async () => {
    const { date, dayOfWeek } = stationDate(9);
    const insert = (presenter: string) =>
      t.dbh.query(
        `INSERT INTO schedule_slots (presenter_id, day_of_week, start_time, end_time, show_name, status, specific_date, booking_type, is_recurring)
         VALUES ($1, $2, '14:30', '15:30', 'Direct', 'approved', $3, 'one_time', false)`,
        [presenter, dayOfWeek, date],
      );
    await expect(insert(marcus.userId)).rejects.toThrow(/schedule_slots_no_overlap/);
  });

  it('refuses a date in the past, too far ahead, or on another weekday, with clear messages', async () => {
    const past = await jade.post('/api/schedule/my-slots', oneOff(-1, 9, 'Yesterday'));
    expect(past.statusCode).toBe(400);
    expect(past.json().error.message).toBe(PRESENTER_TEXTS.oneOffPast);
    const far = await jade.post('/api/schedule/my-slots', oneOff(120, 9, 'Far'));
    expect(far.json().error.message).toBe(PRESENTER_TEXTS.oneOffTooFar(90));
    const wrong = await jade.post('/api/schedule/my-slots', {
      ...oneOff(3, 9, 'Wrong Day'),
      dayOfWeek: (stationDate(3).dayOfWeek + 1) % 7,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe(PRESENTER_TEXTS.oneOffWrongDay);
    const bad = await jade.post('/api/schedule/my-slots', { ...oneOff(3, 9, 'Bad'), date: '2026-02-31' });
    expect(bad.statusCode).toBe(400);
  });

  it('counts one-offs of the coming week towards the weekly minimum, and a moved one-off waits again', async () => {
    const board = (await marcus.get('/api/schedule/board')).json();
    // Marcus: one weekly (Sunday Sunrise) and "Marcus After" (8 days on: not this week).
    expect(board.mine.booked).toBe(1);
    const soon = await marcus.post('/api/schedule/my-slots', oneOff(2, 20, 'Marcus Soon'));
    expect((await marcus.get('/api/schedule/board')).json().mine.booked).toBe(2);
    const id = soon.json().slot.id;
    await t.admin.post(`/api/schedule/slots/${id}/decision`, { decision: 'approve' });
    const before = (await notificationsOf(t.admin)).length;
    const moved = await marcus.patch(`/api/schedule/my-slots/${id}`, oneOff(3, 20, 'Marcus Soon'));
    expect(moved.json().slot).toMatchObject({ status: 'pending', date: stationDate(3).date });
    expect((await notificationsOf(t.admin)).length).toBe(before + 1);
  });
});

describe('a one-off on air', () => {
  it('is the current show on its date only, not on the same weekday of other weeks', async () => {
    const { date } = stationDate(8);
    // "Jade Special", approved above, runs 10:00–11:00 (London, GMT or BST) on that date.
    const [y, m, d] = date.split('-').map(Number);
    const at = (day: number) => zonedTimeToUtc(y, m, day, 10, 30, 'Europe/London');
    expect((await currentSlot(t.app.ctx, at(d)))?.showName).toBe('Jade Special');
    expect(await currentSlot(t.app.ctx, new Date(at(d).getTime() - 7 * 24 * 3600_000))).toBeNull();
  });
});
