import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { appForFile } from '../test/app-for-file';
import { Client } from '../test/test-app';
import { seedDemo } from './seed-demo';

const music = mkdtempSync(path.join(os.tmpdir(), 'onair-music-'));
writeFileSync(path.join(music, 'existing.mp3'), ''); // music already there: no tones to generate
const t = appForFile({ env: { MUSIC_DIR: music } });

describe('npm run seed:demo', () => {
  it('fills a fresh site with a believable station, and adds nothing twice', async () => {
    const first = await seedDemo(t.app);
    expect(first).toMatchObject({ accounts: 15, tones: 0 });
    expect(first.slots).toBeGreaterThan(5);
    expect(first.plays).toBeGreaterThan(100);
    const again = await seedDemo(t.app);
    expect(first).toMatchObject({
      requests: 7,
      banned: 3,
      applications: 3,
      chat: 8,
      conversations: 2,
      badges: 6,
      tickets: 3,
      // Besides the 7 theme items every fresh station's shop starts with.
      shopItems: 7,
      purchases: 11,
    });
    expect(again).toMatchObject({
      slots: 0,
      plays: 0,
      likes: 0,
      requests: 0,
      banned: 0,
      applications: 0,
      tickets: 0,
      shopItems: 0,
      articles: 0,
      carousel: 0,
      streamers: 0,
      ideas: 0,
      trainingSessions: 0,
    });
    expect(first.samples).toBe(7 * 24 * 60);
    expect(again.samples).toBe(0);
    expect(first).toMatchObject({ articles: 5, carousel: 3, streamers: 4 });
    expect(first).toMatchObject({ ideas: 6, trainingSessions: 4, pendingSlots: 1 });

    const catalogue = (await new Client(t.app).get('/api/shop')).json();
    expect(catalogue.categories).toHaveLength(5);
    expect(catalogue.items).toHaveLength(14);

    const admin = new Client(t.app);
    await admin.post('/api/auth/login', { email: 'admin@onair.local', password: 'onair-demo' });
    const users = (await admin.get('/api/users')).json().users as { role: string }[];
    expect(users).toHaveLength(15);
    expect(users.filter((u) => u.role === 'admin')).toHaveLength(1);
    expect(users.filter((u) => u.role === 'presenter')).toHaveLength(3);
    const assignments = (await admin.get('/api/role-assignments')).json().assignments;
    expect(assignments.map((a: { role: { name: string } }) => a.role.name).sort()).toEqual(
      ['developer', 'moderator', 'news_reporter', 'radio_manager', 'radio_mentor'].sort(),
    );
    expect((await admin.get('/api/notifications')).json().notifications.length).toBeGreaterThan(0);
    expect((await admin.get('/api/schedule')).json().slots.length).toBe(first.slots);
    expect((await admin.get('/api/chart')).json().entries.length).toBeGreaterThan(3);
    expect((await admin.get('/api/songs/most-liked')).json().songs.length).toBeGreaterThan(3);
    const counts = (await admin.get('/api/requests')).json().counts;
    for (const status of ['pending', 'approved', 'rejected', 'played'])
      expect(counts[status]).toBeGreaterThan(0);
    expect((await admin.get('/api/banned-songs?all=true')).json().songs).toHaveLength(3);
    expect((await admin.get('/api/applications')).json().applications).toHaveLength(2);
    expect((await admin.get('/api/chat/messages')).json().messages).toHaveLength(8);
    const ben = new Client(t.app);
    await ben.post('/api/auth/login', { email: 'ben@onair.local', password: 'onair-demo' });
    expect((await ben.get('/api/conversations')).json().conversations).toHaveLength(1);
    expect((await ben.get('/api/badges/mine')).json().badges).toHaveLength(2);
    expect((await ben.get('/api/support/tickets')).json().tickets).toHaveLength(1);
    expect((await admin.get('/api/admin/support/tickets')).json().tickets).toHaveLength(3);
    const shop = (await ben.get('/api/shop/me')).json();
    expect(shop.vip.active).toBe(true);
    expect(shop.ownedThemes).toEqual(['default', 'disco']);
    expect(shop.features).toEqual(['bar_visualiser']);
    expect((await new Client(t.app).get('/api/shop')).json().supporters.length).toBeGreaterThan(2);
    expect((await admin.get('/api/shop/orders')).json().totals.revenueGbp).toBe(106);
    const news = (await ben.get('/api/news')).json();
    expect(news.featured).toHaveLength(2);
    expect(news.latest).toHaveLength(2);
    expect((await ben.get('/api/carousel')).json().images).toHaveLength(3);
    expect((await ben.get('/api/streamers')).json().streamers).toHaveLength(4);
    const stats = (await admin.get('/api/staff/presenter-stats')).json().stats;
    expect(stats.filter((s: { totalShows: number }) => s.totalShows > 0)).toHaveLength(3);
    expect((await admin.get('/api/staff/ideas')).json().ideas).toHaveLength(6);
    const slots = (await admin.get('/api/schedule/slots')).json().slots;
    expect(slots.filter((s: { status: string }) => s.status === 'pending')).toHaveLength(1);
  }, 120_000);
});
