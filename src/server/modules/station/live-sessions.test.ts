/**
 * DJ tools without the engine's processes: the built-in backend as the app builds it, its
 * reports posted to the engine routes as Liquidsoap posts them. Live sessions open and close with the
 * DJ (presenter, booked slot, format and bitrate), Stream Info's connection check, sessions left open
 * by a crash, and the booked-slot rule at the harbor's door (station time zone, weekly and one-off
 * slots, 10 minutes either side, admins, the setting off).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { zonedParts, zonedTimeToUtc } from '../../../shared/time';
import type { BuiltinBackend } from '../../integrations/radio/builtin/builtin-backend';
import { appForFile } from '../../test/app-for-file';
import { Client, type Member, memberWith, signUpMember } from '../../test/test-app';
import { listenerSamples } from '../admin/listener-samples.table';
import { scheduleSlots } from '../schedule/schedule.table';
import { writeSetting } from '../settings/settings.service';
import { mayGoLiveNow } from './live-gate';
import { closeSessionsLeftOpen } from './live-sessions';
import { nowPlayingSlot } from './now-playing.service';
import { liveSessions } from './station.table';

// The built-in engine as the app builds it; its processes are not started (the app never listens).
const t = appForFile({ builtin: true, admin: 'Station Admin' });
let engine: BuiltinBackend;
let jade: Member;
let jadeCreds: { username: string; password: string };
let seq = 1;

const engineCall = (url: string, body: Record<string, unknown>) =>
  new Client(t.app).request('POST', url, body, { 'x-engine-token': t.app.ctx.station.engineToken });
const report = async (body: Record<string, unknown>) => {
  const res = await engineCall('/api/station/engine/event', { type: 'live', seq: seq++, ...body });
  expect(res.statusCode).toBe(200);
  await nowPlayingSlot.of(t.app.ctx).idle();
};
const mayConnect = async (user: string, password: string) =>
  (await engineCall('/api/station/engine/auth', { user, password, address: '127.0.0.1' })).json().allowed;
const sessions = () => t.app.ctx.db.select().from(liveSessions).orderBy(liveSessions.startedAt);
const clearSlots = () => t.app.ctx.db.delete(scheduleSlots);

/** A slot of `presenterId` in the station's zone: weekly on the weekday of `date`, or a one-off on it. */
async function book(
  presenterId: string,
  date: string,
  startTime: string,
  endTime: string,
  opts: { oneOff?: boolean; showName?: string } = {},
) {
  const [y, m, d] = date.split('-').map(Number);
  const dayOfWeek = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  const [row] = await t.app.ctx.db
    .insert(scheduleSlots)
    .values({
      presenterId,
      dayOfWeek,
      startTime,
      endTime,
      showName: opts.showName ?? 'The Late Shift',
      specificDate: opts.oneOff ? date : null,
      bookingType: opts.oneOff ? 'one_time' : 'weekly',
      isRecurring: !opts.oneOff,
      status: 'approved',
    })
    .returning();
  return row;
}

beforeAll(async () => {
  engine = t.app.ctx.station.engine!;
  // What start() does first: the engine's reports go to now playing.
  Object.assign(engine, { sink: nowPlayingSlot.of(t.app.ctx) });
  jade = await memberWith(t, 'presenter', [], 'Jade Okafor');
  jadeCreds = (await jade.post('/api/station/my-credentials')).json();
});

