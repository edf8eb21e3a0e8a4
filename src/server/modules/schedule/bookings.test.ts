import { beforeAll, describe, expect, it } from 'vitest';
import { PRESENTER_TEXTS } from '../../../shared/texts/staff';
import { appForFile } from '../../test/app-for-file';
import { Client, type Member, memberWith } from '../../test/test-app';

const t = appForFile({ env: { STATION_TIMEZONE: 'Europe/London' }, admin: 'Admin' });
let jade: Member;
let marcus: Member;
let staff: Member;
beforeAll(async () => {
  jade = await memberWith(t, 'presenter', [], 'Jade Okafor');
  marcus = await memberWith(t, 'presenter', [], 'Marcus Bell');
  staff = await memberWith(t, 'staff', [], 'Tom Staff');
});

const cell = (day: number, hour: number, showName = 'My Show') => {
  const hh = (h: number) => `${String(h % 24).padStart(2, '0')}:00`;
  return { dayOfWeek: day, startTime: hh(hour), endTime: hh(hour + 1), showName, description: '' };
};

const publicShows = async () =>
  (await new Client(t.app).get('/api/schedule')).json().slots.map((s: { showName: string }) => s.showName);

const notificationsOf = async (m: Member) =>
  (await m.get('/api/notifications')).json().notifications as { title: string; message: string }[];

describe('presenters book their own shows', () => {
  it('books pending cells, counts them against the weekly minimum, and keeps them off the public schedule', async () => {
    const before = (await jade.get('/api/schedule/board')).json();
    expect(before.mine).toEqual({ booked: 0, minimum: 2 });
    expect(before.timezone).toBe('Europe/London');

    const first = await jade.post('/api/schedule/my-slots', cell(1, 9, 'Jade at Nine'));
    expect(first.statusCode).toBe(201);
    expect(first.json().slot).toMatchObject({
      showName: 'Jade at Nine',
      presenterName: 'Jade Okafor',
      status: 'pending',
      startTime: '09:00',
      endTime: '10:00',
      description: null,
    });
    await jade.post('/api/schedule/my-slots', cell(3, 23, 'Late Jade'));
    const board = (await jade.get('/api/schedule/board')).json();
    expect(board.mine).toEqual({ booked: 2, minimum: 2 });
    expect(PRESENTER_TEXTS.weeklyCount(board.mine.booked, board.mine.minimum)).toBe('2/2');
    expect(board.slots.find((s: { showName: string }) => s.showName === 'Late Jade').endTime).toBe('00:00');

    expect(await publicShows()).not.toContain('Jade at Nine');
    // Other presenters see the cell as held.
    const other = (await marcus.get('/api/schedule/board')).json();
    expect(other.slots.map((s: { showName: string }) => s.showName)).toContain('Jade at Nine');
    expect(other.mine.booked).toBe(0);
  });

  it('refuses a cell someone holds, naming the show, and takes the presenter from the session', async () => {
    const taken = await marcus.post('/api/schedule/my-slots', cell(1, 9, 'Marcus Too'));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toBe('This time overlaps "Jade at Nine" (09:00–10:00).');
    const half = await marcus.post('/api/schedule/my-slots', {
      ...cell(1, 9),
      startTime: '09:30',
      endTime: '10:30',
    });
    expect(half.statusCode).toBe(409);
    // A presenterId in the body is not a field of this route: the booking is the caller's.
    const mine = await marcus.post('/api/schedule/my-slots', {
      ...cell(2, 8, 'Marcus Mornings'),
      presenterId: jade.userId,
    });
    expect(mine.statusCode).toBe(201);
    expect(mine.json().slot.presenterId).toBe(marcus.userId);
  });

  it('validates the show name and the times with clear messages', async () => {
    const blank = await jade.post('/api/schedule/my-slots', cell(5, 10, '   '));
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.message).toBe(PRESENTER_TEXTS.showNameRequired);
    const backwards = await jade.post('/api/schedule/my-slots', { ...cell(5, 10), endTime: '09:00' });
    expect(backwards.json().error.message).toBe('End time must be after start time');
    const bad = await jade.post('/api/schedule/my-slots', { ...cell(5, 10), startTime: '25:00' });
    expect(bad.statusCode).toBe(400);
    expect((await jade.post('/api/schedule/my-slots', { ...cell(5, 10), dayOfWeek: 7 })).statusCode).toBe(
      400,
    );
  });

  it('lets a presenter edit and cancel only their own slots; a move needs approval again', async () => {
    const { slot } = (await jade.post('/api/schedule/my-slots', cell(4, 14, 'Afternoon'))).json();
    expect(
      (await t.admin.post(`/api/schedule/slots/${slot.id}/decision`, { decision: 'approve' })).statusCode,
    ).toBe(200);
    const renamed = await jade.patch(`/api/schedule/my-slots/${slot.id}`, cell(4, 14, 'Afternoon Delight'));
    expect(renamed.json().slot).toMatchObject({ showName: 'Afternoon Delight', status: 'approved' });
    const moved = await jade.patch(`/api/schedule/my-slots/${slot.id}`, cell(4, 15, 'Afternoon Delight'));
    expect(moved.json().slot).toMatchObject({ startTime: '15:00', status: 'pending' });
    expect(await publicShows()).not.toContain('Afternoon Delight');

    expect((await marcus.patch(`/api/schedule/my-slots/${slot.id}`, cell(4, 16))).statusCode).toBe(404);
    expect((await marcus.delete(`/api/schedule/my-slots/${slot.id}`)).statusCode).toBe(404);
    expect((await jade.delete(`/api/schedule/my-slots/${slot.id}`)).statusCode).toBe(200);
    expect((await jade.delete(`/api/schedule/my-slots/${slot.id}`)).statusCode).toBe(404);
    expect((await jade.delete('/api/schedule/my-slots/not-a-uuid')).statusCode).toBe(404);
  });
});

