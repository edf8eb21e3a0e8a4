import { beforeAll, describe, expect, it } from 'vitest';
import { appForFile } from '../../test/app-for-file';
import { Client, type Member, memberWith } from '../../test/test-app';
import { currentSlot, upcomingToday } from './schedule.service';

const t = appForFile({ env: { STATION_TIMEZONE: 'Europe/London' }, admin: 'Admin' });
let presenter: Member;
beforeAll(async () => {
  presenter = await memberWith(t, 'presenter', [], 'Jade Okafor');
});

const slot = (over: Record<string, unknown> = {}) => ({
  presenterId: presenter.userId,
  dayOfWeek: 1,
  startTime: '09:00',
  endTime: '11:00',
  showName: 'Morning Drive',
  description: '  Wake up with us  ',
  ...over,
});

describe('schedule slots', () => {
  it('lets admins create, edit and delete slots; everyone reads them in day and time order', async () => {
    const a = await t.admin.post('/api/schedule/slots', slot());
    expect(a.statusCode).toBe(201);
    expect(a.json().slot).toMatchObject({
      showName: 'Morning Drive',
      description: 'Wake up with us',
      presenterName: 'Jade Okafor',
      status: 'approved',
    });
    await t.admin.post(
      '/api/schedule/slots',
      slot({ dayOfWeek: 0, startTime: '20:00', endTime: '22:00', showName: 'Sunday Soul', description: '' }),
    );
    await t.admin.post(
      '/api/schedule/slots',
      slot({ startTime: '06:00', endTime: '08:00', showName: 'Early Bird' }),
    );
    const list = (await new Client(t.app).get('/api/schedule')).json();
    expect(list.timezone).toBe('Europe/London');
    expect(list.slots.map((s: { showName: string }) => s.showName)).toEqual([
      'Sunday Soul',
      'Early Bird',
      'Morning Drive',
    ]);
    expect(list.slots[0].description).toBeNull();
    const monday = (await new Client(t.app).get('/api/schedule?day=1')).json();
    expect(monday.slots).toHaveLength(2);

    const id = a.json().slot.id;
    const edited = await t.admin.patch(`/api/schedule/slots/${id}`, slot({ showName: 'The Morning Drive' }));
    expect(edited.json().slot.showName).toBe('The Morning Drive');
    expect((await t.admin.delete(`/api/schedule/slots/${id}`)).statusCode).toBe(200);
    expect((await t.admin.delete(`/api/schedule/slots/${id}`)).statusCode).toBe(404);
  });

  it('refuses bad times, overlaps and missing fields with clear messages', async () => {
    const bad = await t.admin.post('/api/schedule/slots', slot({ dayOfWeek: 3, startTime: '9am' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('Start time must be HH:MM');
    const backwards = await t.admin.post(
      '/api/schedule/slots',
      slot({ dayOfWeek: 3, startTime: '12:00', endTime: '10:00' }),
    );
    expect(backwards.json().error.message).toBe('End time must be after start time');
    const noName = await t.admin.post('/api/schedule/slots', slot({ dayOfWeek: 3, showName: '  ' }));
    expect(noName.json().error.message).toBe('Show name is required');
    await t.admin.post(
      '/api/schedule/slots',
      slot({ dayOfWeek: 4, startTime: '10:00', endTime: '12:00', showName: 'Lunch' }),
    );
    const overlap = await t.admin.post(
      '/api/schedule/slots',
      slot({ dayOfWeek: 4, startTime: '11:00', endTime: '13:00' }),
    );
    expect(overlap.statusCode).toBe(409);
    expect(overlap.json().error.message).toBe('This time overlaps "Lunch" (10:00–12:00).');
    const midnight = await t.admin.post(
      '/api/schedule/slots',
      slot({ dayOfWeek: 4, startTime: '22:00', endTime: '00:00', showName: 'Late' }),
    );
    expect(midnight.statusCode).toBe(201);
    const unknown = await t.admin.post('/api/schedule/slots', slot({ dayOfWeek: 5, presenterId: 'nobody' }));
    expect(unknown.statusCode).toBe(404);
  });

  it('is managed by admins only', async () => {
    expect((await presenter.post('/api/schedule/slots', slot({ dayOfWeek: 6 }))).statusCode).toBe(403);
    expect((await new Client(t.app).post('/api/schedule/slots', slot({ dayOfWeek: 6 }))).statusCode).toBe(
      401,
    );
  });

  it('finds the show on air and the next ones in the station’s time zone', async () => {
    await t.admin.post(
      '/api/schedule/slots',
      slot({ dayOfWeek: 2, startTime: '19:00', endTime: '20:00', showName: 'Tuesday Tunes' }),
    );
    await t.admin.post(
      '/api/schedule/slots',
      slot({ dayOfWeek: 2, startTime: '21:00', endTime: '22:00', showName: 'Night Moves' }),
    );
    await t.admin.post(
      '/api/schedule/slots',
      slot({ dayOfWeek: 2, startTime: '22:30', endTime: '23:00', showName: 'Last Call' }),
    );
    // Tuesday 14 July 2026, 19:30 in London (BST) is 18:30 UTC.
    const now = new Date('2026-07-14T18:30:00Z');
    expect((await currentSlot(t.app.ctx, now))?.showName).toBe('Tuesday Tunes');
    expect((await upcomingToday(t.app.ctx, now)).map((s) => s.showName)).toEqual([
      'Night Moves',
      'Last Call',
    ]);
    expect(await currentSlot(t.app.ctx, new Date('2026-07-14T19:30:00Z'))).toBeNull();
  });
});
