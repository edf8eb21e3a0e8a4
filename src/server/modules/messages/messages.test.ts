import { describe, expect, it } from 'vitest';
import { EVENT_TYPES } from '../../../shared/events';
import { appForFile } from '../../test/app-for-file';
import { openStream } from '../../test/sse-client';
import { Client, signUpMember } from '../../test/test-app';

const t = appForFile({ listen: true });

describe('direct messages', () => {
  it('need a login, with the exact text', async () => {
    const res = await new Client(t.app).get('/api/conversations');
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toBe('Please log in to send messages');
  });

  it('one conversation per pair (smaller id first); nobody messages themselves', async () => {
    const a = await signUpMember(t.app, 'Ann');
    const b = await signUpMember(t.app, 'Ben');
    const c1 = (await a.post('/api/conversations', { userId: b.userId })).json().conversation;
    const c2 = (await b.post('/api/conversations', { userId: a.userId })).json().conversation;
    expect(c1.id).toBe(c2.id);
    expect(c1.other).toMatchObject({ id: b.userId, displayName: 'Ben' });
    expect(c1.other).not.toHaveProperty('email');
    const { rows } = await t.dbh.query<{ participant_1: string; participant_2: string }>(
      'SELECT participant_1, participant_2 FROM conversations WHERE id = $1',
      [c1.id],
    );
    expect(rows[0].participant_1 < rows[0].participant_2).toBe(true);
    const self = await a.post('/api/conversations', { userId: a.userId });
    expect(self.statusCode).toBe(400);
    expect(self.json().error.message).toBe('You cannot start a conversation with yourself.');
    expect((await a.post('/api/conversations', { userId: 'nobody' })).statusCode).toBe(404);
  });

  it('arrive live, are marked read when the recipient views them, and the sender learns it live', async () => {
    const a = await signUpMember(t.app, 'Ada');
    const b = await signUpMember(t.app, 'Bea');
    const conv = (await a.post('/api/conversations', { userId: b.userId })).json().conversation;
    const sa = openStream(t.base, { cookie: a.cookie });
    const sb = openStream(t.base, { cookie: b.cookie });
    await Promise.all([sa.opened, sb.opened]);
    expect((await a.post(`/api/conversations/${conv.id}/messages`, { content: '   ' })).statusCode).toBe(400);
    const sent = (await a.post(`/api/conversations/${conv.id}/messages`, { content: '  Hi Bea!  ' })).json()
      .message;
    expect(sent).toMatchObject({ content: 'Hi Bea!', senderId: a.userId, isRead: false });
    const got = await sb.waitFor(EVENT_TYPES.dmMessage);
    expect(got.data).toMatchObject({ id: sent.id, content: 'Hi Bea!' });
    const listB = (await b.get('/api/conversations')).json().conversations;
    expect(listB[0]).toMatchObject({ id: conv.id, lastMessagePreview: 'Hi Bea!', unreadCount: 1 });
    // The sender viewing does not mark their own message read.
    expect((await a.post(`/api/conversations/${conv.id}/read`)).json().updated).toBe(0);
    expect((await b.post(`/api/conversations/${conv.id}/read`)).json().updated).toBe(1);
    const read = await sa.waitFor(EVENT_TYPES.dmRead);
    expect(read.data).toMatchObject({ conversationId: conv.id, readerId: b.userId, messageIds: [sent.id] });
    const thread = (await a.get(`/api/conversations/${conv.id}/messages`)).json().messages;
    expect(thread[0].isRead).toBe(true);
    sa.close();
    sb.close();
  });

  it('only the two participants can read or post into a conversation', async () => {
    const a = await signUpMember(t.app, 'Pair A');
    const b = await signUpMember(t.app, 'Pair B');
    const intruder = await signUpMember(t.app, 'Intruder');
    const conv = (await a.post('/api/conversations', { userId: b.userId })).json().conversation;
    await a.post(`/api/conversations/${conv.id}/messages`, { content: 'private' });
    expect((await intruder.get(`/api/conversations/${conv.id}/messages`)).statusCode).toBe(404);
    expect(
      (await intruder.post(`/api/conversations/${conv.id}/messages`, { content: 'hi' })).statusCode,
    ).toBe(404);
    expect((await intruder.post(`/api/conversations/${conv.id}/read`)).statusCode).toBe(404);
    expect((await intruder.get('/api/conversations')).json().conversations).toEqual([]);
  });

  it('a long conversation opens on its newest 500 messages and pages back for older ones', async () => {
    const a = await signUpMember(t.app, 'Long A');
    const b = await signUpMember(t.app, 'Long B');
    const conv = (await a.post('/api/conversations', { userId: b.userId })).json().conversation;
    // 600 messages, one a second, except 290 to 310 which share one timestamp (order then follows the id).
    await t.dbh.query(
      `INSERT INTO messages (conversation_id, sender_id, content, created_at)
       SELECT $1, $2, 'message ' || g, timestamptz '2025-01-01 12:00:00+00' + (CASE WHEN g BETWEEN 290 AND 310 THEN 290 ELSE g END) * interval '1 second'
       FROM generate_series(1, 600) g`,
      [conv.id, a.userId],
    );
    const first = (await b.get(`/api/conversations/${conv.id}/messages`)).json();
    expect(first.messages).toHaveLength(500);
    expect(first.hasMore).toBe(true);
    const contents = first.messages.map((m: { content: string }) => m.content);
    expect(contents).toContain('message 600');
    expect(contents).not.toContain('message 1');
    expect(contents[0]).toBe('message 101');
    const times = first.messages.map((m: { createdAt: string }) => Date.parse(m.createdAt));
    expect(times).toEqual([...times].sort((x, y) => x - y)); // oldest first

    const older = (
      await b.get(`/api/conversations/${conv.id}/messages?before=${first.messages[0].id}`)
    ).json();
    expect(older.messages.map((m: { content: string }) => m.content)).toEqual(
      Array.from({ length: 100 }, (_, i) => `message ${i + 1}`),
    );
    expect(older.hasMore).toBe(false);

    // Pages of 25, one boundary inside the tie: every message exactly once.
    const seen: string[] = [];
    let before: string | null = null;
    for (let page = 0; page < 30; page++) {
      const q: string = before ? `?limit=25&before=${before}` : '?limit=25';
      const res = (await b.get(`/api/conversations/${conv.id}/messages${q}`)).json();
      seen.unshift(...res.messages.map((m: { id: string }) => m.id));
      if (!res.hasMore) break;
      before = res.messages[0].id;
    }
    expect(seen).toHaveLength(600);
    expect(new Set(seen).size).toBe(600);

    // A cursor from another conversation names nothing here.
    const other = (
      await a.post('/api/conversations', { userId: (await signUpMember(t.app, 'C')).userId })
    ).json().conversation;
    const foreign = await a.get(`/api/conversations/${other.id}/messages?before=${first.messages[0].id}`);
    expect(foreign.statusCode).toBe(404);
    expect((await b.get(`/api/conversations/${conv.id}/messages?before=nonsense`)).statusCode).toBe(400);
  }, 120_000);
});
