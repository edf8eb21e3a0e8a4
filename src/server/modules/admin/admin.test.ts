import { describe, expect, it } from 'vitest';
import type { Analytics, Dashboard } from '../../../shared/contracts/admin';
import { EVENT_TYPES } from '../../../shared/events';
import type { EngineChange } from '../../integrations/radio/types';
import { appForFile } from '../../test/app-for-file';
import { playedByAutoDj } from '../../test/fixtures/library';
import { ScriptedBackend } from '../../test/scripted-backend';
import { openStream } from '../../test/sse-client';
import { Client, memberWith, signUpMember } from '../../test/test-app';
import { recordPlay, upsertSong } from '../library/songs.service';
import { pruneListenerSamples, sampleListeners } from './admin.jobs';
import { listenersByHour, playsPerDay, showPeaks, topRequesters } from './analytics.service';
import { StationMonitor, stationMonitorSlot } from './station-monitor';

const t = appForFile({ listen: true, admin: 'Ada Admin', scripted: true });

const count = async (table: string) =>
  (await t.dbh.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0].n;

describe('the dashboard', () => {
  it('is for admins only', async () => {
    expect((await new Client(t.app).get('/api/admin/dashboard')).statusCode).toBe(401);
    const member = await signUpMember(t.app, 'Curious Member');
    expect((await member.get('/api/admin/dashboard')).statusCode).toBe(403);
    const presenter = await memberWith(t, 'presenter');
    expect((await presenter.get('/api/admin/dashboard')).statusCode).toBe(403);
  });

  it('counts members, songs and plays; revenue is £0 until the shop takes payments', async () => {
    await playedByAutoDj(
      t.app.ctx.db,
      { title: 'Dash Song', artist: 'The Counters', album: null },
      [0, 1, 2].map((i) => new Date(Date.now() - i * 60_000)),
    );
    const res = await t.admin.get('/api/admin/dashboard');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { stats } = res.json() as Dashboard;
    expect(stats).toEqual({
      totalUsers: await count('profiles'),
      revenueGbp: 0,
      totalSongs: await count('songs'),
      totalPlays: await count('song_plays'),
    });
    expect(stats.totalPlays).toBeGreaterThanOrEqual(3);
  });

  it('measures the system: database, engine and since when, listeners, job queues, card payments', async () => {
    t.backend.listeners = 42;
    const { status } = (await t.admin.get('/api/admin/dashboard')).json() as Dashboard;
    expect(status.database.reachable).toBe(true);
    expect(status.database.latencyMs).toBeGreaterThanOrEqual(0);
    expect(status.engine).toMatchObject({ kind: 'icecast', configured: true, onAir: true, isLive: false });
    expect(Date.parse(status.engine.since!)).toBeLessThanOrEqual(Date.now());
    expect(status.listeners).toBe(42);
    // This test app runs no jobs (JOBS_ENABLED=false): the runner says so; every queue is listed.
    expect(status.jobs.runner).toBe('disabled');
    expect(status.jobs.queues.map((q) => q.name)).toEqual(
      expect.arrayContaining(['analytics.listeners.sample', 'analytics.listeners.prune', 'chart.weekly']),
    );
    expect(status.cardPayments).toEqual({ configured: false });
  });

  it('tells open admin pages the moment the station goes off air, and since when', async () => {
    const before = (await t.admin.get('/api/admin/dashboard')).json() as Dashboard;
    expect(before.status.engine.onAir).toBe(true);
    const adminStream = openStream(t.base, { cookie: t.admin.cookie });
    const member = await signUpMember(t.app, 'Bystander');
    const memberStream = openStream(t.base, { cookie: member.cookie });
    await Promise.all([adminStream.opened, memberStream.opened]);

    t.backend.onAir = false;
    const stoppedAt = Date.now();
    await stationMonitorSlot.of(t.app.ctx).check();
    const e = await adminStream.waitFor(EVENT_TYPES.stationStatusChanged);
    expect(e.data).toMatchObject({ onAir: false });
    const since = Date.parse((e.data as { since: string }).since);
    expect(since).toBeGreaterThanOrEqual(stoppedAt - 1000);

    const after = (await t.admin.get('/api/admin/dashboard')).json() as Dashboard;
    expect(after.status.engine.onAir).toBe(false);
    expect(Date.parse(after.status.engine.since!)).toBe(since);

    t.backend.onAir = true;
    await stationMonitorSlot.of(t.app.ctx).check();
    const back = await adminStream.waitFor(
      EVENT_TYPES.stationStatusChanged,
      5000,
      (x) => (x.data as { onAir: boolean }).onAir,
    );
    const backSince = (back.data as { since: string }).since;
    expect(Date.parse(backSince)).toBeGreaterThanOrEqual(since);
    // Back on air, the interruption is remembered: from the stop to the return.
    const span = { from: new Date(since).toISOString(), to: backSince };
    expect((back.data as { lastOffAir: unknown }).lastOffAir).toEqual(span);
    const later = (await t.admin.get('/api/admin/dashboard')).json() as Dashboard;
    expect(later.status.engine).toMatchObject({ onAir: true, since: backSince, lastOffAir: span });
    // Members never receive the admins' status events.
    await new Promise((r) => setTimeout(r, 200));
    expect(memberStream.events.some((x) => x.event === EVENT_TYPES.stationStatusChanged)).toBe(false);
    adminStream.close();
    memberStream.close();
  });
});

