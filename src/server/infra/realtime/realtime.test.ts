import { describe, expect, it } from 'vitest';
import { EVENT_TYPES, topics } from '../../../shared/events';
import { notify } from '../../modules/notifications/notifications.service';
import { appForFile } from '../../test/app-for-file';
import { openStream, sleep } from '../../test/sse-client';
import { memberWith, signUpMember, withTwoInstances } from '../../test/test-app';

const t = appForFile({ listen: true });

describe('GET /api/events', () => {
  it('delivers a member’s own notifications live, and not to anyone else', async () => {
    const a = await signUpMember(t.app, 'Listener A');
    const b = await signUpMember(t.app, 'Listener B');
    const sa = openStream(t.base, { cookie: a.cookie });
    const sb = openStream(t.base, { cookie: b.cookie });
    const anon = openStream(t.base);
    await Promise.all([sa.opened, sb.opened, anon.opened]);
    await notify(t.app.ctx, a.userId, { title: 'Your request was played', message: 'Enjoy!' });
    const e = await sa.waitFor(EVENT_TYPES.notificationCreated);
    expect(e.data).toMatchObject({ title: 'Your request was played', isRead: false });
    await sleep(200);
    expect(sb.events.some((x) => x.event === EVENT_TYPES.notificationCreated)).toBe(false);
    expect(anon.events.some((x) => x.event === EVENT_TYPES.notificationCreated)).toBe(false);
    for (const s of [sa, sb, anon]) s.close();
  });

  it('sends public events to everyone and capability events only to holders', async () => {
    const user = await signUpMember(t.app, 'Plain');
    const presenter = await memberWith(t, 'presenter');
    const su = openStream(t.base, { cookie: user.cookie });
    const sp = openStream(t.base, { cookie: presenter.cookie });
    const anon = openStream(t.base);
    await Promise.all([su.opened, sp.opened, anon.opened]);
    await t.app.ctx.realtime.publish(topics.public, 'test.public', { hello: 'world' });
    await t.app.ctx.realtime.publish(topics.capability('requests.manage'), 'test.staff', { secret: true });
    await Promise.all([su.waitFor('test.public'), sp.waitFor('test.public'), anon.waitFor('test.public')]);
    await sp.waitFor('test.staff');
    await sleep(200);
    expect(su.events.some((x) => x.event === 'test.staff')).toBe(false);
    expect(anon.events.some((x) => x.event === 'test.staff')).toBe(false);
    for (const s of [su, sp, anon]) s.close();
  });

  it('resumes by Last-Event-ID: a reconnect receives what it missed, once and in order', async () => {
    const m = await signUpMember(t.app, 'Reconnecting');
    const s1 = openStream(t.base, { cookie: m.cookie });
    await s1.opened;
    await notify(t.app.ctx, m.userId, { title: 'first', message: '1' });
    const firstEvent = await s1.waitFor(EVENT_TYPES.notificationCreated);
    s1.close();
    await sleep(100);
    await notify(t.app.ctx, m.userId, { title: 'second', message: '2' });
    await notify(t.app.ctx, m.userId, { title: 'third', message: '3' });
    const s2 = openStream(t.base, { cookie: m.cookie, lastEventId: firstEvent.id });
    await s2.opened;
    await s2.waitFor(
      EVENT_TYPES.notificationCreated,
      5000,
      (e) => (e.data as { title: string }).title === 'third',
    );
    const titles = s2.events
      .filter((e) => e.event === EVENT_TYPES.notificationCreated)
      .map((e) => (e.data as { title: string }).title);
    expect(titles).toEqual(['second', 'third']);
    s2.close();
  });

  it('sends heartbeats and tells a client too far behind to resync', async () => {
    const s = openStream(t.base, { lastEventId: '0' });
    await s.opened;
    await t.app.ctx.dbh.query(`DELETE FROM realtime_events WHERE id = (SELECT min(id) FROM realtime_events)`);
    s.close();
    const s2 = openStream(t.base, { lastEventId: '0' });
    await s2.waitFor('resync');
    s2.close();
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('two app instances on one PostgreSQL', () => {
  it('delivers an event published by one instance to a browser connected to the other', async () => {
    await withTwoInstances(async (one, two) => {
      const twoBase = await two.listen();
      const m = await signUpMember(one.app, 'Scaled Out');
      const s = openStream(twoBase, { cookie: m.cookie });
      await s.opened;
      await notify(one.app.ctx, m.userId, { title: 'From instance one', message: 'hello' });
      const e = await s.waitFor(EVENT_TYPES.notificationCreated);
      expect(e.data).toMatchObject({ title: 'From instance one' });
      // A large payload travels by id and is read back from the table.
      await one.app.ctx.realtime.publish(topics.public, 'test.big', { blob: 'x'.repeat(20_000) });
      const big = await s.waitFor('test.big');
      expect((big.data as { blob: string }).blob).toHaveLength(20_000);
      s.close();
    });
  });

  it('delivers an event whose publish commits after one with a higher id (a chat message was lost so)', async () => {
    const s = openStream(t.base);
    await s.opened;
    // A publish that takes its id first and commits last, as two concurrent publishes can on PostgreSQL.
    const slow = await t.dbh.pool!.connect();
    try {
      await slow.query('BEGIN');
      const { rows } = await slow.query<{ id: string }>(
        `INSERT INTO realtime_events (topic, type, data) VALUES ('public', 'test.slow', '{"n":1}') RETURNING id`,
      );
      const fastId = await t.app.ctx.realtime.publish(topics.public, 'test.fast', { n: 2 });
      expect(Number(fastId)).toBeGreaterThan(Number(rows[0].id));
      await s.waitFor('test.fast');
      await slow.query(`SELECT pg_notify('onair_events', json_build_object('id', $1::bigint)::text)`, [
        rows[0].id,
      ]);
      await slow.query('COMMIT');
    } finally {
      slow.release();
    }
    const late = await s.waitFor('test.slow');
    expect(late.data).toEqual({ n: 1 });
    s.close();
  });
});
