import { describe, expect, it } from 'vitest';
import { EVENT_TYPES } from '../../../shared/events';
import { appForFile } from '../../test/app-for-file';
import { openStream, sleep } from '../../test/sse-client';
import { Client, memberWith, signUpMember } from '../../test/test-app';

const t = appForFile({ listen: true, timeout: 120_000 });

const ticket = (over: Record<string, unknown> = {}) => ({
  subject: 'Stream keeps buffering',
  category: 'technical',
  priority: 'high',
  description: 'Since Monday the stream stops every few minutes.',
  ...over,
});

describe('the support centre', () => {
  it('needs a login, with the exact text', async () => {
    const res = await new Client(t.app).get('/api/support/tickets');
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toBe('Please log in to access support');
  });

  it('opens a ticket with a readable number; the description is its first message; newest update first', async () => {
    const m = await signUpMember(t.app, 'Tina Ticket');
    const missing = await m.post('/api/support/tickets', {
      subject: ' ',
      category: 'general',
      description: '',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields).toMatchObject({
      subject: 'Subject is required',
      description: 'Description is required',
    });
    expect((await m.post('/api/support/tickets', ticket({ category: 'billing' }))).statusCode).toBe(400);
    const first = (await m.post('/api/support/tickets', ticket())).json();
    expect(first.ticket).toMatchObject({
      subject: 'Stream keeps buffering',
      category: 'technical',
      priority: 'high',
      status: 'open',
      author: { id: m.userId, name: 'Tina Ticket' },
    });
    expect(first.ticket.ticketNumber).toMatch(/^TKT-\d{4,}$/);
    expect(first.messages).toHaveLength(1);
    expect(first.messages[0]).toMatchObject({ content: ticket().description, isStaffReply: false });
    const second = (
      await m.post('/api/support/tickets', ticket({ subject: 'Partnership idea', priority: undefined }))
    ).json();
    expect(second.ticket.priority).toBe('normal');
    expect(Number(second.ticket.ticketNumber.slice(4))).toBeGreaterThan(
      Number(first.ticket.ticketNumber.slice(4)),
    );
    await sleep(5);
    await m.post(`/api/support/tickets/${first.ticket.id}/messages`, { content: 'Still happening.' });
    const list = (await m.get('/api/support/tickets')).json().tickets;
    expect(list.map((x: { id: string }) => x.id)).toEqual([first.ticket.id, second.ticket.id]);
  });

  it("keeps members to their own tickets: anyone else's is a 404", async () => {
    const owner = await signUpMember(t.app, 'Owner Olga');
    const nosy = await signUpMember(t.app, 'Nosy Ned');
    const { ticket: mine } = (await owner.post('/api/support/tickets', ticket())).json();
    expect((await nosy.get(`/api/support/tickets/${mine.id}`)).statusCode).toBe(404);
    expect((await nosy.post(`/api/support/tickets/${mine.id}/messages`, { content: 'hi' })).statusCode).toBe(
      404,
    );
    expect((await nosy.get('/api/support/tickets')).json().tickets).toEqual([]);
    expect((await nosy.get('/api/admin/support/tickets')).statusCode).toBe(403);
    expect((await nosy.get('/api/support/tickets/not-a-uuid')).statusCode).toBe(404);
  });

  it('support staff list, filter, answer and set any status; is_staff_reply comes from the server', async () => {
    const m = await signUpMember(t.app, 'Member May');
    const tech = await memberWith(t, 'technical_support', [], 'Tech Theo');
    const { ticket: tk } = (await m.post('/api/support/tickets', ticket())).json();
    const forged = await m.post(`/api/support/tickets/${tk.id}/messages`, {
      content: 'I am staff',
      isStaffReply: true,
    });
    expect(forged.json().message.isStaffReply).toBe(false);
    const all = (await tech.get('/api/admin/support/tickets')).json().tickets;
    expect(all.some((x: { id: string }) => x.id === tk.id)).toBe(true);
    const reply = await tech.post(`/api/admin/support/tickets/${tk.id}/messages`, {
      content: 'Looking into it.',
    });
    expect(reply.statusCode).toBe(201);
    expect(reply.json().message).toMatchObject({ isStaffReply: true, author: { name: 'Tech Theo' } });
    for (const status of ['in_progress', 'closed', 'open', 'closed']) {
      const res = await tech.patch(`/api/admin/support/tickets/${tk.id}`, { status });
      expect(res.json().ticket.status).toBe(status);
    }
    const closed = (await tech.get('/api/admin/support/tickets?status=closed')).json().tickets;
    expect(closed.every((x: { status: string }) => x.status === 'closed')).toBe(true);
    expect(
      (await tech.get('/api/admin/support/tickets?status=open'))
        .json()
        .tickets.some((x: { id: string }) => x.id === tk.id),
    ).toBe(false);
    // The member answering a closed ticket opens it again.
    await m.post(`/api/support/tickets/${tk.id}/messages`, { content: 'It is back.' });
    expect((await m.get(`/api/support/tickets/${tk.id}`)).json().ticket.status).toBe('open');
    const thread = (await tech.get(`/api/admin/support/tickets/${tk.id}`)).json();
    expect(thread.messages.map((x: { isStaffReply: boolean }) => x.isStaffReply)).toEqual([
      false,
      false,
      true,
      false,
    ]);
    expect(
      (await tech.post(`/api/admin/support/tickets/${tk.id}/messages`, { content: '  ' })).statusCode,
    ).toBe(400);
  });

  it('a staff reply reaches the author live (and support staff), never another member, and notifies the author', async () => {
    const m = await signUpMember(t.app, 'Live Lena');
    const other = await signUpMember(t.app, 'Bystander Bo');
    const admin = await memberWith(t, 'admin', [], 'Admin Ada');
    const { ticket: tk } = (await m.post('/api/support/tickets', ticket())).json();
    const sm = openStream(t.base, { cookie: m.cookie });
    const so = openStream(t.base, { cookie: other.cookie });
    const sa = openStream(t.base, { cookie: admin.cookie });
    await Promise.all([sm.opened, so.opened, sa.opened]);
    await m.post(`/api/support/tickets/${tk.id}/messages`, { content: 'Anyone there?' });
    const toStaff = await sa.waitFor(EVENT_TYPES.supportMessage);
    expect(toStaff.data).toMatchObject({ ticketId: tk.id, content: 'Anyone there?' });
    await admin.post(`/api/admin/support/tickets/${tk.id}/messages`, { content: 'Yes! On it.' });
    const got = await sm.waitFor(
      EVENT_TYPES.supportMessage,
      5000,
      (e) => (e.data as { content: string }).content === 'Yes! On it.',
    );
    expect(got.data).toMatchObject({ isStaffReply: true });
    await sm.waitFor(EVENT_TYPES.notificationCreated);
    await sleep(300);
    expect(so.events.filter((e) => e.event.startsWith('support.'))).toEqual([]);
    for (const s of [sm, so, sa]) s.close();
    const notes = (await m.get('/api/notifications')).json().notifications;
    expect(notes[0]).toMatchObject({
      title: 'New reply to your support ticket',
      message: `${tk.ticketNumber}: Stream keeps buffering`,
      link: `/support?ticket=${tk.id}`,
    });
  });
});
