/**
 * Live sessions with the real built-in engine (Icecast + Liquidsoap from Debian) and ffmpeg as the DJ:
 * a presenter connecting in their booked slot opens a session (presenter, slot, show, format; the
 * bitrate when the software announces it), Stream Info's connection check follows it, leaving closes
 * it, an engine restart mid-show closes it and the reconnect opens another, and the booked-slot rule
 * keeps a presenter off air outside their slots. Skipped, with a message, without icecast2/liquidsoap.
 */

import { isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zonedParts } from '../../../shared/time';
import { isBuiltinEngineInstalled } from '../../integrations/radio/builtin/supervisor';
import { startAnnouncingDj, startDjEncoder, waitUntil } from '../../test/engine-helpers';
import { createEngineTestApp } from '../../test/engine-test-app';
import { freshDatabase, type Member, memberWith, signUpMember, type TestApp } from '../../test/test-app';
import { scheduleSlots } from '../schedule/schedule.table';
import { nowPlayingSlot } from './now-playing.service';
import { liveSessions } from './station.table';

const installed = isBuiltinEngineInstalled();
if (!installed)
  console.warn(
    '[live-sessions] skipped: icecast2 and liquidsoap are not installed (apt-get install icecast2 liquidsoap ffmpeg)',
  );

// One show in steps, on one engine, which the last step stops: the steps keep their order.
const inOrder = { shuffle: false };
describe.skipIf(!installed)('live sessions with the built-in engine and ffmpeg as the DJ', inOrder, () => {
  let t: TestApp;
  let dbh: Awaited<ReturnType<typeof freshDatabase>>;
  let closed = false;
  let harbor: number;
  let admin: Member;
  let jade: Member;
  let creds: { username: string; password: string };
  let slotId: string;
  const sessions = () => t.app.ctx.db.select().from(liveSessions).orderBy(liveSessions.startedAt);
  const openOnes = () => t.app.ctx.db.select().from(liveSessions).where(isNull(liveSessions.endedAt));
  const someOpen = async () => {
    const rows = await openOnes();
    return rows.length ? rows : null;
  };
  const isLive = () => nowPlayingSlot.of(t.app.ctx).snapshot.live.isLive;

  beforeAll(async () => {
    // The database outlives the app: the last test stops the app mid-show and reads it afterwards.
    dbh = await freshDatabase();
    const engineApp = await createEngineTestApp('live-sessions', { db: dbh });
    ({ t, harborPort: harbor } = engineApp);
    admin = await signUpMember(t.app, 'Station Admin');
    jade = await memberWith(t, 'presenter', [], 'Jade Okafor');
    creds = (await jade.post('/api/station/my-credentials')).json();
    // Jade's show is on the schedule now (station time, within today).
    const p = zonedParts(new Date(), t.app.ctx.config.STATION_TIMEZONE);
    const [slot] = await t.app.ctx.db
      .insert(scheduleSlots)
      .values({
        presenterId: jade.userId,
        dayOfWeek: p.dayOfWeek,
        startTime: `${String(Math.max(0, p.hour - 1)).padStart(2, '0')}:00`,
        endTime: p.hour >= 22 ? '23:59' : `${String(p.hour + 2).padStart(2, '0')}:00`,
        showName: 'Jade in the Morning',
      })
      .returning();
    slotId = slot.id;
    await engineApp.listen();
    await waitUntil(
      'the engine on air',
      async () => (await admin.get('/api/station/status')).json().onAir,
      30_000,
    );
  }, 90_000);

  afterAll(async () => {
    if (!closed) await t?.close();
    await dbh?.drop();
  });

  it('opens a session when the presenter connects and closes it when they leave', async () => {
    const dj = startDjEncoder(harbor, creds.username, creds.password);
    try {
      const [open] = await waitUntil('a live session', someOpen, 30_000);
      expect(open).toMatchObject({
        streamerUsername: creds.username,
        presenterId: jade.userId,
        slotId,
        showTitle: 'Jade in the Morning',
        format: 'audio/mpeg',
        // ffmpeg's icecast output announces no bitrate.
        bitrate: null,
      });
      await waitUntil('the station live', isLive, 20_000);
      const check = (await jade.get('/api/station/my-connection')).json();
      expect(check).toMatchObject({
        connected: true,
        own: true,
        session: { format: 'audio/mpeg', bitrate: null, since: open.startedAt.toISOString() },
      });
      await new Promise((r) => setTimeout(r, 3000));
    } finally {
      dj.child.kill('SIGKILL');
    }
    const [closed] = await waitUntil(
      'the session closed',
      async () => {
        const rows = await sessions();
        return rows.every((s) => s.endedAt) ? rows : null;
      },
      30_000,
    );
    const seconds = (closed.endedAt!.getTime() - closed.startedAt.getTime()) / 1000;
    expect(seconds).toBeGreaterThanOrEqual(2.5);
    expect(seconds).toBeLessThan(30);
    await waitUntil('AutoDJ back', () => !isLive(), 20_000);
    expect((await jade.get('/api/station/my-connection')).json()).toMatchObject({
      connected: false,
      session: null,
    });
  }, 90_000);

  it('keeps the bitrate the DJ software announces; an engine restart mid-show closes the session', async () => {
    const dj = await startAnnouncingDj(harbor, creds.username, creds.password, {
      bitrate: 96,
      headers: { 'ice-audio-info': 'ice-samplerate=44100;ice-bitrate=96;ice-channels=2' },
    });
    try {
      expect(dj.answer).toMatch(/^HTTP\/1\.[01] 200/);
      const [open] = await waitUntil('a live session', someOpen, 30_000);
      expect(open).toMatchObject({ presenterId: jade.userId, format: 'audio/mpeg', bitrate: 96 });
      expect((await admin.get('/api/station/my-connection')).json()).toMatchObject({
        connected: true,
        session: { bitrate: 96, format: 'audio/mpeg' },
      });
      expect((await admin.post('/api/station/commands/restart')).statusCode).toBe(200);
      await waitUntil(
        'the session closed by the restart',
        async () => (await openOnes()).length === 0,
        30_000,
      );
      const closed = (await sessions()).find((s) => s.id === open.id)!;
      expect(closed.endedAt).not.toBeNull();
    } finally {
      dj.stop();
    }
    // The DJ's software reconnects after the restart: a new session.
    const again = await startAnnouncingDj(harbor, creds.username, creds.password, {
      bitrate: 128,
      headers: { 'ice-bitrate': '128' },
    });
    try {
      const [open] = await waitUntil('a new session', someOpen, 30_000);
      expect(open).toMatchObject({ bitrate: 128, presenterId: jade.userId });
      expect((await sessions()).length).toBe(3);
    } finally {
      again.stop();
    }
    await waitUntil('every session closed', async () => (await openOnes()).length === 0, 30_000);
  }, 120_000);

  it('keeps a presenter off air outside their booked slots when the rule is on', async () => {
    await waitUntil('AutoDJ back', () => !isLive(), 20_000);
    expect((await admin.patch('/api/settings/site', { liveOnlyInBookedSlots: true })).statusCode).toBe(200);
    await t.app.ctx.db.delete(scheduleSlots);
    const before = (await sessions()).length;
    const dj = startDjEncoder(harbor, creds.username, creds.password);
    const code = await Promise.race([dj.exited, new Promise((r) => setTimeout(() => r('running'), 8000))]);
    if (code === 'running') dj.child.kill('SIGKILL');
    expect(isLive()).toBe(false);
    expect((await sessions()).length).toBe(before);
    expect((await admin.patch('/api/settings/site', { liveOnlyInBookedSlots: false })).statusCode).toBe(200);
  }, 60_000);

  it('closes the open session when the app stops the engine mid-show', async () => {
    const dj = startDjEncoder(harbor, creds.username, creds.password);
    try {
      await waitUntil('a live session', someOpen, 30_000);
      closed = true;
      await t.close();
    } finally {
      dj.child.kill('SIGKILL');
    }
    const rows = await dbh.db.select().from(liveSessions);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.filter((s) => s.endedAt === null)).toEqual([]);
  }, 60_000);
});
