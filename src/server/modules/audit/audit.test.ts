import { beforeAll, describe, expect, it } from 'vitest';
import type { StaffAction } from '../../../shared/contracts/audit';
import { appForFile } from '../../test/app-for-file';
import { ScriptedBackend } from '../../test/scripted-backend';
import { type Member, memberWith, signUpMember } from '../../test/test-app';
import { pruneStaffActions, recordStaffAction } from './audit.service';

const t = appForFile({ deps: { radioBackend: new ScriptedBackend() }, admin: 'Audrey Admin' });
let member: Member;
beforeAll(async () => {
  member = await signUpMember(t.app, 'Mo Member');
});

async function trail(query = ''): Promise<StaffAction[]> {
  const res = await t.admin.get(`/api/staff/audit${query}`);
  expect(res.statusCode).toBe(200);
  return res.json().actions;
}
const latest = async (action: string) => (await trail(`?action=${action}`))[0];

describe('the audit trail of staff actions', () => {
  it('records a role change with who, when, and the role before and after', async () => {
    const before = Date.now();
    expect((await t.admin.patch(`/api/users/${member.userId}/role`, { role: 'presenter' })).statusCode).toBe(
      200,
    );
    const e = await latest('user.role');
    expect(e).toMatchObject({
      actorId: t.admin.userId,
      actorName: 'Audrey Admin',
      targetType: 'user',
      targetId: member.userId,
      before: { role: 'user' },
      after: { role: 'presenter' },
    });
    expect(e.summary).toContain('Mo Member');
    expect(Date.parse(e.createdAt)).toBeGreaterThanOrEqual(before - 1000);
    await t.admin.patch(`/api/users/${member.userId}/role`, { role: 'user' });
  });

  it('records assigned roles given and taken away, and roles made, edited and deleted', async () => {
    const role = (await t.admin.post('/api/roles', { name: 'night_crew', fullName: 'Night Crew' })).json()
      .role;
    expect(await latest('role.create')).toMatchObject({ targetId: role.id, after: { name: 'night_crew' } });
    await t.admin.patch(`/api/roles/${role.id}`, { name: 'night_crew', fullName: 'Night Crew 2' });
    expect(await latest('role.update')).toMatchObject({
      before: { fullName: 'Night Crew' },
      after: { fullName: 'Night Crew 2' },
    });
    const a = (await t.admin.post('/api/role-assignments', { userId: member.userId, roleId: role.id })).json()
      .assignment;
    expect(await latest('role.assign')).toMatchObject({
      targetId: member.userId,
      after: { role: 'night_crew' },
    });
    await t.admin.delete(`/api/role-assignments/${a.id}`);
    expect(await latest('role.unassign')).toMatchObject({ before: { role: 'night_crew' }, after: null });
    await t.admin.delete(`/api/roles/${role.id}`);
    expect(await latest('role.delete')).toMatchObject({ before: { name: 'night_crew' }, after: null });
  });

  it('writes nothing when the change is refused (the entry is in the change’s transaction)', async () => {
    const sys = (await t.admin.get('/api/roles'))
      .json()
      .roles.find((r: { name: string }) => r.name === 'moderator');
    const count = (await trail('?action=role.delete')).length;
    expect((await t.admin.delete(`/api/roles/${sys.id}`)).statusCode).toBe(403);
    expect(await trail('?action=role.delete')).toHaveLength(count);
  });

  it('records settings with only what changed, before and after', async () => {
    const title = (await t.admin.get('/api/settings/site')).json().siteTitle;
    await t.admin.patch('/api/settings/site', { siteTitle: 'Audit FM' });
    expect(await latest('settings.site')).toMatchObject({
      before: { siteTitle: title },
      after: { siteTitle: 'Audit FM' },
    });
  });

  it('records radio control', async () => {
    expect((await t.admin.post('/api/station/commands/skip')).statusCode).toBe(200);
    expect(await latest('station.command')).toMatchObject({ after: { command: 'skip', ok: true } });
  });

  it('records gifts', async () => {
    expect((await t.admin.post('/api/shop/gifts', { userId: member.userId, tokens: 7 })).statusCode).toBe(
      201,
    );
    expect(await latest('shop.gift')).toMatchObject({
      targetId: member.userId,
      after: { tokens: 7, itemId: null },
    });
  });

  it('records bans and deletions with what was removed', async () => {
    const song = (
      await t.admin.post('/api/banned-songs', { title: 'Loud', artist: 'Noise', reason: 'Too loud' })
    ).json().song;
    expect(await latest('ban.add')).toMatchObject({ after: { title: 'Loud', artist: 'Noise' } });
    await t.admin.patch(`/api/banned-songs/${song.id}`, { isActive: false });
    expect(await latest('ban.toggle')).toMatchObject({
      before: { isActive: true },
      after: { isActive: false },
    });
    await t.admin.delete(`/api/banned-songs/${song.id}`);
    expect(await latest('ban.delete')).toMatchObject({ before: { title: 'Loud' } });

    const article = (
      await t.admin.post('/api/news', { title: 'Gone soon', content: 'Body', excerpt: '', featuredImage: '' })
    ).json().article;
    await t.admin.delete(`/api/news/${article.id}`);
    expect(await latest('news.delete')).toMatchObject({
      targetId: article.id,
      before: { title: 'Gone soon' },
    });
  });

  it('filters by actor, action and date', async () => {
    const dev = await memberWith(t, 'user', ['developer'], 'Dee Developer');
    const all = (await dev.get('/api/staff/audit')).json();
    expect(all.actors).toEqual([{ id: t.admin.userId, name: 'Audrey Admin' }]);
    const mine = (await dev.get(`/api/staff/audit?actorId=${member.userId}`)).json().actions;
    expect(mine).toEqual([]);
    const gifts = (await dev.get('/api/staff/audit?action=shop.gift')).json().actions;
    expect(gifts.every((e: StaffAction) => e.action === 'shop.gift')).toBe(true);
    expect(gifts.length).toBeGreaterThan(0);
    const today = new Date().toISOString().slice(0, 10);
    expect((await dev.get(`/api/staff/audit?from=${today}&to=${today}`)).json().actions.length).toBe(
      all.actions.length,
    );
    expect((await dev.get('/api/staff/audit?to=2000-01-01')).json().actions).toEqual([]);
    expect((await dev.get('/api/staff/audit?from=yesterday')).statusCode).toBe(400);
    expect((await dev.get('/api/staff/audit?action=nonsense')).statusCode).toBe(400);
    expect((await member.get('/api/staff/audit')).statusCode).toBe(403);
  });

  it('keeps entries for one year (the daily prune)', async () => {
    const recordAged = async (summary: string, days: number) => {
      await recordStaffAction(t.app.ctx.db, {
        actor: { userId: t.admin.userId },
        action: 'settings.site',
        summary,
      });
      await t.dbh.query(
        `UPDATE staff_actions SET created_at = now() - make_interval(days => $1) WHERE summary = $2`,
        [days, summary],
      );
    };
    await recordAged('old', 366);
    await recordAged('recent', 364);
    expect(await pruneStaffActions(t.app.ctx.db)).toBe(1);
    const left = (await trail('?action=settings.site')).map((e) => e.summary);
    expect(left).toContain('recent');
    expect(left).not.toContain('old');
  });
});
