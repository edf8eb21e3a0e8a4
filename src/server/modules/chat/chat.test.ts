import { describe, expect, it } from 'vitest';
import { EVENT_TYPES } from '../../../shared/events';
import { appForFile } from '../../test/app-for-file';
import { openStream } from '../../test/sse-client';
import { Client, memberWith, signUpMember } from '../../test/test-app';

const t = appForFile({ listen: true, admin: 'Chat Admin' });

describe('live chat', () => {
  it('needs a login to read or write, with the exact text', async () => {
    const res = await new Client(t.app).get('/api/chat/messages');
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toBe('Please log in to chat with the live presenter');
  });

  it('trims text, refuses whitespace-only and over-long messages, and delivers live to members only', async () => {
    const a = await signUpMember(t.app, 'Alice');
    const b = await signUpMember(t.app, 'Bob');
    const sb = openStream(t.base, { cookie: b.cookie });
    const anon = openStream(t.base);
    await Promise.all([sb.opened, anon.opened]);
    expect((await a.post('/api/chat/messages', { content: '   ' })).statusCode).toBe(400);
    expect((await a.post('/api/chat/messages', { content: 'x'.repeat(501) })).statusCode).toBe(400);
    const sent = await a.post('/api/chat/messages', { content: '  Hello from Alice!  ' });
    expect(sent.statusCode).toBe(201);
    expect(sent.json().message).toMatchObject({
      content: 'Hello from Alice!',
      isPresenterReply: false,
      author: { name: 'Alice', role: 'user' },
    });
    const e = await sb.waitFor(EVENT_TYPES.chatMessage);
    expect(e.data).toMatchObject({ content: 'Hello from Alice!' });
    expect(anon.events.some((x) => x.event === EVENT_TYPES.chatMessage)).toBe(false);
    sb.close();
    anon.close();
  });

  it('flags presenter replies: explicit for presenters and admins only; automatic in the widget', async () => {
    const member = await signUpMember(t.app, 'Plain Member');
    const refused = await member.post('/api/chat/messages', {
      content: 'I am the DJ now',
      asPresenter: true,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe('Only presenters can send presenter replies');
    const presenter = await memberWith(t, 'presenter', [], 'DJ Jade');
    expect(
      (await presenter.post('/api/chat/messages', { content: 'Hi all', asPresenter: true })).json().message
        .isPresenterReply,
    ).toBe(true);
    expect(
      (await presenter.post('/api/chat/messages', { content: 'Just chatting', asPresenter: false })).json()
        .message.isPresenterReply,
    ).toBe(false);
    // The widget sends no flag: admin, presenter and staff authors are flagged automatically.
    expect(
      (await presenter.post('/api/chat/messages', { content: 'From the widget' })).json().message
        .isPresenterReply,
    ).toBe(true);
    const staff = await memberWith(t, 'staff', [], 'Staffer');
    expect(
      (await staff.post('/api/chat/messages', { content: 'Staff here' })).json().message.isPresenterReply,
    ).toBe(true);
    // 'Send as Presenter' is for presenters and admins only: staff are refused.
    const staffAsPresenter = await staff.post('/api/chat/messages', {
      content: 'Staff as presenter',
      asPresenter: true,
    });
    expect(staffAsPresenter.statusCode).toBe(403);
    expect(staffAsPresenter.json().error.message).toBe('Only presenters can send presenter replies');
    expect(
      (await t.admin.post('/api/chat/messages', { content: 'Admin reply', asPresenter: true })).json().message
        .isPresenterReply,
    ).toBe(true);
    expect(
      (await member.post('/api/chat/messages', { content: 'Me too' })).json().message.isPresenterReply,
    ).toBe(false);
    expect((await t.admin.post('/api/chat/messages', { content: 'Admin' })).json().message.author.role).toBe(
      'admin',
    );
  });

  it('keeps the last 100, oldest first', async () => {
    const m = await signUpMember(t.app, 'Chatty');
    for (let i = 0; i < 3; i++)
      await t.dbh.query(
        `INSERT INTO presenter_chat_messages (user_id, content) SELECT $1, 'bulk ' || g FROM generate_series(1, 40) g`,
        [m.userId],
      );
    const list = (await m.get('/api/chat/messages')).json().messages;
    expect(list).toHaveLength(100);
  });

  it('rate limits each member', async () => {
    const m = await signUpMember(t.app, 'Flooder');
    const codes: number[] = [];
    for (let i = 0; i < 7; i++)
      codes.push((await m.post('/api/chat/messages', { content: `msg ${i}` })).statusCode);
    expect(codes.slice(0, 5)).toEqual([201, 201, 201, 201, 201]);
    expect(codes.at(-1)).toBe(429);
  });

  it('lets moderators delete for everyone (pushed live, logged); other members cannot', async () => {
    const author = await signUpMember(t.app, 'Troll');
    const id = (await author.post('/api/chat/messages', { content: 'something rude' })).json().message.id;
    const other = await signUpMember(t.app, 'Bystander');
    expect((await other.delete(`/api/chat/messages/${id}`)).statusCode).toBe(403);
    // The author may delete their own message (safety.test.ts); the moderator does it here.
    const watcher = openStream(t.base, { cookie: other.cookie });
    await watcher.opened;
    const mod = await memberWith(t, 'user', ['moderator'], 'Mod Sam');
    expect((await mod.request('DELETE', `/api/chat/messages/${id}?reason=Rude`)).statusCode).toBe(200);
    const e = await watcher.waitFor(EVENT_TYPES.chatDeleted);
    expect(e.data).toEqual({ id });
    watcher.close();
    const list = (await other.get('/api/chat/messages')).json().messages;
    expect(list.some((m: { id: string }) => m.id === id)).toBe(false);
    const { rows } = await t.dbh.query<{
      action_type: string;
      moderator_id: string;
      target_user_id: string;
      reason: string;
    }>('SELECT action_type, moderator_id, target_user_id, reason FROM moderation_logs');
    expect(rows).toEqual([
      {
        action_type: 'chat_message_deleted',
        moderator_id: mod.userId,
        target_user_id: author.userId,
        reason: 'Rude',
      },
    ]);
    const contentMod = await memberWith(t, 'content_moderator', [], 'CM');
    const id2 = (await author.post('/api/chat/messages', { content: 'again' })).json().message.id;
    expect((await contentMod.delete(`/api/chat/messages/${id2}`)).statusCode).toBe(200);
  });
});
