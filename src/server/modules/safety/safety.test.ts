import { describe, expect, it } from 'vitest';
import { EVENT_TYPES } from '../../../shared/events';
import { SAFETY_TEXTS } from '../../../shared/texts/safety';
import { appForFile } from '../../test/app-for-file';
import { openStream } from '../../test/sse-client';
import { type Member, memberWith, signUpMember } from '../../test/test-app';

const t = appForFile({ listen: true, admin: 'Safety Admin' });

const chatIds = async (m: Member) =>
  ((await m.get('/api/chat/messages')).json().messages as { id: string }[]).map((x) => x.id);
const say = async (m: Member, content: string) =>
  (await m.post('/api/chat/messages', { content })).json().message.id as string;
const notificationsOf = async (m: Member) =>
  (await m.get('/api/notifications')).json().notifications as { title: string; message: string }[];
async function conversation(a: Member, b: Member) {
  return (await a.post('/api/conversations', { userId: b.userId })).json().conversation.id as string;
}

describe('blocking a member', () => {
  it('hides their chat messages for me only, stops their direct messages, and is undone from my list', async () => {
    const me = await signUpMember(t.app, 'Blocker Bea');
    const pest = await signUpMember(t.app, 'Pesky Pete');
    const other = await signUpMember(t.app, 'Other Olga');
    const before = await say(pest, 'hello all');
    expect(await chatIds(me)).toContain(before);

    const res = await me.post('/api/blocks', { userId: pest.userId });
    expect(res.statusCode).toBe(201);
    expect(res.json().block.member).toMatchObject({ id: pest.userId, displayName: 'Pesky Pete' });
    const listed = (await me.get('/api/blocks')).json().blocks;
    expect(listed.map((b: { member: { id: string } }) => b.member.id)).toEqual([pest.userId]);

    // Their messages, old and new, are gone for me; everyone else still sees them.
    const after = await say(pest, 'still here');
    expect(await chatIds(me)).not.toContain(before);
    expect(await chatIds(me)).not.toContain(after);
    expect(await chatIds(other)).toEqual(expect.arrayContaining([before, after]));

    // They cannot message me, and the refusal does not say why.
    const c = await conversation(pest, me);
    const dm = await pest.post(`/api/conversations/${c}/messages`, { content: 'hi?' });
    expect(dm.statusCode).toBe(403);
    expect(dm.json().error.message).toBe(SAFETY_TEXTS.cannotMessage);
    expect(dm.json().error.message).not.toMatch(/block/i);
    // Nor can I message them while they are blocked.
    expect((await me.post(`/api/conversations/${c}/messages`, { content: 'x' })).statusCode).toBe(403);
    // They are not told: nothing in their notifications, and their own lists look the same.
    expect(await notificationsOf(pest)).toEqual([]);
    expect((await pest.get('/api/blocks')).json().blocks).toEqual([]);

    expect((await me.delete(`/api/blocks/${pest.userId}`)).statusCode).toBe(200);
    expect((await me.get('/api/blocks')).json().blocks).toEqual([]);
    expect(await chatIds(me)).toEqual(expect.arrayContaining([before, after]));
    expect((await pest.post(`/api/conversations/${c}/messages`, { content: 'hi again' })).statusCode).toBe(
      201,
    );
    expect((await me.delete(`/api/blocks/${pest.userId}`)).statusCode).toBe(404);
  });

  it('refuses blocking yourself or nobody, and needs a login', async () => {
    const me = await signUpMember(t.app, 'Selfish Sam');
    expect((await me.post('/api/blocks', { userId: me.userId })).statusCode).toBe(400);
    expect((await me.post('/api/blocks', { userId: 'nobody' })).statusCode).toBe(404);
    expect((await me.post('/api/blocks', {})).statusCode).toBe(400);
    const anon = await signUpMember(t.app, 'Then Gone');
    await anon.post('/api/auth/logout');
    expect((await anon.get('/api/blocks')).statusCode).toBe(401);
  });
});

