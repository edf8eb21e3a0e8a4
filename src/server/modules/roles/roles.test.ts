import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEXTS } from '../../../shared/texts';
import { createTestApp, type Member, memberWith, signUpMember, type TestApp } from '../../test/test-app';

let t: TestApp;
let admin: Member;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpMember(t.app, 'Station Admin'); // first account: admin
});
afterAll(async () => t.close());

describe('roles', () => {
  it('lists the system roles, locked, and exposes the catalogue and the five templates', async () => {
    const list = (await admin.get('/api/roles')).json().roles;
    const names = list.map((r: { name: string }) => r.name);
    expect(names).toEqual(
      expect.arrayContaining(['news_reporter', 'radio_mentor', 'moderator', 'developer']),
    );
    expect(list.every((r: { isSystemRole: boolean }) => r.isSystemRole)).toBe(true);
    const cat = (await admin.get('/api/roles/catalogue')).json();
    expect(cat.permissions).toHaveLength(31);
    expect(Object.keys(cat.templates)).toHaveLength(5);
  });

  it('creates a role with a normalised name and a trimmed or null description', async () => {
    const res = await admin.post('/api/roles', {
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
    const trimmed = await admin.post('/api/roles', {
      name: 'Weekend',
      fullName: 'Weekend',
      description: '  Sat and Sun  ',
    });
    expect(trimmed.json().role.description).toBe('Sat and Sun');
    const dup = await admin.post('/api/roles', { name: 'night shift crew', fullName: 'Again' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.message).toBe(TEXTS.roles.nameTaken);
  });

  it('requires name and display name, and refuses unknown permissions', async () => {
    expect((await admin.post('/api/roles', { name: '', fullName: 'X' })).json().error.message).toBe(
      'Role name is required',
    );
    expect((await admin.post('/api/roles', { name: 'x', fullName: ' ' })).json().error.message).toBe(
      'Display name is required',
    );
    const bad = await admin.post('/api/roles', { name: 'x', fullName: 'X', permissions: ['fly'] });
    expect(bad.statusCode).toBe(400);
  });

  it('keeps system roles locked (name and permissions) and undeletable, but their description editable', async () => {
    const sys = (await admin.get('/api/roles'))
      .json()
      .roles.find((r: { name: string }) => r.name === 'moderator');
    const rename = await admin.patch(`/api/roles/${sys.id}`, { ...sys, name: 'mods' });
    expect(rename.statusCode).toBe(403);
    const perms = await admin.patch(`/api/roles/${sys.id}`, { ...sys, permissions: ['manage_shop'] });
    expect(perms.statusCode).toBe(403);
    const desc = await admin.patch(`/api/roles/${sys.id}`, { ...sys, description: 'Keeps chat kind.' });
    expect(desc.statusCode).toBe(200);
    expect(desc.json().role.description).toBe('Keeps chat kind.');
    const del = await admin.delete(`/api/roles/${sys.id}`);
    expect(del.statusCode).toBe(403);
    expect(del.json().error.message).toBe(TEXTS.roles.systemRoleLocked);
  });

  it('edits and deletes a custom role; deleting removes its assignments', async () => {
    const role = (
      await admin.post('/api/roles', { name: 'temp', fullName: 'Temp', permissions: ['broadcast_control'] })
    ).json().role;
    const m = await signUpMember(t.app, 'Temp Holder');
    expect(
      (await admin.post('/api/role-assignments', { userId: m.userId, roleId: role.id })).statusCode,
    ).toBe(201);
    expect((await m.get('/api/me')).json().me.capabilities).toContain('station.control');
    const edited = await admin.patch(`/api/roles/${role.id}`, {
      name: 'Temp Two',
      fullName: 'Temp 2',
      permissions: [],
    });
    expect(edited.json().role).toMatchObject({ name: 'temp_two', assignmentCount: 1 });
    expect((await m.get('/api/me')).json().me.capabilities).not.toContain('station.control');
    expect((await admin.delete(`/api/roles/${role.id}`)).statusCode).toBe(200);
    const assignments = (await admin.get('/api/role-assignments')).json().assignments;
    expect(assignments.some((a: { userId: string }) => a.userId === m.userId)).toBe(false);
    expect((await m.get('/api/me')).json().me.roles).toEqual(['user']);
  });
});

describe('role assignments', () => {
  it('assigns a role once; a duplicate is refused with the spec text', async () => {
    const m = await signUpMember(t.app, 'Reporter');
    const role = (await admin.get('/api/roles'))
      .json()
      .roles.find((r: { name: string }) => r.name === 'news_reporter');
    const res = await admin.post('/api/role-assignments', { userId: m.userId, roleId: role.id });
    expect(res.statusCode).toBe(201);
    expect(res.json().assignment).toMatchObject({
      userId: m.userId,
      role: { name: 'news_reporter' },
      assignedBy: admin.userId,
      assignedByName: 'Station Admin',
    });
    const dup = await admin.post('/api/role-assignments', { userId: m.userId, roleId: role.id });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.message).toBe('This user already has this role assigned.');
    const me = (await m.get('/api/me')).json().me;
    expect(me.roles).toEqual(['user', 'news_reporter']);
    expect(me.capabilities).toEqual(expect.arrayContaining(['news.manage', 'presenter.panel']));
  });

  it('removes an assignment and refuses unknown users, roles and assignments', async () => {
    const m = await memberWith(t, 'user', ['developer']);
    const a = (await admin.get('/api/role-assignments'))
      .json()
      .assignments.find((x: { userId: string }) => x.userId === m.userId);
    expect((await admin.delete(`/api/role-assignments/${a.id}`)).statusCode).toBe(200);
    expect((await admin.delete(`/api/role-assignments/${a.id}`)).statusCode).toBe(404);
    expect(
      (await admin.post('/api/role-assignments', { userId: 'nobody', roleId: a.roleId })).statusCode,
    ).toBe(404);
    expect(
      (
        await admin.post('/api/role-assignments', {
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
