import type { ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { EVENT_TYPES, topics } from '../../../shared/events';
import { notify } from '../../modules/notifications/notifications.service';
import { appForFile } from '../../test/app-for-file';
import { openStream, type SseEvent, sleep } from '../../test/sse-client';
import { type Client, createTestApp, memberWith, signUpMember, withTwoInstances } from '../../test/test-app';

const t = appForFile({ env: { EVENT_STREAMS_PER_MEMBER: '3' }, listen: true });

type Stream = ReturnType<typeof openStream>;

/** Did the server end this stream within `ms`? */
const endsWithin = (s: Stream, ms: number) =>
  Promise.race([s.ended.then(() => true), sleep(ms).then(() => false)]);

const lastId = (s: Stream) => s.events.filter((e) => e.id).at(-1)?.id ?? '0';

const ticket = (subject: string) => ({
  subject,
  category: 'technical',
  priority: 'high',
  description: 'The stream stops every few minutes.',
});

const isTicket = (subject: string) => (e: SseEvent) =>
  e.event === EVENT_TYPES.supportTicketChanged && (e.data as { subject?: string }).subject === subject;

/** A ticket opened by `author`: support staff (admins) hear of it on their streams. */
async function openTicket(author: Client, subject: string) {
  expect((await author.post('/api/support/tickets', ticket(subject))).statusCode).toBe(201);
}

describe('an open stream follows its member’s rights', () => {
  it('a demoted admin’s stream stops carrying admin events; the page reconnects with its new rights', async () => {
    const boss = await memberWith(t, 'admin', [], 'Boss Admin');
    const demoted = await memberWith(t, 'admin', [], 'Soon Demoted');
    const author = await signUpMember(t.app, 'Ticket Author');
    const s = openStream(t.base, { cookie: demoted.cookie });
    await s.opened;
    await openTicket(author, 'Before the demotion');
    await s.waitFor(EVENT_TYPES.supportTicketChanged, 5000, isTicket('Before the demotion'));

    const res = await boss.patch(`/api/users/${demoted.userId}/role`, { role: 'user' });
    expect(res.statusCode).toBe(200);
    await openTicket(author, 'After the demotion');
    await sleep(300);
    expect(s.events.some(isTicket('After the demotion'))).toBe(false);

    // The page reconnects where it left off: it hears of its own change, and no admin event any more.
    const again = openStream(t.base, { cookie: demoted.cookie, lastEventId: lastId(s) });
    await again.opened;
    await again.waitFor(EVENT_TYPES.meChanged);
    await openTicket(author, 'Later still');
    await sleep(300);
    expect(again.events.some((e) => e.event === EVENT_TYPES.supportTicketChanged)).toBe(false);
    s.close();
    again.close();
  });

  it('losing an assigned role (developer) stops its events (API keys) on the open stream', async () => {
    const boss = await memberWith(t, 'admin', [], 'Key Admin');
    const dev = await memberWith(t, 'user', ['developer'], 'Dev Leaving');
    const s = openStream(t.base, { cookie: dev.cookie });
    await s.opened;
    expect((await boss.post('/api/staff/api-keys', { name: 'First key' })).statusCode).toBe(201);
    await s.waitFor(EVENT_TYPES.apiKeysChanged);
    const seen = s.events.filter((e) => e.event === EVENT_TYPES.apiKeysChanged).length;

    const assignment = (await boss.get('/api/role-assignments'))
      .json()
      .assignments.find((a: { userId: string }) => a.userId === dev.userId);
    expect((await boss.delete(`/api/role-assignments/${assignment.id}`)).statusCode).toBe(200);
    expect((await boss.post('/api/staff/api-keys', { name: 'Second key' })).statusCode).toBe(201);
    await sleep(300);
    expect(s.events.filter((e) => e.event === EVENT_TYPES.apiKeysChanged)).toHaveLength(seen);

    const again = openStream(t.base, { cookie: dev.cookie, lastEventId: lastId(s) });
    await again.opened;
    await again.waitFor(EVENT_TYPES.meChanged);
    expect((await boss.post('/api/staff/api-keys', { name: 'Third key' })).statusCode).toBe(201);
    await sleep(300);
    expect(again.events.some((e) => e.event === EVENT_TYPES.apiKeysChanged)).toBe(false);
    s.close();
    again.close();
  });

  it('a promoted member’s page reconnects and then receives the new role’s events', async () => {
    const boss = await memberWith(t, 'admin', [], 'Promoting Admin');
    const m = await signUpMember(t.app, 'Rising Member');
    const author = await signUpMember(t.app, 'Another Author');
    const s = openStream(t.base, { cookie: m.cookie });
    await s.opened;
    expect((await boss.patch(`/api/users/${m.userId}/role`, { role: 'admin' })).statusCode).toBe(200);
    expect(await endsWithin(s, 2000)).toBe(true);
    const again = openStream(t.base, { cookie: m.cookie, lastEventId: lastId(s) });
    await again.opened;
    await openTicket(author, 'For the new admin');
    await again.waitFor(EVENT_TYPES.supportTicketChanged, 5000, isTicket('For the new admin'));
    again.close();
  });
});

describe('a stream opened while its member’s rights change', () => {
  it('is ended at once, so it never keeps the rights read before the change', async () => {
    const hub = t.app.ctx.realtime;
    const m = await signUpMember(t.app, 'Racing Rights');
    const mark = hub.rightsMark(); // taken before the stream's rights are read
    hub.rightsChanged(m.userId); // the change lands while they are being read
    let ended = false;
    const res = {
      write: () => true,
      end: () => {
        ended = true;
      },
      on: () => res,
    } as unknown as ServerResponse;
    await hub.attach(res, {
      topics: [topics.public, topics.user(m.userId), topics.capability('support.manage')],
      lastEventId: null,
      userId: m.userId,
      sessionId: null,
      address: null,
      rightsMark: mark,
    });
    expect(ended).toBe(true);
    expect(hub.streamsOf(m.userId)).toBe(0);
  });
});

describe('open streams per member', () => {
  it('are capped (EVENT_STREAMS_PER_MEMBER): a new one closes the member’s oldest; others are untouched', async () => {
    const m = await signUpMember(t.app, 'Many Tabs');
    const other = await signUpMember(t.app, 'One Tab');
    const theirs = openStream(t.base, { cookie: other.cookie });
    await theirs.opened;
    const tabs: Stream[] = [];
    for (let i = 0; i < 3; i++) {
      const s = openStream(t.base, { cookie: m.cookie });
      await s.opened;
      tabs.push(s);
    }
    expect(t.app.ctx.realtime.streamsOf(m.userId)).toBe(3);
    const fourth = openStream(t.base, { cookie: m.cookie });
    await fourth.opened;
    expect(await endsWithin(tabs[0], 2000)).toBe(true);
    expect(t.app.ctx.realtime.streamsOf(m.userId)).toBe(3);
    for (const s of [tabs[1], tabs[2], fourth]) expect(await endsWithin(s, 50)).toBe(false);
    // The open ones still carry the member's events; the other member keeps their stream.
    await notify(t.app.ctx, m.userId, { title: 'Still here', message: 'x' });
    for (const s of [tabs[1], tabs[2], fourth]) await s.waitFor(EVENT_TYPES.notificationCreated);
    expect(await endsWithin(theirs, 50)).toBe(false);
    // Many more at once (some are replaced before they finish opening): never more than the cap stay open.
    const burst = Array.from({ length: 10 }, () => openStream(t.base, { cookie: m.cookie }));
    await Promise.all(burst.map((s) => Promise.race([s.opened, s.ended])));
    await sleep(200);
    expect(t.app.ctx.realtime.streamsOf(m.userId)).toBe(3);
    for (const s of [...tabs, fourth, ...burst, theirs]) s.close();
  });

  it('allows 10 per member by default', async () => {
    const plain = await createTestApp({ db: t.dbh });
    try {
      expect(plain.app.ctx.config.EVENT_STREAMS_PER_MEMBER).toBe(10);
    } finally {
      await plain.app.close();
    }
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('rights changes across two instances on PostgreSQL', () => {
  it('a demotion through one instance stops admin events on a stream held by the other', async () => {
    await withTwoInstances(async (one, two) => {
      const twoBase = await two.listen();
      const boss = await signUpMember(one.app, 'Remote Boss');
      const demoted = await signUpMember(one.app, 'Remote Demoted');
      await one.dbh.query(`UPDATE profiles SET role = 'admin' WHERE id = ANY($1)`, [
        [boss.userId, demoted.userId],
      ]);
      const author = await signUpMember(one.app, 'Remote Author');
      const s = openStream(twoBase, { cookie: demoted.cookie });
      await s.opened;
      await openTicket(author, 'Remote before');
      await s.waitFor(EVENT_TYPES.supportTicketChanged, 5000, isTicket('Remote before'));
      expect((await boss.patch(`/api/users/${demoted.userId}/role`, { role: 'user' })).statusCode).toBe(200);
      await openTicket(author, 'Remote after');
      await sleep(500);
      expect(s.events.some(isTicket('Remote after'))).toBe(false);
      const again = openStream(twoBase, { cookie: demoted.cookie, lastEventId: lastId(s) });
      await again.opened;
      await again.waitFor(EVENT_TYPES.meChanged);
      await openTicket(author, 'Remote later');
      await sleep(500);
      expect(again.events.some((e) => e.event === EVENT_TYPES.supportTicketChanged)).toBe(false);
      s.close();
      again.close();
    });
  });
});