describe('admins approve or reject pending slots', () => {
  it('approves a pending slot: public at once, the presenter notified, open pages told', async () => {
    const all = (await t.admin.get('/api/schedule/slots')).json().slots;
    const pending = all.find((s: { showName: string }) => s.showName === 'Jade at Nine');
    expect(pending.status).toBe('pending');
    const { rows: before } = await t.dbh.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM realtime_events WHERE type = 'schedule.changed'",
    );
    const ok = await t.admin.post(`/api/schedule/slots/${pending.id}/decision`, { decision: 'approve' });
    expect(ok.json().slot.status).toBe('approved');
    expect(await publicShows()).toContain('Jade at Nine');
    const { rows: after } = await t.dbh.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM realtime_events WHERE type = 'schedule.changed'",
    );
    expect(after[0].n).toBe(before[0].n + 1);
    const note = (await notificationsOf(jade)).find((n) => n.title === PRESENTER_TEXTS.slotApprovedTitle);
    expect(note?.message).toBe('"Jade at Nine" (Monday 09:00–10:00) is now on the public schedule.');

    const again = await t.admin.post(`/api/schedule/slots/${pending.id}/decision`, { decision: 'reject' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(PRESENTER_TEXTS.slotNotPending);
  });

  it('rejects from the staff role too; the cell is free again and the presenter is told', async () => {
    const slots = (await staff.get('/api/schedule/slots')).json().slots;
    const late = slots.find((s: { showName: string }) => s.showName === 'Late Jade');
    const res = await staff.post(`/api/schedule/slots/${late.id}/decision`, { decision: 'reject' });
    expect(res.json().slot.status).toBe('rejected');
    expect((await notificationsOf(jade)).map((n) => n.title)).toContain(PRESENTER_TEXTS.slotRejectedTitle);
    expect((await jade.get('/api/schedule/board')).json().mine.booked).toBe(1);
    // Marcus does not see Jade's rejected slot; Jade still does (to edit or delete it).
    const marcusBoard = (await marcus.get('/api/schedule/board')).json();
    expect(marcusBoard.slots.map((s: { showName: string }) => s.showName)).not.toContain('Late Jade');
    expect((await jade.get('/api/schedule/board')).json().slots.map((s: { id: string }) => s.id)).toContain(
      late.id,
    );
    const rebook = await marcus.post('/api/schedule/my-slots', cell(3, 23, 'Marcus Late'));
    expect(rebook.statusCode).toBe(201);
    // Editing the rejected one asks again, and meets Marcus's booking.
    const resubmit = await jade.patch(`/api/schedule/my-slots/${late.id}`, cell(3, 23, 'Late Jade'));
    expect(resubmit.statusCode).toBe(409);
    expect(resubmit.json().error.message).toBe('This time overlaps "Marcus Late" (23:00–00:00).');
  });

  it('books straight to approved for any presenter, and lists presenters to pick from', async () => {
    const people = (await t.admin.get('/api/schedule/presenters')).json().people;
    expect(people.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['Admin', 'Jade Okafor', 'Marcus Bell']),
    );
    expect(people.map((p: { name: string }) => p.name)).not.toContain('Tom Staff');
    expect(JSON.stringify(people)).not.toContain('@');
    const res = await t.admin.post('/api/schedule/slots', {
      ...cell(6, 12, 'Saturday Live'),
      presenterId: marcus.userId,
    });
    expect(res.json().slot).toMatchObject({ status: 'approved', presenterName: 'Marcus Bell' });
    expect(await publicShows()).toContain('Saturday Live');
    const unknown = await t.admin.post('/api/schedule/slots/00000000-0000-0000-0000-000000000000/decision', {
      decision: 'approve',
    });
    expect(unknown.statusCode).toBe(404);
  });
});
