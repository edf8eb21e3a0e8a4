import { afterEach, describe, expect, it, vi } from 'vitest';
import { appForFile } from '../../test/app-for-file';
import { playedByAutoDj } from '../../test/fixtures/library';
import { type Member, signUpMember } from '../../test/test-app';
import { generateChart } from './chart.service';
import { weeklyChartJob } from './library.routes';

// The first account is the admin; later ones sign in below.
const t = appForFile({ admin: 'First Admin' });
afterEach(() => vi.useRealTimers());

/** Only Date is fixed: timers and the database run as usual. */
function clockAt(iso: string) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(iso));
}

async function plays(title: string, times: string[]) {
  await playedByAutoDj(
    t.app.ctx.db,
    { title, artist: 'Test' },
    times.map((at) => new Date(at)),
  );
}

/** An admin signed in under the fixed clock (a session made in real time may read as expired). */
async function adminNow(): Promise<Member> {
  const m = await signUpMember(t.app, 'Chart Admin');
  await t.dbh.query(`UPDATE profiles SET role = 'admin' WHERE id = $1`, [m.userId]);
  return m;
}

const counts = (chart: { entries: { songTitle: string; playCount: number }[] }) =>
  Object.fromEntries(chart.entries.map((e) => [e.songTitle, e.playCount]));

describe('"Update Chart" builds the last complete week', () => {
  it('on a Wednesday it closes the week that ended on Sunday, not the unfinished one', async () => {
    // Week Mon 7 – Sun 13 June 2027 (London, BST); the clock reads Wednesday 16 June.
    await plays('Full Week', ['2027-06-07T09:00:00Z', '2027-06-10T09:00:00Z', '2027-06-13T20:00:00Z']);
    await plays('This Week', ['2027-06-14T09:00:00Z', '2027-06-15T09:00:00Z', '2027-06-15T10:00:00Z']);
    await plays('This Week', ['2027-06-16T08:00:00Z']);
    clockAt('2027-06-16T12:00:00Z');
    // A part-week chart an earlier version built for the week still running.
    await generateChart(t.app.ctx, new Date('2027-06-16T12:00:00Z'), new Date('2027-06-16T12:00:00Z'));
    const admin = await adminNow();
    const res = await admin.post('/api/chart/generate');
    expect(res.statusCode).toBe(200);
    const chart = res.json();
    expect(chart.weekEnding).toBe('2027-06-13');
    expect(counts(chart)).toEqual({ 'Full Week': 3 });
    // The chart page shows that full week, not the part-week one.
    expect((await admin.get('/api/chart')).json()).toEqual(chart);
  });

  it('draws the week’s edges in the station’s zone, across the change to summer time', async () => {
    // Europe/London moves to BST at 01:00 UTC on Sunday 28 March 2027. The week Mon 22 – Sun 28 March
    // runs from 00:00 GMT on the 22nd to 00:00 BST on the 29th (23:00 UTC on the 28th).
    await plays('Spring Song', [
      '2027-03-21T23:30:00Z', // Sunday 23:30 GMT: the week before
      '2027-03-22T00:30:00Z', // Monday 00:30 GMT: in
      '2027-03-28T22:30:00Z', // Sunday 23:30 BST: in
      '2027-03-28T23:15:00Z', // Monday 00:15 BST: the next week
    ]);
    clockAt('2027-03-28T23:30:00Z'); // Monday 29 March, 00:30 in London
    const chart = (await (await adminNow()).post('/api/chart/generate')).json();
    expect(chart.weekEnding).toBe('2027-03-28');
    expect(counts(chart)).toEqual({ 'Spring Song': 2 });
  });

  it('follows the station’s time zone setting', async () => {
    const admin = await adminNow();
    const set = await admin.patch('/api/settings/site', { stationTimeZone: 'America/New_York' });
    expect(set.statusCode).toBe(200);
    try {
      // Sunday 20 June 2027, 22:00 in New York (Monday 02:00 UTC): that week is not over there.
      await plays('East Coast', ['2027-06-14T12:00:00Z', '2027-06-20T12:00:00Z']);
      await plays('Week Before', ['2027-06-08T12:00:00Z']);
      clockAt('2027-06-21T02:00:00Z');
      const chart = (await (await adminNow()).post('/api/chart/generate')).json();
      expect(chart.weekEnding).toBe('2027-06-13');
      expect(counts(chart)['East Coast']).toBeUndefined();
      expect(counts(chart)['Week Before']).toBe(1);
    } finally {
      vi.useRealTimers();
      await admin.patch('/api/settings/site', { stationTimeZone: 'Europe/London' });
    }
  });
});

describe('the weekly job closes the week in the station’s zone', () => {
  it('runs in the first hour of Monday there, and only then', async () => {
    await plays('Autumn Song', ['2027-10-25T09:00:00Z', '2027-10-31T23:30:00Z']); // 31 Oct 23:30 GMT
    await plays('Autumn Song', ['2027-11-01T00:05:00Z']); // Monday 1 Nov 00:05 GMT: next week
    const job = weeklyChartJob(t.app.ctx);
    // BST ends at 01:00 UTC on Sunday 31 October 2027. Sunday 23:30 UTC is still Sunday in London.
    clockAt('2027-10-31T23:10:00Z');
    expect(await job.handler({})).toMatchObject({ skipped: true });
    clockAt('2027-11-01T00:10:00Z'); // Monday 00:10 GMT
    expect(await job.handler({})).toMatchObject({ weekEnding: '2027-10-31', entries: 1 });
    const chart = (await (await adminNow()).get('/api/chart')).json();
    expect(chart.weekEnding).toBe('2027-10-31');
    expect(counts(chart)).toEqual({ 'Autumn Song': 2 });
  });
});