describe('reports', () => {
  it('go to the moderators queue; a moderator resolves one and the reporter is told', async () => {
    const reporter = await signUpMember(t.app, 'Reporter Rae');
    const troll = await signUpMember(t.app, 'Troll Tom');
    const chatId = await say(troll, 'you are all terrible');
    const c = await conversation(troll, reporter);
    const dmId = (await troll.post(`/api/conversations/${c}/messages`, { content: 'rude dm' })).json().message
      .id;

    const sent = await reporter.post('/api/reports', { kind: 'chat', targetId: chatId, reason: 'Insults' });
    expect(sent.statusCode).toBe(201);
    expect(sent.json().report).toMatchObject({
      kind: 'chat',
      status: 'open',
      excerpt: 'you are all terrible',
    });
    expect(
      (await reporter.post('/api/reports', { kind: 'message', targetId: dmId, reason: 'Rude DM' }))
        .statusCode,
    ).toBe(201);
    expect(
      (
        await reporter.post('/api/reports', {
          kind: 'member',
          targetId: troll.userId,
          reason: 'Keeps trolling',
        })
      ).statusCode,
    ).toBe(201);
    // The same thing twice while open is one report.
    const again = await reporter.post('/api/reports', { kind: 'chat', targetId: chatId, reason: 'Again' });
    expect(again.statusCode).toBe(409);

    // Only moderators and admins see the queue.
    expect((await reporter.get('/api/reports')).statusCode).toBe(403);
    const mod = await memberWith(t, 'user', ['moderator'], 'Mod Mia');
    const watcher = openStream(t.base, { cookie: mod.cookie });
    await watcher.opened;
    const queue = (await mod.get('/api/reports')).json();
    const mine = queue.reports.filter((r: { reporter: { id: string } }) => r.reporter.id === reporter.userId);
    expect(mine.map((r: { kind: string }) => r.kind)).toEqual(['chat', 'message', 'member']);
    expect(mine[1]).toMatchObject({ excerpt: 'rude dm', reported: { id: troll.userId, name: 'Troll Tom' } });

    const decided = await mod.patch(`/api/reports/${mine[0].id}`, { status: 'resolved' });
    expect(decided.statusCode).toBe(200);
    expect(decided.json().report).toMatchObject({ status: 'resolved', handledBy: { name: 'Mod Mia' } });
    await watcher.waitFor(EVENT_TYPES.reportsChanged);
    watcher.close();
    expect((await mod.patch(`/api/reports/${mine[1].id}`, { status: 'dismissed' })).statusCode).toBe(200);
    // Handled once: a second decision is a conflict, and an unknown status is refused.
    expect((await mod.patch(`/api/reports/${mine[0].id}`, { status: 'dismissed' })).statusCode).toBe(409);
    expect((await mod.patch(`/api/reports/${mine[2].id}`, { status: 'open' })).statusCode).toBe(400);
    const open = (await mod.get('/api/reports')).json().reports.map((r: { id: string }) => r.id);
    expect(open).not.toContain(mine[0].id);
    expect(open).toContain(mine[2].id);
    expect(
      (await mod.get('/api/reports?status=resolved')).json().reports.map((r: { id: string }) => r.id),
    ).toContain(mine[0].id);

    const told = await notificationsOf(reporter);
    expect(told.map((n) => n.message)).toEqual([SAFETY_TEXTS.reportDismissed, SAFETY_TEXTS.reportResolved]);
    expect(told[0].title).toBe(SAFETY_TEXTS.reportHandledTitle);
    // The reported member is not told anything.
    expect(await notificationsOf(troll)).toEqual([]);
  });

  it('refuse what cannot be reported: your own words, someone else’s conversation, nonsense', async () => {
    const a = await signUpMember(t.app, 'Ann');
    const b = await signUpMember(t.app, 'Ben');
    const outsider = await signUpMember(t.app, 'Outsider');
    const own = await say(a, 'mine');
    expect((await a.post('/api/reports', { kind: 'chat', targetId: own, reason: 'oops' })).statusCode).toBe(
      400,
    );
    expect(
      (await a.post('/api/reports', { kind: 'member', targetId: a.userId, reason: 'me' })).statusCode,
    ).toBe(400);
    const c = await conversation(a, b);
    const dm = (await a.post(`/api/conversations/${c}/messages`, { content: 'private' })).json().message.id;
    expect(
      (await outsider.post('/api/reports', { kind: 'message', targetId: dm, reason: 'nosy' })).statusCode,
    ).toBe(404);
    expect(
      (await outsider.post('/api/reports', { kind: 'chat', targetId: 'not-a-uuid', reason: 'bad id' }))
        .statusCode,
    ).toBe(404);
    expect(
      (await outsider.post('/api/reports', { kind: 'song', targetId: own, reason: 'x' })).statusCode,
    ).toBe(400);
    expect(
      (await outsider.post('/api/reports', { kind: 'chat', targetId: own, reason: '  ' })).statusCode,
    ).toBe(400);
    expect((await outsider.patch('/api/reports/abc', { status: 'resolved' })).statusCode).toBe(403);
    const admin = await memberWith(t, 'admin', [], 'Admin Two');
    expect((await admin.patch('/api/reports/abc', { status: 'resolved' })).statusCode).toBe(404);
  });

  it('are rate limited per member', async () => {
    const busy = await signUpMember(t.app, 'Busy Reporter');
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) {
      const target = await signUpMember(t.app, `Target ${i}`);
      codes.push(
        (await busy.post('/api/reports', { kind: 'member', targetId: target.userId, reason: 'spam' }))
          .statusCode,
      );
    }
    expect(codes).toEqual([201, 201, 201, 201, 201, 429]);
  });
});