describe('the station monitor', () => {
  /** A scripted engine that reports its process changes, watched by a monitor of its own. */
  function watchedEngine() {
    const listeners = new Set<(change: EngineChange) => void>();
    const engine = Object.assign(new ScriptedBackend(), {
      onEngineChange(listener: (change: EngineChange) => void) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    });
    const engineChanged = (change: EngineChange) => {
      for (const listener of listeners) listener(change);
    };
    const monitor = new StationMonitor({ realtime: t.app.ctx.realtime, log: t.app.log }, engine);
    return { engine, engineChanged, monitor };
  }

  it('measures at once when the engine says its processes stopped, without waiting for its timer', async () => {
    const { engine, engineChanged, monitor } = watchedEngine();
    monitor.start(3_600_000); // the timer would not fire within this test
    await monitor.check();
    const adminStream = openStream(t.base, { cookie: t.admin.cookie });
    await adminStream.opened;
    engine.onAir = false;
    engineChanged({ stopped: true });
    const e = await adminStream.waitFor(EVENT_TYPES.stationStatusChanged);
    expect(e.data).toMatchObject({ onAir: false });
    monitor.stop();
    adminStream.close();
  });

  it('records a stop the engine reported even when the replacement is already on air when it measures', async () => {
    const { engineChanged, monitor } = watchedEngine();
    monitor.start(3_600_000);
    const onAir = await monitor.check();
    expect(onAir.status.onAir).toBe(true);
    const adminStream = openStream(t.base, { cookie: t.admin.cookie });
    await adminStream.opened;
    // A restart so quick that the mount never looked empty: the exit alone says the stream stopped.
    engineChanged({ stopped: true });
    engineChanged({ stopped: false });
    const down = await adminStream.waitFor(EVENT_TYPES.stationStatusChanged);
    expect(down.data).toMatchObject({ onAir: false });
    const back = await adminStream.waitFor(
      EVENT_TYPES.stationStatusChanged,
      5000,
      (x) => (x.data as { onAir: boolean }).onAir,
    );
    const downSince = (down.data as { since: string }).since;
    expect(back.data).toMatchObject({
      onAir: true,
      lastOffAir: { from: downSince, to: (back.data as { since: string }).since },
    });
    expect(Date.parse(downSince)).toBeGreaterThan(onAir.since.getTime() - 1);
    monitor.stop();
    adminStream.close();
  });
});

describe('listener samples', () => {
  it('records one row per minute, measured from the engine', async () => {
    await t.dbh.query('DELETE FROM listener_samples');
    t.backend.listeners = 17;
    const at = new Date('2026-11-20T10:15:30Z');
    expect(await sampleListeners(t.app.ctx, at)).toEqual({ listeners: 17, onAir: true, recorded: true });
    t.backend.listeners = 18;
    expect((await sampleListeners(t.app.ctx, new Date('2026-11-20T10:15:50Z'))).recorded).toBe(false);
    const { rows } = await t.dbh.query<{ sampled_at: Date; listeners: number; on_air: boolean }>(
      'SELECT sampled_at, listeners, on_air FROM listener_samples',
    );
    expect(rows).toHaveLength(1);
    expect(new Date(rows[0].sampled_at).toISOString()).toBe('2026-11-20T10:15:00.000Z');
    expect(rows[0]).toMatchObject({ listeners: 17, on_air: true });
  });

  it('keeps 90 days', async () => {
    await t.dbh.query('DELETE FROM listener_samples');
    await t.dbh.query(
      `INSERT INTO listener_samples (sampled_at, listeners, on_air) VALUES
         (now() - interval '91 days', 1, true), (now() - interval '89 days', 2, true), (now(), 3, true)`,
    );
    await pruneListenerSamples(t.app.ctx);
    const { rows } = await t.dbh.query<{ listeners: number }>(
      'SELECT listeners FROM listener_samples ORDER BY listeners',
    );
    expect(rows.map((r) => r.listeners)).toEqual([2, 3]);
  });
});

