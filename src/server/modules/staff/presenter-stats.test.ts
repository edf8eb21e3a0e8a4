import { beforeAll, describe, expect, it } from 'vitest';
import { PRESENTER_TEXTS } from '../../../shared/texts/staff';
import { appForFile } from '../../test/app-for-file';
import { type Member, memberWith } from '../../test/test-app';
import { generatePresenterStats } from './presenter-stats.service';

const t = appForFile({ env: { STATION_TIMEZONE: 'Europe/London' }, admin: 'Admin' });
let jade: Member;
let marcus: Member;
let manager: Member;
// Wednesday 15 July 2026, 13:00 in London: the week began Monday 13 July, the month on 1 July.
const NOW = new Date('2026-07-15T12:00:00Z');

async function livePlays(presenterId: string, times: string[]) {
  const { rows } = await t.dbh.query<{ id: string }>(
    "INSERT INTO songs (title, artist) VALUES ('Stat Song ' || gen_random_uuid(), 'Stat Artist') RETURNING id",
  );
  for (const at of times) {
    await t.dbh.query(
      "INSERT INTO song_plays (song_id, played_by, play_source, played_at) VALUES ($1, $2, 'live', $3)",
      [rows[0].id, presenterId, at],
    );
  }
}

beforeAll(async () => {
  jade = await memberWith(t, 'presenter', [], 'Jade Okafor');
  marcus = await memberWith(t, 'presenter', [], 'Marcus Bell');
  manager = await memberWith(t, 'user', ['manager'], 'Olivia Grant');
  await livePlays(jade.userId, [
    '2026-06-20T19:00:00Z',
    '2026-06-20T19:20:00Z',
    '2026-06-20T19:50:00Z', // one show: no gap over an hour
    '2026-06-20T21:30:00Z', // a second show that evening
    '2026-07-05T19:00:00Z', // this month
    '2026-07-13T08:00:00Z', // this week
    '2026-07-13T08:30:00Z',
  ]);
  // An AutoDJ play credited to nobody and a live play after "now" do not count.
  await livePlays(jade.userId, ['2026-07-16T10:00:00Z']);
  for (const [rating, status] of [
    [4, 'completed'],
    [3, 'completed'],
    [1, 'scheduled'],
  ] as const) {
    await t.dbh.query(
      `INSERT INTO training_sessions (trainee_id, session_type, rating, session_date, status)
       VALUES ($1, 'assessment', $2, '2026-07-01', $3)`,
      [jade.userId, rating, status],
    );
  }
});

describe('presenter statistics', () => {
  it('counts shows from live plays (1 hour each), this week and month in the station’s zone', async () => {
    await generatePresenterStats(t.app.ctx, NOW);
    const { stats, generatedAt } = (await manager.get('/api/staff/presenter-stats')).json();
    expect(generatedAt).toBe(NOW.toISOString());
    const jadeStats = stats.find((s: { presenter: { name: string } }) => s.presenter.name === 'Jade Okafor');
    expect(jadeStats).toMatchObject({
      totalShows: 4,
      totalHours: 4,
      showsThisWeek: 1,
      showsThisMonth: 2,
      averageRating: 3.5,
      lastShowDate: '2026-07-13T08:00:00.000Z',
    });
    // A presenter who has not been on air yet is listed at zero with the default rating.
    const marcusStats = stats.find(
      (s: { presenter: { name: string } }) => s.presenter.name === 'Marcus Bell',
    );
    expect(marcusStats).toMatchObject({ totalShows: 0, totalHours: 0, averageRating: 5, lastShowDate: null });
    expect(stats[0].presenter.name).toBe('Jade Okafor');
    expect(stats.map((s: { presenter: { name: string } }) => s.presenter.name)).not.toContain('Admin');
  });

  it('keeps a manager’s notes when the figures are regenerated with Update Stats', async () => {
    const notes = await manager.patch(`/api/staff/presenter-stats/${jade.userId}`, {
      performanceNotes: ' Great energy. ',
    });
    expect(notes.statusCode).toBe(200);
    const updated = await manager.post('/api/staff/presenter-stats/generate');
    expect(updated.statusCode).toBe(200);
    const jadeStats = updated
      .json()
      .stats.find((s: { presenter: { id: string } }) => s.presenter.id === jade.userId);
    expect(jadeStats.performanceNotes).toBe('Great energy.');
    expect(jadeStats.totalShows).toBe(5); // now counts the play of 16 July too
    expect(
      (await manager.patch(`/api/staff/presenter-stats/${t.admin.userId}`, { performanceNotes: 'x' }))
        .statusCode,
    ).toBe(404);
  });

  it('says the exact words when generation fails, and changes nothing', async () => {
    await t.dbh.query(`CREATE FUNCTION refuse_stats() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'disk full'; END $$`);
    await t.dbh.query(
      'CREATE TRIGGER refuse_stats BEFORE INSERT OR UPDATE ON presenter_statistics FOR EACH ROW EXECUTE FUNCTION refuse_stats()',
    );
    const before = (await manager.get('/api/staff/presenter-stats')).json();
    const res = await t.admin.post('/api/staff/presenter-stats/generate');
    expect(res.statusCode).toBe(503);
    expect(res.json().error.message).toBe('Failed to generate presenter statistics. Please try again.');
    expect(res.json().error.message).toBe(PRESENTER_TEXTS.statsFailed);
    expect((await manager.get('/api/staff/presenter-stats')).json()).toEqual(before);
    await t.dbh.query('DROP TRIGGER refuse_stats ON presenter_statistics');
  });

  it('is for managers and admins only', async () => {
    expect((await jade.get('/api/staff/presenter-stats')).statusCode).toBe(403);
    expect((await jade.post('/api/staff/presenter-stats/generate')).statusCode).toBe(403);
    expect((await marcus.patch(`/api/staff/presenter-stats/${jade.userId}`, {})).statusCode).toBe(403);
    expect((await t.admin.get('/api/staff/presenter-stats')).statusCode).toBe(200);
  });
});
