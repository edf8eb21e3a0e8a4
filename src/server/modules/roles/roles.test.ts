import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ROLE_TEMPLATES } from '../../../shared/permissions';
import { ROLES_TEXTS } from '../../../shared/texts/roles';
import { templateRoleValues } from '../../../web/features/roles/template-values';
import { appForFile } from '../../test/app-for-file';
import { memberWith, signUpMember } from '../../test/test-app';
import { ensureSystemRoles } from './roles.seed';

const t = appForFile({ admin: 'Station Admin' });

describe('roles', () => {
  it('lists the system roles, locked, and exposes the catalogue and the five templates', async () => {
    const list = (await t.admin.get('/api/roles')).json().roles;
    const names = list.map((r: { name: string }) => r.name);
    expect(names).toEqual(
      expect.arrayContaining(['news_reporter', 'radio_mentor', 'moderator', 'developer']),
    );
    expect(list.every((r: { isSystemRole: boolean }) => r.isSystemRole)).toBe(true);
    const cat = (await t.admin.get('/api/roles/catalogue')).json();
    expect(cat.permissions).toHaveLength(31);
    expect(Object.keys(cat.templates)).toHaveLength(5);
  });

  it('creates a role with a normalised name and a trimmed or null description', async () => {
    const res = await t.admin.post('/api/roles', {
      name: '  Night Shift Crew ',
      fullName: 'Night Shift Crew',
      description: '   ',
      permissions: ['listener_engagement', 'moderate_comments'],
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().role).toMatchObject({
      name: 'night_shift_crew',
      description: null,
      isSystemRole: false,
    });
    const trimmed = await t.admin.post('/api/roles', {
      name: 'Weekend',
      fullName: 'Weekend',
      description: '  Sat and Sun  ',
    });
    expect(trimmed.json().role.description).toBe('Sat and Sun');
    const dup = await t.admin.post('/api/roles', { name: 'night shift crew', fullName: 'Again' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.message).toBe(ROLES_TEXTS.nameTaken);
  });

  it('requires name and display name, and refuses unknown permissions', async () => {
    expect((await t.admin.post('/api/roles', { name: '', fullName: 'X' })).json().error.message).toBe(
      'Role name is required',
    );
    expect((await t.admin.post('/api/roles', { name: 'x', fullName: ' ' })).json().error.message).toBe(
      'Display name is required',
    );
    const bad = await t.admin.post('/api/roles', { name: 'x', fullName: 'X', permissions: ['fly'] });
    expect(bad.statusCode).toBe(400);
  });

  it('keeps system roles locked (name and permissions) and undeletable, but their description editable', async () => {
    const sys = (await t.admin.get('/api/roles'))
      .json()
      .roles.find((r: { name: string }) => r.name === 'moderator');
    const rename = await t.admin.patch(`/api/roles/${sys.id}`, { ...sys, name: 'mods' });
    expect(rename.statusCode).toBe(403);
    const perms = await t.admin.patch(`/api/roles/${sys.id}`, { ...sys, permissions: ['manage_shop'] });
    expect(perms.statusCode).toBe(403);
    const desc = await t.admin.patch(`/api/roles/${sys.id}`, { ...sys, description: 'Keeps chat kind.' });
    expect(desc.statusCode).toBe(200);
    expect(desc.json().role.description).toBe('Keeps chat kind.');
    const del = await t.admin.delete(`/api/roles/${sys.id}`);
    expect(del.statusCode).toBe(403);
    expect(del.json().error.message).toBe(ROLES_TEXTS.systemRoleLocked);
  });

  it('edits and deletes a custom role; deleting removes its assignments', async () => {
    const role = (
      await t.admin.post('/api/roles', { name: 'temp', fullName: 'Temp', permissions: ['broadcast_control'] })
    ).json().role;
    const m = await signUpMember(t.app, 'Temp Holder');
    expect(
      (await t.admin.post('/api/role-assignments', { userId: m.userId, roleId: role.id })).statusCode,
    ).toBe(201);
    expect((await m.get('/api/me')).json().me.capabilities).toContain('station.control');
    const edited = await t.admin.patch(`/api/roles/${role.id}`, {
      name: 'Temp Two',
      fullName: 'Temp 2',
      permissions: [],
    });
    expect(edited.json().role).toMatchObject({ name: 'temp_two', assignmentCount: 1 });
    expect((await m.get('/api/me')).json().me.capabilities).not.toContain('station.control');
    expect((await t.admin.delete(`/api/roles/${role.id}`)).statusCode).toBe(200);
    const assignments = (await t.admin.get('/api/role-assignments')).json().assignments;
    expect(assignments.some((a: { userId: string }) => a.userId === m.userId)).toBe(false);
    expect((await m.get('/api/me')).json().me.roles).toEqual(['user']);
  });
});

describe('the roles list counts assignments', () => {
  it('shows how many members hold each role, as the single-role answer does', async () => {
    const role = (
      await t.admin.post('/api/roles', { name: 'counted', fullName: 'Counted', permissions: [] })
    ).json().role;
    const holders = [];
    for (const name of ['Holder One', 'Holder Two', 'Holder Three'])
      holders.push(await signUpMember(t.app, name));
    for (const h of holders)
      expect(
        (await t.admin.post('/api/role-assignments', { userId: h.userId, roleId: role.id })).statusCode,
      ).toBe(201);
    const devs = (await t.admin.get('/api/roles'))
      .json()
      .roles.find((r: { name: string }) => r.name === 'developer');
    await t.admin.post('/api/role-assignments', { userId: holders[0].userId, roleId: devs.id });
    const list = (await t.admin.get('/api/roles')).json().roles;
    const count = (name: string) => list.find((r: { name: string }) => r.name === name).assignmentCount;
    expect(count('counted')).toBe(3);
    expect(count('developer')).toBe(1);
    expect(count('moderator')).toBe(0);
  });
});

describe('the Radio Manager system role', () => {
  it('carries the Radio Manager template permissions, also on a database created before', async () => {
    const rm = () =>
      t.admin
        .get('/api/roles')
        .then((r) => r.json().roles.find((x: { name: string }) => x.name === 'radio_manager'));
    const expected = [...ROLE_TEMPLATES.radio_manager.permissions].sort();
    expect([...(await rm()).permissions].sort()).toEqual(expected);
    expect(expected).toEqual([
      'manage_playlists',
      'manage_presenters',
      'manage_schedule',
      'manage_station_settings',
      'view_analytics',
    ]);
    // An older database holds the role with fewer permissions: start-up brings it up to date.
    await t.dbh.query(
      `UPDATE roles SET permissions = '["manage_presenters","manage_schedule","view_analytics"]'::jsonb, full_name = 'Our Managers' WHERE name = 'radio_manager'`,
    );
    await ensureSystemRoles(t.app.ctx.db);
    const after = await rm();
    expect([...after.permissions].sort()).toEqual(expected);
    expect(after.fullName).toBe('Our Managers'); // the admin's display name stays
    const holder = await memberWith(t, 'user', ['radio_manager']);
    expect((await holder.get('/api/me')).json().me.capabilities).toEqual(
      expect.arrayContaining(['settings.manage', 'schedule.manage', 'manager.stats', 'analytics.view']),
    );
  });

  it('a template saved under the name the form suggests is created', async () => {
    const existing = (await t.admin.get('/api/roles')).json().roles.map((r: { name: string }) => r.name);
    const values = templateRoleValues('radio_manager', ROLE_TEMPLATES.radio_manager, existing);
    const res = await t.admin.post('/api/roles', values);
    expect(res.statusCode).toBe(201);
    expect(res.json().role).toMatchObject({ name: 'radio_manager_team', fullName: 'Radio Manager Team' });
    const again = templateRoleValues('radio_manager', ROLE_TEMPLATES.radio_manager, [
      ...existing,
      'radio_manager_team',
    ]);
    expect((await t.admin.post('/api/roles', again)).statusCode).toBe(201);
  });
});

describe('profile-role names', () => {
  it('refuses to create or rename a role with the name of a profile role', async () => {
    for (const name of ['admin', 'Presenter', 'staff', 'Station Director', 'user']) {
      const res = await t.admin.post('/api/roles', { name, fullName: 'Sneaky', permissions: [] });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(ROLES_TEXTS.profileRoleName);
      expect(res.json().error.message).toBe(
        'This name belongs to a profile role. Please choose another name for the role.',
      );
    }
    const role = (await t.admin.post('/api/roles', { name: 'helpers', fullName: 'Helpers' })).json().role;
    const rename = await t.admin.patch(`/api/roles/${role.id}`, { name: 'admin', fullName: 'Helpers' });
    expect(rename.statusCode).toBe(400);
    expect(rename.json().error.message).toBe(ROLES_TEXTS.profileRoleName);
    const names = (await t.admin.get('/api/roles')).json().roles.map((r: { name: string }) => r.name);
    expect(names).not.toContain('admin');
    expect(names).toContain('helpers');
  });

  it('an assigned role named admin (from before the rule) grants only its permissions', async () => {
    // A role created before names were checked, as an older database may hold it.
    const m = await signUpMember(t.app, 'Not An Admin');
    await t.dbh.query(
      `INSERT INTO roles (name, full_name, permissions) VALUES ('admin', 'Admin', '["broadcast_control"]'::jsonb)`,
    );
    await t.dbh.query(
      `INSERT INTO user_role_assignments (user_id, role_id) SELECT $1, id FROM roles WHERE name = 'admin'`,
      [m.userId],
    );
    const me = (await m.get('/api/me')).json().me;
    expect(me.isAdmin).toBe(false);
    expect(me.capabilities).toEqual(['presenter.panel', 'station.control']);
    expect((await m.get('/api/users')).statusCode).toBe(403);
    expect((await m.patch(`/api/users/${m.userId}/role`, { role: 'admin' })).statusCode).toBe(403);

    // The migration renames such a role, so nobody holds a role that reads as a profile role.
    const sql = readFileSync(new URL('../../db/migrations/0004_defects.sql', import.meta.url), 'utf8');
    for (const statement of sql.split('--> statement-breakpoint')) await t.dbh.query(statement);
    // Migrations run while the app starts, so no instance holds an actor from before them: start clean.
    t.app.ctx.actors.clear();
    for (const read of t.app.ctx.publicReads.all()) read.invalidate();
    const { rows } = await t.dbh.query<{ name: string }>(
      `SELECT r.name FROM roles r JOIN user_role_assignments a ON a.role_id = r.id WHERE a.user_id = $1`,
      [m.userId],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0].name).toMatch(/^admin_legacy_[0-9a-f]{8}$/);
    const after = (await m.get('/api/me')).json().me;
    expect(after.roles).toEqual(['user', rows[0].name]);
    expect(after.isAdmin).toBe(false);
    // System roles keep their names.
    const names = (await t.admin.get('/api/roles')).json().roles.map((r: { name: string }) => r.name);
    expect(names).toEqual(expect.arrayContaining(['news_reporter', 'radio_manager', 'content_moderator']));
  });
});

describe('role assignments', () => {
  it('assigns a role once; a duplicate is refused with the exact text', async () => {
    const m = await signUpMember(t.app, 'Reporter');
    const role = (await t.admin.get('/api/roles'))
      .json()
      .roles.find((r: { name: string }) => r.name === 'news_reporter');
    const res = await t.admin.post('/api/role-assignments', { userId: m.userId, roleId: role.id });
    expect(res.statusCode).toBe(201);
    expect(res.json().assignment).toMatchObject({
      userId: m.userId,
      role: { name: 'news_reporter' },
      assignedBy: t.admin.userId,
      assignedByName: 'Station Admin',
    });
    const dup = await t.admin.post('/api/role-assignments', { userId: m.userId, roleId: role.id });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.message).toBe('This user already has this role assigned.');
    const me = (await m.get('/api/me')).json().me;
    expect(me.roles).toEqual(['user', 'news_reporter']);
    expect(me.capabilities).toEqual(expect.arrayContaining(['news.manage', 'presenter.panel']));
  });

  it('removes an assignment and refuses unknown users, roles and assignments', async () => {
    const m = await memberWith(t, 'user', ['developer']);
    const a = (await t.admin.get('/api/role-assignments'))
      .json()
      .assignments.find((x: { userId: string }) => x.userId === m.userId);
    expect((await t.admin.delete(`/api/role-assignments/${a.id}`)).statusCode).toBe(200);
    expect((await t.admin.delete(`/api/role-assignments/${a.id}`)).statusCode).toBe(404);
    expect(
      (await t.admin.post('/api/role-assignments', { userId: 'nobody', roleId: a.roleId })).statusCode,
    ).toBe(404);
    expect(
      (
        await t.admin.post('/api/role-assignments', {
          userId: m.userId,
          roleId: '00000000-0000-0000-0000-000000000000',
        })
      ).statusCode,
    ).toBe(404);
  });

  it('is for admins only', async () => {
    const presenter = await memberWith(t, 'presenter');
    expect((await presenter.get('/api/roles')).statusCode).toBe(403);
    expect(
      (await presenter.post('/api/role-assignments', { userId: presenter.userId, roleId: 'x' })).statusCode,
    ).toBe(403);
  });
});