describe('analytics', () => {
  const now = new Date('2026-11-18T15:30:00Z'); // a Wednesday; London is on UTC in November
  const sample = (iso: string, listeners: number) =>
    t.dbh.query('INSERT INTO listener_samples (sampled_at, listeners, on_air) VALUES ($1, $2, true)', [
      iso,
      listeners,
    ]);

  it('draws listeners hour by hour over 7 days, with gaps where nothing was sampled', async () => {
    await t.dbh.query('DELETE FROM listener_samples');
    await sample('2026-11-18T14:01:00Z', 10);
    await sample('2026-11-18T14:02:00Z', 30);
    await sample('2026-11-11T15:59:00Z', 99); // before the first of the 168 hours drawn
    const points = await listenersByHour(t.app.ctx, now);
    expect(points).toHaveLength(168);
    expect(points.at(-1)!.hour).toBe('2026-11-18T15:00:00.000Z');
    expect(points.at(-2)).toEqual({ hour: '2026-11-18T14:00:00.000Z', average: 20, peak: 30 });
    expect(points.filter((p) => p.peak !== null)).toHaveLength(1);
    expect(points[0]).toEqual({ hour: '2026-11-11T16:00:00.000Z', average: null, peak: null });
  });

  it('counts plays per station day for 30 days', async () => {
    const song = await upsertSong(t.app.ctx.db, { title: 'Daily', artist: 'Counter', album: null });
    await t.dbh.query('DELETE FROM song_plays');
    const play = (iso: string) =>
      recordPlay(t.app.ctx.db, {
        songId: song.id,
        source: 'autodj',
        playedBy: null,
        streamerName: null,
        playedAt: new Date(iso),
      });
    await play('2026-11-18T09:00:00Z');
    await play('2026-11-18T10:00:00Z');
    await play('2026-11-18T03:00:00Z'); // 22:00 the day before in New York
    await play('2026-11-17T23:30:00Z');
    const london = await playsPerDay(t.app.ctx, 'Europe/London', now);
    expect(london).toHaveLength(30);
    expect(london.at(-1)).toEqual({ day: '2026-11-18', plays: 3 });
    expect(london.at(-2)).toEqual({ day: '2026-11-17', plays: 1 });
    expect(london[0]).toEqual({ day: '2026-10-20', plays: 0 });
    const ny = await playsPerDay(t.app.ctx, 'America/New_York', now);
    expect(ny.slice(-2)).toEqual([
      { day: '2026-11-17', plays: 2 },
      { day: '2026-11-18', plays: 2 },
    ]);
    // In Auckland it is already the 19th, and every play fell on the 18th.
    const auckland = await playsPerDay(t.app.ctx, 'Pacific/Auckland', now);
    expect(auckland.slice(-2)).toEqual([
      { day: '2026-11-18', plays: 4 },
      { day: '2026-11-19', plays: 0 },
    ]);
  });

  it('ranks the top requesters: members by account, visitors by the name they gave', async () => {
    const fan = await signUpMember(t.app, 'Rita Requester');
    await t.dbh.query('DELETE FROM requests');
    const request = (userId: string | null, name: string, key: string, daysAgo: number) =>
      t.dbh.query(
        `INSERT INTO requests (request_type, user_id, song_title, artist, requester_name, requester_key, status, created_at)
         VALUES ('song_request', $1, 'Song', 'Artist', $2, $3, 'played', $4)`,
        [userId, name, key, new Date(now.getTime() - daysAgo * 86_400_000).toISOString()],
      );
    for (let i = 0; i < 3; i++) await request(fan.userId, 'Rita R', `user:${fan.userId}`, i);
    await request(null, 'Vic Visitor', 'addr:abc', 1);
    await request(null, 'Vic V.', 'addr:abc', 2);
    await request(null, 'Other Visitor', 'addr:def', 1);
    await request(fan.userId, 'Rita R', `user:${fan.userId}`, 40); // older than 30 days
    expect(await topRequesters(t.app.ctx, now)).toEqual([
      { name: 'Rita Requester', member: true, requests: 3 },
      { name: 'Vic Visitor', member: false, requests: 2 },
      { name: 'Other Visitor', member: false, requests: 1 },
    ]);
  });

  it('finds each show’s peak audience from the samples taken while it was on', async () => {
    const host = await memberWith(t, 'presenter', [], 'Pat Presenter');
    await t.dbh.query('DELETE FROM schedule_slots');
    await t.dbh.query('DELETE FROM listener_samples');
    const slot = (day: number, start: string, end: string, name: string) =>
      t.dbh.query(
        `INSERT INTO schedule_slots (presenter_id, day_of_week, start_time, end_time, show_name, status)
         VALUES ($1, $2, $3, $4, $5, 'approved')`,
        [host.userId, day, start, end, name],
      );
    await slot(3, '14:00', '16:00', 'Afternoon Tea'); // Wednesday
    await slot(2, '22:00', '00:00', 'Late Night'); // Tuesday, runs to midnight
    await slot(1, '08:00', '09:00', 'Quiet Monday');
    await sample('2026-11-18T13:59:00Z', 500); // a minute before the show
    await sample('2026-11-18T14:00:00Z', 40);
    await sample('2026-11-18T15:20:00Z', 60);
    await sample('2026-11-18T16:00:00Z', 300); // the show has ended
    await sample('2026-11-17T23:59:00Z', 25);
    const peaks = await showPeaks(t.app.ctx, 'Europe/London', now);
    expect(peaks.map((p) => [p.showName, p.peakListeners, p.averageListeners, p.samples])).toEqual([
      ['Afternoon Tea', 60, 50, 2],
      ['Late Night', 25, 25, 1],
      ['Quiet Monday', 0, 0, 0],
    ]);
    expect(peaks[0].presenterName).toBe('Pat Presenter');
  });

  it('is served with the four figures to admins and analytics viewers', async () => {
    const res = await t.admin.get('/api/admin/analytics');
    expect(res.statusCode).toBe(200);
    const body = res.json() as Analytics;
    expect(body.stats.revenueGbp).toBe(0);
    expect(body.timezone).toBe('Europe/London');
    expect(body.listeners).toHaveLength(168);
    expect(body.playsPerDay).toHaveLength(30);
    expect(body.showPeaks.length).toBeGreaterThan(0);
    expect((await (await signUpMember(t.app)).get('/api/admin/analytics')).statusCode).toBe(403);
  });
});