describe('live sessions', () => {
  beforeEach(async () => {
    await t.app.ctx.db.delete(liveSessions);
    await clearSlots();
  });

  it('opens a session when a DJ connects, with the presenter, the slot on air, format and bitrate', async () => {
    // A slot of today around now (within the station's day, so never across midnight).
    const p = zonedParts(new Date(), t.app.ctx.config.STATION_TIMEZONE);
    const date = `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
    const from = `${String(Math.max(0, p.hour - 1)).padStart(2, '0')}:00`;
    const to = p.hour >= 22 ? '23:59' : `${String(p.hour + 2).padStart(2, '0')}:00`;
    const slot = await book(jade.userId, date, from, to, { showName: 'Morning Brew' });

    const before = Date.now();
    await report({
      connected: true,
      streamer: jadeCreds.username,
      contentType: 'audio/mpeg',
      audioInfo: 'ice-samplerate=44100;ice-bitrate=128;ice-channels=2',
      iceBitrate: '',
    });
    const [open] = await sessions();
    expect(open).toMatchObject({
      streamerUsername: jadeCreds.username,
      presenterId: jade.userId,
      slotId: slot.id,
      showTitle: 'Morning Brew',
      format: 'audio/mpeg',
      bitrate: 128,
      endedAt: null,
    });
    expect(open.startedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);

    const check = (await jade.get('/api/station/my-connection')).json();
    expect(check).toEqual({
      supported: true,
      connected: true,
      own: true,
      session: {
        streamerUsername: jadeCreds.username,
        showTitle: 'Morning Brew',
        format: 'audio/mpeg',
        bitrate: 128,
        since: open.startedAt.toISOString(),
      },
      lastRefusal: null,
      bookedSlotsOnly: false,
      graceMinutes: 10,
    });

    await report({ connected: false, streamer: jadeCreds.username });
    const [closed] = await sessions();
    expect(closed.endedAt).not.toBeNull();
    expect(closed.endedAt!.getTime()).toBeGreaterThanOrEqual(closed.startedAt.getTime());
    expect((await jade.get('/api/station/my-connection')).json()).toMatchObject({
      connected: false,
      session: null,
    });
  });

  it('gives a presenter going live a few minutes early their own slot', async () => {
    const tz = t.app.ctx.config.STATION_TIMEZONE;
    const soon = zonedParts(new Date(Date.now() + 6 * 60_000), tz);
    const later = zonedParts(new Date(Date.now() + 66 * 60_000), tz);
    const hhmm = (p: typeof soon) =>
      `${String(p.hour).padStart(2, '0')}:${String(p.minute).padStart(2, '0')}`;
    const date = `${soon.year}-${String(soon.month).padStart(2, '0')}-${String(soon.day).padStart(2, '0')}`;
    const slot = await book(jade.userId, date, hhmm(soon), hhmm(later), { showName: 'Early Bird' });
    await report({ connected: true, streamer: jadeCreds.username });
    const [open] = await sessions();
    expect(open).toMatchObject({ presenterId: jade.userId, slotId: slot.id, showTitle: 'Early Bird' });
    await report({ connected: false, streamer: jadeCreds.username });
  });

  it('calls a show outside any booked slot "Live show", and keeps what the software did not say as unknown', async () => {
    await report({ connected: true, streamer: 'guest-dj' });
    const [open] = await sessions();
    expect(open).toMatchObject({
      streamerUsername: 'guest-dj',
      presenterId: null,
      slotId: null,
      showTitle: 'Live show',
      format: null,
      bitrate: null,
    });
    await report({ connected: false, streamer: 'guest-dj' });
  });

  it('shows a presenter only their own connection; station control sees the one on air', async () => {
    await report({ connected: true, streamer: 'guest-dj', contentType: 'audio/ogg', iceBitrate: '96' });
    expect((await jade.get('/api/station/my-connection')).json()).toMatchObject({
      connected: false,
      session: null,
      own: false,
    });
    expect((await t.admin.get('/api/station/my-connection')).json()).toMatchObject({
      connected: true,
      own: false,
      session: { streamerUsername: 'guest-dj', format: 'audio/ogg', bitrate: 96 },
    });
    expect((await new Client(t.app).get('/api/station/my-connection')).statusCode).toBe(401);
    const member = await signUpMember(t.app, 'Just A Listener');
    expect((await member.get('/api/station/my-connection')).statusCode).toBe(403);
    await report({ connected: false, streamer: 'guest-dj' });
  });

  it('closes the open session when the engine dies mid-show, and a reconnect opens a new one', async () => {
    await report({ connected: true, streamer: jadeCreds.username, contentType: 'audio/mpeg' });
    // What the backend does when Liquidsoap exits (a crash, a restart, the app stopping it).
    await (engine as unknown as { events: { engineLost(): Promise<void> } }).events.engineLost();
    await nowPlayingSlot.of(t.app.ctx).idle();
    let rows = await sessions();
    expect(rows).toHaveLength(1);
    expect(rows[0].endedAt).not.toBeNull();
    await report({ connected: true, streamer: jadeCreds.username, contentType: 'audio/mpeg' });
    rows = await sessions();
    expect(rows).toHaveLength(2);
    expect(rows[1].endedAt).toBeNull();
    await report({ connected: false, streamer: jadeCreds.username });
    expect((await sessions()).every((s) => s.endedAt !== null)).toBe(true);
  });

  it('closes a second connect’s predecessor: never two sessions open at once', async () => {
    await report({ connected: true, streamer: 'guest-dj' });
    await report({ connected: true, streamer: jadeCreds.username });
    const rows = await sessions();
    expect(rows.filter((s) => s.endedAt === null).map((s) => s.streamerUsername)).toEqual([
      jadeCreds.username,
    ]);
    await report({ connected: false, streamer: jadeCreds.username });
  });

  it('closes sessions a crashed run left open at their last known time', async () => {
    const db = t.app.ctx.db;
    const started = new Date(Date.now() - 3 * 3600_000);
    const lastSample = new Date(started.getTime() + 42 * 60_000);
    await db.insert(listenerSamples).values([
      { sampledAt: new Date(started.getTime() + 41 * 60_000), listeners: 3, onAir: true },
      { sampledAt: lastSample, listeners: 4, onAir: true },
    ]);
    const [left] = await db
      .insert(liveSessions)
      .values({ streamerUsername: jadeCreds.username, showTitle: 'Live show', startedAt: started })
      .returning();
    const lonely = new Date(Date.now() - 5000); // no evidence after it began: closed at its own start
    const [late] = await db
      .insert(liveSessions)
      .values({ streamerUsername: 'guest-dj', showTitle: 'Live show', startedAt: lonely })
      .returning();
    const closed = await closeSessionsLeftOpen(db);
    expect(closed.map((s) => s.id).sort()).toEqual([left.id, late.id].sort());
    const rows = await sessions();
    expect(rows.find((s) => s.id === left.id)!.endedAt!.toISOString()).toBe(lastSample.toISOString());
    expect(rows.find((s) => s.id === late.id)!.endedAt!.toISOString()).toBe(lonely.toISOString());
    await db.delete(listenerSamples);
  });
});

describe('presenters may go live only in their booked slots', () => {
  const ctx = () => t.app.ctx;
  const TZ = 'America/New_York';
  /** An instant given as wall-clock time in the station's zone. */
  const at = (date: string, hhmm: string) => {
    const [y, m, d] = date.split('-').map(Number);
    const [h, min] = hhmm.split(':').map(Number);
    return zonedTimeToUtc(y, m, d, h, min, TZ);
  };
  const may = async (date: string, hhmm: string, user = jadeCreds.username) =>
    (await mayGoLiveNow(ctx(), user, at(date, hhmm))).allowed;

  beforeAll(async () => {
    await writeSetting(ctx().db, 'station_timezone', TZ);
  });
  afterAll(async () => {
    await writeSetting(ctx().db, 'station_timezone', '');
    await writeSetting(ctx().db, 'live_only_in_booked_slots', false);
  });
  beforeEach(async () => {
    await clearSlots();
    await writeSetting(ctx().db, 'live_only_in_booked_slots', true);
  });

  it('allows a weekly slot, from 10 minutes before to 10 minutes after, in the station’s time zone', async () => {
    // Monday 30 November 2026, 20:00–22:00 in New York (01:00–03:00 UTC on Tuesday).
    await book(jade.userId, '2026-11-30', '20:00', '22:00');
    expect(await may('2026-11-30', '21:00')).toBe(true);
    expect(await may('2026-11-30', '19:50')).toBe(true);
    expect(await may('2026-11-30', '22:10')).toBe(true);
    expect(await may('2026-11-30', '19:49')).toBe(false);
    expect(await may('2026-11-30', '22:11')).toBe(false);
    // The same weekday a week later: weekly.
    expect(await may('2026-12-07', '20:30')).toBe(true);
    // 21:00 UTC on Monday is 16:00 in New York: outside.
    expect((await mayGoLiveNow(ctx(), jadeCreds.username, new Date('2026-11-30T21:00:00Z'))).allowed).toBe(
      false,
    );
    // 01:30 UTC on Tuesday is 20:30 on Monday in New York: inside.
    expect((await mayGoLiveNow(ctx(), jadeCreds.username, new Date('2026-12-01T01:30:00Z'))).allowed).toBe(
      true,
    );
  });

  it('allows a one-off slot on its date only', async () => {
    await book(jade.userId, '2026-12-02', '09:00', '10:00', { oneOff: true });
    expect(await may('2026-12-02', '08:50')).toBe(true);
    expect(await may('2026-12-02', '10:10')).toBe(true);
    expect(await may('2026-12-02', '08:49')).toBe(false);
    expect(await may('2026-12-09', '09:30')).toBe(false);
  });

  it('follows a show past midnight into the next day', async () => {
    await book(jade.userId, '2026-12-03', '23:00', '01:00');
    expect(await may('2026-12-03', '22:50')).toBe(true);
    expect(await may('2026-12-04', '00:30')).toBe(true);
    expect(await may('2026-12-04', '01:10')).toBe(true);
    expect(await may('2026-12-04', '01:11')).toBe(false);
  });

  it('counts only the presenter’s own approved slots', async () => {
    const other = await memberWith(t, 'presenter', [], 'Other Presenter');
    await book(other.userId, '2026-11-30', '20:00', '22:00');
    expect(await may('2026-11-30', '21:00')).toBe(false);
    await clearSlots();
    const [pending] = await ctx()
      .db.insert(scheduleSlots)
      .values({
        presenterId: jade.userId,
        dayOfWeek: 1,
        startTime: '20:00',
        endTime: '22:00',
        showName: 'Pending',
        status: 'pending',
      })
      .returning();
    expect(pending).toBeTruthy();
    expect(await may('2026-11-30', '21:00')).toBe(false);
  });

  it('always allows admins, and everyone when the setting is off', async () => {
    const boss = await memberWith(t, 'admin', [], 'Boss Admin');
    const bossCreds = (await boss.post('/api/station/my-credentials')).json();
    expect(await may('2026-11-30', '04:00', bossCreds.username)).toBe(true);
    expect(await may('2026-11-30', '04:00')).toBe(false);
    await writeSetting(ctx().db, 'live_only_in_booked_slots', false);
    expect(await may('2026-11-30', '04:00')).toBe(true);
  });

  it('refuses at the harbor’s door with the reason in the system log, after the password', async () => {
    const warnings: string[] = [];
    const log = t.app.ctx.log;
    const original = log.warn.bind(log);
    log.warn = ((obj: unknown, msg?: string) => {
      warnings.push(typeof obj === 'string' ? obj : (msg ?? ''));
      return original(obj as object, msg);
    }) as typeof log.warn;
    try {
      // No slot at all now: refused, and the log says why.
      expect(await mayConnect(jadeCreds.username, jadeCreds.password)).toBe(false);
      expect(warnings.some((w) => w.includes(jadeCreds.username) && w.includes('booked slots'))).toBe(true);
      // Jade's connection check says why.
      expect((await jade.get('/api/station/my-connection')).json()).toMatchObject({
        connected: false,
        bookedSlotsOnly: true,
        lastRefusal: { reason: expect.stringContaining('Outside your booked slots') },
      });
      // A wrong password is refused as before (the slot rule is not what refused it).
      expect(await mayConnect(jadeCreds.username, 'WRONG-PASS')).toBe(false);
      expect((await jade.get('/api/station/my-connection')).json().lastRefusal.reason).toMatch(
        /Wrong username or password/,
      );
      // A slot on air now: allowed.
      const now = zonedParts(new Date(), TZ);
      const date = `${now.year}-${String(now.month).padStart(2, '0')}-${String(now.day).padStart(2, '0')}`;
      const hh = (h: number) => `${String((h + 24) % 24).padStart(2, '0')}:00`;
      await book(jade.userId, date, hh(now.hour), hh(now.hour + 1));
      expect(await mayConnect(jadeCreds.username, jadeCreds.password)).toBe(true);
      // The setting off: allowed whatever the schedule.
      await clearSlots();
      expect(await mayConnect(jadeCreds.username, jadeCreds.password)).toBe(false);
      expect((await t.admin.patch('/api/settings/site', { liveOnlyInBookedSlots: false })).statusCode).toBe(
        200,
      );
      expect(await mayConnect(jadeCreds.username, jadeCreds.password)).toBe(true);
    } finally {
      log.warn = original;
    }
  });

  it('is a Site Setting, off by default, told to the presenter’s connection check', async () => {
    await writeSetting(ctx().db, 'live_only_in_booked_slots', false);
    expect((await t.admin.get('/api/settings/site')).json().liveOnlyInBookedSlots).toBe(false);
    expect((await jade.get('/api/station/my-connection')).json().bookedSlotsOnly).toBe(false);
    const saved = await t.admin.patch('/api/settings/site', { liveOnlyInBookedSlots: true });
    expect(saved.json().liveOnlyInBookedSlots).toBe(true);
    expect((await jade.get('/api/station/my-connection')).json().bookedSlotsOnly).toBe(true);
    const bad = await t.admin.patch('/api/settings/site', { liveOnlyInBookedSlots: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect((await t.admin.get('/api/settings/site')).json().liveOnlyInBookedSlots).toBe(true);
  });
});
