import { describe, expect, it } from 'vitest';
import { EVENT_TYPES } from '../../../shared/events';
import { appForFile } from '../../test/app-for-file';
import { Client, signUpMember } from '../../test/test-app';
import { checkRule, LONG_LISTENER_MS } from './badges.service';

const t = appForFile();

describe('badges', () => {
  it('has the catalogue of eight, rarest first', async () => {
    const list = (await new Client(t.app).get('/api/badges')).json().badges;
    expect(list.map((b: { code: string }) => b.code).sort()).toEqual([
      'developer_tools',
      'konami_code',
      'long_listener',
      'night_owl',
      'secret_footer',
      'secret_sequence',
      'speed_demon',
      'triple_click_logo',
    ]);
    const ranks = { legendary: 4, epic: 3, rare: 2, common: 1 } as Record<string, number>;
    const order = list.map((b: { rarity: string }) => ranks[b.rarity]);
    expect(order).toEqual([...order].sort((a: number, b: number) => b - a));
    expect(list[0]).toMatchObject({ code: 'konami_code', rarity: 'legendary' });
  });

  it('unlocks once (idempotent), answers success and the badge, and pushes it live', async () => {
    const m = await signUpMember(t.app, 'Gamer');
    const first = await m.post('/api/badges/unlock', { badgeCode: 'konami_code' });
    expect(first.json()).toMatchObject({
      success: true,
      newlyUnlocked: true,
      badge: { code: 'konami_code', icon: '🎮', name: 'Konami Master' },
    });
    const again = await m.post('/api/badges/unlock', { badgeCode: 'konami_code' });
    expect(again.json()).toMatchObject({ success: true, newlyUnlocked: false });
    const mine = (await m.get('/api/badges/mine')).json();
    expect(mine.total).toBe(8);
    expect(mine.badges).toHaveLength(1);
    const { rows } = await t.dbh.query<{ type: string; topic: string }>(
      `SELECT type, topic FROM realtime_events WHERE type = $1`,
      [EVENT_TYPES.badgeUnlocked],
    );
    expect(rows).toEqual([{ type: 'badge.unlocked', topic: `user:${m.userId}` }]);
    expect(
      (await new Client(t.app).post('/api/badges/unlock', { badgeCode: 'konami_code' })).statusCode,
    ).toBe(401);
    expect((await m.post('/api/badges/unlock', { badgeCode: 'made_up' })).statusCode).toBe(400);
  });

  it('checks night_owl against the member’s local hour (02:00–03:59) in their zone', async () => {
    const m = await signUpMember(t.app, 'Owl');
    const ctx = t.app.ctx;
    const at = (iso: string) => new Date(iso);
    expect(
      await checkRule(ctx, m.userId, 'night_owl', { timeZone: 'Europe/London' }, at('2026-11-21T02:30:00Z')),
    ).toBe(true);
    expect(
      await checkRule(ctx, m.userId, 'night_owl', { timeZone: 'Europe/London' }, at('2026-11-21T04:00:00Z')),
    ).toBe(false);
    expect(
      await checkRule(
        ctx,
        m.userId,
        'night_owl',
        { timeZone: 'America/New_York' },
        at('2026-11-21T08:15:00Z'),
      ),
    ).toBe(true);
    await expect(checkRule(ctx, m.userId, 'night_owl', { timeZone: 'Mars/Olympus' })).rejects.toThrow();
    const res = await m.post('/api/badges/unlock', {
      badgeCode: 'night_owl',
      timeZone: 'Pacific/Kiritimati',
    });
    // Whether it is night there right now decides; the answer is never a 5xx.
    expect([200, 403]).toContain(res.statusCode);
  });

  it('checks long_listener against how long the event stream has been connected', async () => {
    const m = await signUpMember(t.app, 'Listener');
    expect(await checkRule(t.app.ctx, m.userId, 'long_listener', {})).toBe(false);
    const refused = await m.post('/api/badges/unlock', { badgeCode: 'long_listener' });
    expect(refused.statusCode).toBe(403);
    expect(LONG_LISTENER_MS).toBe(30 * 60_000);
  });

  it('checks speed_demon against five distinct page visits within ten seconds', async () => {
    const m = await signUpMember(t.app, 'Speedy');
    expect((await m.post('/api/badges/unlock', { badgeCode: 'speed_demon' })).statusCode).toBe(403);
    for (const path of ['/', '/schedule', '/chart', '/members', '/shop'])
      await m.post('/api/page-visits', { path });
    expect((await m.post('/api/badges/unlock', { badgeCode: 'speed_demon' })).json().success).toBe(true);
  });

  it('rate limits unlock attempts per member', async () => {
    const m = await signUpMember(t.app, 'Spammer');
    const codes: number[] = [];
    for (let i = 0; i < 12; i++)
      codes.push((await m.post('/api/badges/unlock', { badgeCode: 'secret_footer' })).statusCode);
    expect(codes.slice(0, 10).every((c) => c === 200)).toBe(true);
    expect(codes.slice(10)).toEqual([429, 429]);
  });
});