describe('the streamers tab', () => {
  it('edits an account: display name, a new password, enabled or not; bad edits change nothing', async () => {
    const created = await t.admin.post('/api/station/streamers', {
      username: 'dj-edit',
      displayName: 'DJ Before',
      password: 'OLDPASS1',
    });
    expect(created.statusCode).toBe(201);
    const { id } = created.json().streamer;
    const res = await t.admin.patch(`/api/station/streamers/${id}`, {
      displayName: '  DJ After ',
      password: 'NEWPASS2',
      isActive: false,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().streamer).toMatchObject({ displayName: 'DJ After', isActive: false });
    expect(JSON.stringify(res.json())).not.toContain('NEWPASS2');
    expect(t.backend.accounts.get(id)).toMatchObject({ password: 'NEWPASS2', isActive: false });

    expect((await t.admin.patch(`/api/station/streamers/${id}`, { displayName: '   ' })).statusCode).toBe(
      400,
    );
    expect((await t.admin.patch(`/api/station/streamers/${id}`, { password: '' })).statusCode).toBe(400);
    expect(t.backend.accounts.get(id)).toMatchObject({ displayName: 'DJ After', password: 'NEWPASS2' });
    const member = await signUpMember(t.app);
    expect((await member.patch(`/api/station/streamers/${id}`, { isActive: true })).statusCode).toBe(403);
  });
});
