import { describe, expect, it } from 'vitest';
import { appForFile } from '../../test/app-for-file';
import { type Member, memberWith, signUpMember } from '../../test/test-app';
import { notify } from './notifications.service';

const t = appForFile();

/** `from` notifies `to` (POST /api/notifications); no link unless given. */
const sendNotification = (from: Member, to: Member, title: string, message: string, link?: string) =>
  from.post('/api/notifications', { userId: to.userId, title, message, link });

describe('notifications', () => {
  it('lists only the caller’s own, newest first, at most 20, with the unread count', async () => {
    const a = await signUpMember(t.app, 'A');
    const b = await signUpMember(t.app, 'B');
    for (let i = 1; i <= 22; i++)
      await notify(t.app.ctx, a.userId, { title: `N${i}`, message: `Message ${i}` });
    await notify(t.app.ctx, b.userId, { title: 'For B', message: 'Only B' });
    const res = (await a.get('/api/notifications')).json();
    expect(res.notifications).toHaveLength(20);
    expect(res.notifications[0].title).toBe('N22');
    expect(res.unreadCount).toBe(22);
    expect(res.notifications.some((n: { title: string }) => n.title === 'For B')).toBe(false);
  });

  it('marks one read, all read, and deletes — never someone else’s', async () => {
    const a = await signUpMember(t.app, 'Owner');
    const b = await signUpMember(t.app, 'Other');
    const n1 = await notify(t.app.ctx, a.userId, { title: 'One', message: 'm', link: '/roles' });
    const n2 = await notify(t.app.ctx, a.userId, { title: 'Two', message: 'm' });
    expect((await b.post(`/api/notifications/${n1.id}/read`)).statusCode).toBe(404);
    expect((await b.delete(`/api/notifications/${n1.id}`)).statusCode).toBe(404);
    expect((await b.post('/api/notifications/read-all')).json().updated).toBe(0);

    const read = await a.post(`/api/notifications/${n1.id}/read`);
    expect(read.json().notification).toMatchObject({ isRead: true, link: '/roles' });
    expect((await a.get('/api/notifications')).json().unreadCount).toBe(1);
    expect((await a.post('/api/notifications/read-all')).json().updated).toBe(1);
    expect((await a.get('/api/notifications')).json().unreadCount).toBe(0);
    expect((await a.delete(`/api/notifications/${n2.id}`)).statusCode).toBe(200);
    expect((await a.get('/api/notifications')).json().notifications.map((n: { id: string }) => n.id)).toEqual(
      [n1.id],
    );
    expect((await a.delete('/api/notifications/not-a-uuid')).statusCode).toBe(404);
  });

  it('needs a signed-in member', async () => {
    const { Client } = await import('../../test/test-app');
    expect((await new Client(t.app).get('/api/notifications')).statusCode).toBe(401);
  });

  it('lets staff with notifications.send notify a member, with site links only', async () => {
    const admin = await memberWith(t, 'admin', [], 'Admin?');
    const m = await signUpMember(t.app, 'Recipient');
    const ok = await sendNotification(admin, m, 'Hello', 'Welcome', '/roles');
    expect(ok.statusCode).toBe(201);
    const bad = await sendNotification(admin, m, 'Phish', 'x', 'https://evil.example');
    expect(bad.statusCode).toBe(400);
    expect((await sendNotification(m, admin, 'x', 'y')).statusCode).toBe(403);
  });

  it('refuses links that leave the site: //host, /\\host and the like (a browser reads \\ as /)', async () => {
    const admin = await memberWith(t, 'admin', [], 'Admin for links');
    const m = await signUpMember(t.app, 'Link target');
    for (const link of [
      '/\\evil.example',
      '//evil.example',
      '/\\/evil.example',
      '\\\\evil.example',
      '/\t/evil.example',
    ]) {
      const res = await sendNotification(admin, m, 'Hi', 'x', link);
      expect(res.statusCode, JSON.stringify(link)).toBe(400);
    }
    // A link stored before this rule (or written by code) is never handed to a page.
    await notify(t.app.ctx, m.userId, { title: 'Old', message: 'x', link: '/\\evil.example' });
    const list = (await m.get('/api/notifications')).json().notifications;
    expect(list.find((n: { title: string }) => n.title === 'Old').link).toBeNull();
    const ok = await sendNotification(admin, m, 'Fine', 'x', '/shop?tab=orders#top');
    expect(ok.statusCode).toBe(201);
    expect(ok.json().notification.link).toBe('/shop?tab=orders#top');
  });
});
