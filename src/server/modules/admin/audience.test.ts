/** The listener-minutes report and the audience analytics (audience.service.ts), with their CSV. */
import { describe, expect, it } from 'vitest';
import type { Audience, ListenersExport } from '../../../shared/contracts/admin';
import { appForFile } from '../../test/app-for-file';
import { Client, memberWith } from '../../test/test-app';

const t = appForFile({ admin: 'Ada Admin' });

describe('GET /api/admin/reports/listeners', () => {
  it('answers the minute samples of the range with their peak and average', async () => {
    await t.dbh.query('DELETE FROM listener_samples');
    await t.dbh.query(
      `INSERT INTO listener_samples (sampled_at, listeners, on_air) VALUES
         ('2026-11-10T09:59:00Z', 999, true), ('2026-11-10T10:00:00Z', 10, true),
         ('2026-11-10T10:01:00Z', 25, true), ('2026-11-10T10:02:00Z', 4, true), ('2026-11-10T11:00:00Z', 999, true)`,
    );
    const res = await t.admin.get(
      '/api/admin/reports/listeners?from=2026-11-10T10:00:00Z&to=2026-11-10T11:00:00Z',
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      from: '2026-11-10T10:00:00.000Z',
      to: '2026-11-10T11:00:00.000Z',
      peak: 25,
      average: 13,
      samples: [
        { at: '2026-11-10T10:00:00.000Z', listeners: 10 },
        { at: '2026-11-10T10:01:00.000Z', listeners: 25 },
        { at: '2026-11-10T10:02:00.000Z', listeners: 4 },
      ],
    } satisfies ListenersExport);
    const empty = (await t.admin.get('/api/admin/reports/listeners?from=2026-01-01&to=2026-01-02')).json();
    expect(empty).toMatchObject({ peak: 0, average: 0, samples: [] });
  });

  it('is for whoever sees Analytics; a bad or long range is a 400', async () => {
    const u = '/api/admin/reports/listeners?from=2026-11-01T00:00:00Z&to=2026-11-02T00:00:00Z';
    expect((await new Client(t.app).get(u)).statusCode).toBe(401);
    expect((await (await memberWith(t, 'staff')).get(u)).statusCode).toBe(403);
    expect((await (await memberWith(t, 'user', ['radio_manager'])).get(u)).statusCode).toBe(200);
    expect(
      (await t.admin.get('/api/admin/reports/listeners?from=2026-11-01&to=2026-12-15')).json().error.message,
    ).toMatch(/at most 31 days/);
    expect((await t.admin.get('/api/admin/reports/listeners?from=2026-11-01&to=nope')).statusCode).toBe(400);
    const yearZero = await t.admin.get('/api/admin/reports/listeners?from=0000-01-01&to=0000-01-02');
    expect(yearZero.statusCode).toBe(400);
    expect(yearZero.json().error.message).toMatch(/between the years 1970 and 9999/);
  });
});

