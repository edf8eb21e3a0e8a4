import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zonedParts } from '../../../shared/time';
import { allAnswered, appWithPresenters, burstTestTimeout } from '../../test/race';
import type { Member, TestApp } from '../../test/test-app';

/**
 * One booking per cell under real concurrency. Only PostgreSQL can show it: the embedded database has
 * one connection, so its requests never truly race.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('simultaneous bookings of one cell (PostgreSQL)', () => {
  let t: TestApp;
  let presenters: Member[] = [];
  beforeAll(async () => {
    ({ t, presenters } = await appWithPresenters(20));
  });
  afterAll(async () => t.close());

  it('lets exactly 1 of 20 simultaneous bookings of one cell through; the others get a clear 409', {
    timeout: burstTestTimeout(),
  }, async () => {
    const answers = await allAnswered(
      '20 weekly bookings of Tuesday 18:00',
      presenters.map((p, i) =>
        p.post('/api/schedule/my-slots', {
          dayOfWeek: 2,
          startTime: '18:00',
          endTime: '19:00',
          showName: `Show ${i}`,
        }),
      ),
    );
    const won = answers.filter((a) => a.statusCode === 201);
    const refused = answers.filter((a) => a.statusCode === 409);
    expect(won).toHaveLength(1);
    expect(refused).toHaveLength(19);
    const winner = won[0].json().slot.showName;
    for (const r of refused) {
      expect(r.json().error.message).toBe(`This time overlaps "${winner}" (18:00–19:00).`);
    }
    const { rows } = await t.dbh.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM schedule_slots WHERE day_of_week = 2 AND start_time = '18:00'",
    );
    expect(rows[0].n).toBe(1);
  });

  it('lets exactly 1 through when weekly and one-off bookings of one cell arrive at the same moment', {
    timeout: burstTestTimeout(),
  }, async () => {
    // Today + 7 on the station's calendar (Europe/London by default): the same weekday as today.
    const p = zonedParts(new Date(), 'Europe/London');
    const d = new Date(Date.UTC(p.year, p.month - 1, p.day + 7));
    const date = d.toISOString().slice(0, 10);
    const cell = { dayOfWeek: d.getUTCDay(), startTime: '21:00', endTime: '22:00' };
    const answers = await allAnswered(
      `20 weekly and one-off bookings of ${date} 21:00`,
      presenters.map((pr, i) =>
        pr.post('/api/schedule/my-slots', {
          ...cell,
          ...(i % 2 === 0 ? { date } : {}),
          showName: `Cell ${i}`,
        }),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(19);
    const { rows } = await t.dbh.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM schedule_slots WHERE day_of_week = $1 AND start_time = '21:00'",
      [cell.dayOfWeek],
    );
    expect(rows[0].n).toBe(1);
  });

  it('lets exactly 1 of 20 one-off bookings of one cell on one date through', {
    timeout: burstTestTimeout(),
  }, async () => {
    const p = zonedParts(new Date(), 'Europe/London');
    const d = new Date(Date.UTC(p.year, p.month - 1, p.day + 10));
    const date = d.toISOString().slice(0, 10);
    const answers = await allAnswered(
      `20 one-off bookings of ${date} 05:00`,
      presenters.map((pr, i) =>
        pr.post('/api/schedule/my-slots', {
          dayOfWeek: d.getUTCDay(),
          date,
          startTime: '05:00',
          endTime: '06:00',
          showName: `Dawn ${i}`,
        }),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(19);
  });
});
