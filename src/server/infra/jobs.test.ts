import { describe, expect, it } from 'vitest';
import { appForFile } from '../test/app-for-file';
import { sleep } from '../test/sse-client';
import { signUpMember } from '../test/test-app';

const t = appForFile({ env: { JOBS_ENABLED: 'true' } });

describe('background jobs (pg-boss)', () => {
  it('runs on this database and prunes expired sessions through the queue', async () => {
    expect(t.app.ctx.jobs.started).toBe(true);
    const m = await signUpMember(t.app, 'Expired');
    await t.dbh.query(`UPDATE session SET expires_at = now() - interval '1 day' WHERE user_id = $1`, [
      m.userId,
    ]);
    const id = await t.app.ctx.jobs.send('sessions.prune');
    expect(id).toBeTruthy();
    const deadline = Date.now() + 20_000;
    let left = 1;
    while (Date.now() < deadline) {
      const { rows } = await t.dbh.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM session WHERE user_id = $1',
        [m.userId],
      );
      left = rows[0].n;
      if (left === 0) break;
      await sleep(250);
    }
    expect(left).toBe(0);
    expect((await m.get('/api/me')).json()).toEqual({ me: null });
  }, 30_000);

  it('schedules its recurring jobs', async () => {
    const { rows } = await t.dbh.query<{ name: string }>('SELECT name FROM pgboss.schedule ORDER BY name');
    expect(rows.map((r) => r.name)).toEqual([
      'analytics.listeners.prune',
      'analytics.listeners.sample',
      'audit.staff-actions.prune',
      'backups.scheduled',
      'chart.weekly',
      'discord.sweep',
      'page-visits.prune',
      'realtime.prune',
      'recordings.retention',
      'sessions.prune',
      'staff.presenter-stats',
      'staff.system-logs.prune',
    ]);
  });
});