describe('deleting my own messages', () => {
  it('the author deletes their own chat message for everyone, live; anyone else gets 403', async () => {
    const author = await signUpMember(t.app, 'Oops Otto');
    const other = await signUpMember(t.app, 'Reader Rita');
    const id = await say(author, 'wrong window');
    expect((await other.delete(`/api/chat/messages/${id}`)).statusCode).toBe(403);
    const watcher = openStream(t.base, { cookie: other.cookie });
    await watcher.opened;
    expect((await author.delete(`/api/chat/messages/${id}`)).statusCode).toBe(200);
    expect((await watcher.waitFor(EVENT_TYPES.chatDeleted)).data).toEqual({ id });
    watcher.close();
    expect(await chatIds(other)).not.toContain(id);
    // Not a moderation action: nothing logged.
    const { rows } = await t.dbh.query('SELECT 1 FROM moderation_logs WHERE target_user_id = $1', [
      author.userId,
    ]);
    expect(rows).toEqual([]);
    expect((await author.delete(`/api/chat/messages/${id}`)).statusCode).toBe(404);
  });

  it('the sender deletes their own direct message for both; the other participant cannot', async () => {
    const a = await signUpMember(t.app, 'Sender Sue');
    const b = await signUpMember(t.app, 'Receiver Rob');
    const c = await conversation(a, b);
    await a.post(`/api/conversations/${c}/messages`, { content: 'first' });
    const id = (await a.post(`/api/conversations/${c}/messages`, { content: 'typo message' })).json().message
      .id;
    expect((await b.delete(`/api/messages/${id}`)).statusCode).toBe(403);
    const outsider = await signUpMember(t.app, 'Outside Olly');
    expect((await outsider.delete(`/api/messages/${id}`)).statusCode).toBe(404);
    const watcher = openStream(t.base, { cookie: b.cookie });
    await watcher.opened;
    expect((await a.delete(`/api/messages/${id}`)).statusCode).toBe(200);
    expect((await watcher.waitFor(EVENT_TYPES.dmDeleted)).data).toEqual({ conversationId: c, id });
    watcher.close();
    const thread = (await b.get(`/api/conversations/${c}/messages`)).json();
    expect(thread.messages.map((m: { content: string }) => m.content)).toEqual(['first']);
    const list = (await b.get('/api/conversations')).json().conversations;
    expect(list.find((x: { id: string }) => x.id === c).lastMessagePreview).toBe('first');
  });
});

describe('@mentions in the chat', () => {
  it('notify the member named (longest name wins), not the author, and not across a block', async () => {
    const author = await signUpMember(t.app, 'Mention Max');
    const jo = await signUpMember(t.app, 'Jo');
    const joLee = await signUpMember(t.app, 'Jo Leeway');
    const blocker = await signUpMember(t.app, 'Quiet Quinn');
    await blocker.post('/api/blocks', { userId: author.userId });
    await say(author, 'hey @jo leeway, and @Mention Max, and @Quiet Quinn! great song');
    const joLeeNotes = await notificationsOf(joLee);
    expect(joLeeNotes).toHaveLength(1);
    expect(joLeeNotes[0]).toMatchObject({
      title: SAFETY_TEXTS.mentionTitle('Mention Max'),
      message: 'hey @jo leeway, and @Mention Max, and @Quiet Quinn! great song',
    });
    expect(await notificationsOf(jo)).toEqual([]);
    expect(await notificationsOf(author)).toEqual([]);
    expect(await notificationsOf(blocker)).toEqual([]);
    await say(author, '@Jo: you too');
    expect(await notificationsOf(jo)).toHaveLength(1);
    // An email address is not a mention of its owner's name.
    await say(author, 'mail me at someone@jo');
    expect(await notificationsOf(jo)).toHaveLength(1);
  });

  it('from one sender collapse into one notification until it is read', async () => {
    const chatty = await signUpMember(t.app, 'Chatty Cal');
    const other = await signUpMember(t.app, 'Other Olu');
    const pam = await signUpMember(t.app, 'Pinged Pam');
    // Four in a row (the chat takes five per ten seconds from one member), then one more after reading.
    for (const n of [1, 2, 3, 4]) await say(chatty, `@Pinged Pam look ${n}`);
    let notes = await notificationsOf(pam);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({
      title: SAFETY_TEXTS.mentionTitle('Chatty Cal'),
      message: '@Pinged Pam look 4',
    });
    const list = (await pam.get('/api/notifications')).json();
    expect(list.unreadCount).toBe(1);
    // Another sender is another notification, on top.
    await say(other, '@Pinged Pam hello');
    notes = await notificationsOf(pam);
    expect(notes.map((n) => n.title)).toEqual([
      SAFETY_TEXTS.mentionTitle('Other Olu'),
      SAFETY_TEXTS.mentionTitle('Chatty Cal'),
    ]);
    // Once read, the next mention is new again.
    expect((await pam.post('/api/notifications/read-all', {})).statusCode).toBe(200);
    await say(chatty, '@Pinged Pam one more');
    notes = await notificationsOf(pam);
    expect(notes).toHaveLength(3);
    expect(notes[0]).toMatchObject({ message: '@Pinged Pam one more', isRead: false });
    expect((await pam.get('/api/notifications')).json().unreadCount).toBe(1);
  });
});