describe('audience analytics', () => {
  const now = new Date('2026-11-18T15:30:00Z'); // a Wednesday; London is on UTC in November

  it('shows listeners over time, per show and live session, listening hours, per kind and mount; each as CSV', async () => {
    for (const table of ['listener_samples', 'listener_audience_samples', 'schedule_slots', 'live_sessions'])
      await t.dbh.query(`DELETE FROM ${table}`);
    const host = await memberWith(t, 'presenter', [], 'Pat Presenter');
    await t.dbh.query(
      `INSERT INTO schedule_slots (presenter_id, day_of_week, start_time, end_time, show_name, status)
       VALUES ($1, 3, '14:00', '16:00', 'Afternoon Tea', 'approved')`,
      [host.userId],
    );
    await t.dbh.query(
      `INSERT INTO live_sessions (streamer_username, presenter_id, show_title, started_at, ended_at)
       VALUES ('pat', $1, 'Afternoon Tea', '2026-11-18T14:00:20Z', '2026-11-18T15:00:00Z')`,
      [host.userId],
    );
    const minute = async (iso: string, parts: [string, string, number][]) => {
      const total = parts.reduce((a, p) => a + p[2], 0);
      await t.dbh.query(
        'INSERT INTO listener_samples (sampled_at, listeners, on_air) VALUES ($1, $2, true)',
        [iso, total],
      );
      for (const [mount, kind, n] of parts)
        await t.dbh.query(
          'INSERT INTO listener_audience_samples (sampled_at, mount, client_kind, listeners) VALUES ($1, $2, $3, $4)',
          [iso, mount, kind, n],
        );
    };
    await minute('2026-11-18T13:59:00Z', [['/radio.mp3', 'browser', 6]]);
    await minute('2026-11-18T14:00:00Z', [
      ['/radio.mp3', 'browser', 20],
      ['/radio-64.mp3', 'app', 10],
    ]);
    await minute('2026-11-18T15:20:00Z', [
      ['/radio.mp3', 'browser', 30],
      ['hls/128', 'browser', 20],
      ['hls/64', 'other', 10],
    ]);
    await minute('2026-11-10T15:20:00Z', [['/radio.mp3', 'browser', 500]]); // 8 days ago: outside 7 days
    const { getAudience } = await import('./audience.service');
    const a = await getAudience(t.app.ctx, '7d', now);
    expect(a.listeners).toHaveLength(168);
    expect(a.listeners.at(-1)).toEqual({ at: '2026-11-18T15:00:00.000Z', average: 60, peak: 60 });
    expect(a.listeners.at(-2)).toEqual({ at: '2026-11-18T14:00:00.000Z', average: 30, peak: 30 });
    expect(a.listeners.at(-3)).toEqual({ at: '2026-11-18T13:00:00.000Z', average: 6, peak: 6 });
    expect(a).toMatchObject({
      peakListeners: 60,
      sampledMinutes: 3,
      averageListeners: 32,
      listeningHours: 1.6,
    });
    expect(
      a.shows.map((s) => [
        s.kind,
        s.showName,
        s.presenterName,
        s.peakListeners,
        s.averageListeners,
        s.samples,
      ]),
    ).toEqual([
      ['schedule', 'Afternoon Tea', 'Pat Presenter', 60, 45, 2],
      ['live', 'Afternoon Tea', 'Pat Presenter', 30, 30, 1],
    ]);
    expect(a.shows[0].when).toBe('Wed 14:00–16:00');
    expect(a.byClient).toEqual([
      { name: 'browser', listeningHours: 1.27, averageListeners: 25.3, peakListeners: 50 },
      { name: 'app', listeningHours: 0.17, averageListeners: 3.3, peakListeners: 10 },
      { name: 'other', listeningHours: 0.17, averageListeners: 3.3, peakListeners: 10 },
    ]);
    expect(a.byMount.map((m) => [m.name, m.peakListeners])).toEqual([
      ['/radio.mp3', 30],
      ['hls/128', 20],
      ['/radio-64.mp3', 10],
      ['hls/64', 10],
    ]);
    const day = await getAudience(t.app.ctx, '24h', now);
    expect(day.listeners).toHaveLength(144);
    expect(day.listeners.at(-2)).toEqual({ at: '2026-11-18T15:20:00.000Z', average: 60, peak: 60 });

    const res = await t.admin.get('/api/admin/analytics/audience?range=30d');
    expect(res.statusCode).toBe(200);
    expect((res.json() as Audience).bucketMinutes).toBe(240);
    expect((await t.admin.get('/api/admin/analytics/audience?range=1y')).statusCode).toBe(400);

    for (const [table, header] of [
      ['listeners', 'start_utc,average_listeners,peak_listeners'],
      [
        'shows',
        'kind,show,presenter,when,started_utc,ended_utc,peak_listeners,average_listeners,listening_hours,sampled_minutes',
      ],
      ['clients', 'client_kind,listening_hours,average_listeners,peak_listeners'],
      ['mounts', 'mount,listening_hours,average_listeners,peak_listeners'],
    ]) {
      const csv = await t.admin.get(`/api/admin/analytics/audience.csv?range=7d&table=${table}`);
      expect(csv.statusCode).toBe(200);
      expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(csv.headers['content-disposition']).toMatch(
        new RegExp(`attachment; filename="onair-${table}-7d-`),
      );
      expect(csv.body.split('\r\n')[0]).toBe(header);
    }
    expect(
      (await (await memberWith(t, 'staff')).get('/api/admin/analytics/audience.csv?range=7d&table=shows'))
        .statusCode,
    ).toBe(403);
  });
});
