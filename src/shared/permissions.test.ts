import { describe, expect, it } from 'vitest';
import {
  CAPABILITIES,
  computeAccess,
  normaliseRoleName,
  PERMISSION_CATALOGUE,
  ROLE_TEMPLATES,
} from './permissions';

describe('computeAccess', () => {
  it('gives an ordinary member no capabilities', () => {
    const a = computeAccess('user', []);
    expect(a).toMatchObject({ roles: ['user'], capabilities: [], isAdmin: false, isPresenter: false });
  });

  it('gives admin every capability and permission', () => {
    const a = computeAccess('admin', []);
    expect(a.isAdmin).toBe(true);
    expect(a.isPresenter).toBe(true);
    expect(a.capabilities).toEqual([...CAPABILITIES]);
    expect(a.permissions).toEqual([...PERMISSION_CATALOGUE]);
  });

  it('lets presenters manage requests and use the panel, not people or roles', () => {
    const a = computeAccess('presenter', []);
    expect(a.isPresenter).toBe(true);
    expect(a.capabilities).toEqual(
      expect.arrayContaining(['presenter.panel', 'requests.manage', 'chat.presenterReply', 'station.stream']),
    );
    expect(a.capabilities).not.toContain('users.manage');
    expect(a.capabilities).not.toContain('roles.manage');
    expect(a.capabilities).not.toContain('admin.panel');
  });

  it('combines the profile role with assigned roles and their permissions', () => {
    const a = computeAccess('user', [
      { name: 'news_reporter', permissions: [] },
      { name: 'custom_helper', permissions: ['broadcast_control', 'not_a_permission'] },
    ]);
    expect(a.roles).toEqual(['user', 'news_reporter', 'custom_helper']);
    expect(a.permissions).toEqual(['broadcast_control']);
    expect(a.capabilities).toEqual(
      expect.arrayContaining(['news.manage', 'presenter.panel', 'station.control']),
    );
    expect(a.isAdmin).toBe(false);
  });

  it('never lets a catalogue permission grant user or role management', () => {
    const a = computeAccess('user', [{ name: 'everything', permissions: [...PERMISSION_CATALOGUE] }]);
    expect(a.capabilities).not.toContain('users.manage');
    expect(a.capabilities).not.toContain('roles.manage');
    expect(a.capabilities).not.toContain('admin.panel');
  });

  it('opens the presenter panel for any extra assigned role', () => {
    expect(computeAccess('user', [{ name: 'anything', permissions: [] }]).capabilities).toContain(
      'presenter.panel',
    );
  });

  it('gives a profile role named after a template that template’s permissions', () => {
    const a = computeAccess('technical_lead', []);
    expect(a.permissions.sort()).toEqual([...ROLE_TEMPLATES.technical_lead.permissions].sort());
    expect(a.capabilities).toContain('station.control');
  });

  it('gives staff the staff panel', () => {
    expect(computeAccess('staff', []).capabilities).toContain('staff.panel');
  });

  it('never treats an assigned role named after a profile role as that profile role', () => {
    const asAdmin = computeAccess('user', [{ name: 'admin', permissions: ['broadcast_control'] }]);
    expect(asAdmin.isAdmin).toBe(false);
    expect(asAdmin.capabilities).toEqual(['presenter.panel', 'station.control']);
    expect(asAdmin.permissions).toEqual(['broadcast_control']);
    const asPresenter = computeAccess('user', [{ name: 'presenter', permissions: [] }]);
    expect(asPresenter.isPresenter).toBe(false);
    expect(asPresenter.capabilities).toEqual(['presenter.panel']);
    const asStaff = computeAccess('user', [{ name: 'staff', permissions: [] }]);
    expect(asStaff.capabilities).toEqual(['presenter.panel']);
    const asDirector = computeAccess('user', [{ name: 'station_director', permissions: [] }]);
    expect(asDirector.capabilities).toEqual(['presenter.panel']);
  });

  it('keeps the section capabilities of the system roles when they are assigned', () => {
    const caps = (name: string) => computeAccess('user', [{ name, permissions: [] }]).capabilities;
    expect(caps('news_reporter')).toContain('news.manage');
    expect(caps('radio_mentor')).toContain('mentor.sessions');
    expect(caps('radio_manager')).toContain('manager.stats');
    expect(caps('manager')).toContain('manager.stats');
    expect(caps('moderator')).toContain('chat.moderate');
    expect(caps('content_moderator')).toContain('chat.moderate');
    expect(caps('developer')).toContain('developer.tools');
  });

  it('lets only presenters and admins send presenter replies, not staff', () => {
    expect(computeAccess('staff', []).capabilities).not.toContain('chat.presenterReply');
    expect(computeAccess('presenter', []).capabilities).toContain('chat.presenterReply');
    expect(computeAccess('admin', []).capabilities).toContain('chat.presenterReply');
  });

  it('lets staff run requests and the schedule from the staff panel, not the presenter panel', () => {
    const caps = computeAccess('staff', []).capabilities;
    expect(caps).toEqual(expect.arrayContaining(['requests.manage', 'schedule.manage']));
    expect(caps).not.toContain('presenter.panel');
    expect(caps).not.toContain('users.manage');
  });
});

describe('role templates', () => {
  it('has the five role templates with their permissions', () => {
    expect(Object.keys(ROLE_TEMPLATES)).toEqual([
      'radio_manager',
      'content_director',
      'technical_lead',
      'marketing_manager',
      'community_manager',
    ]);
    expect(ROLE_TEMPLATES.community_manager.permissions).toEqual([
      'listener_engagement',
      'moderate_comments',
      'moderate_requests',
      'manage_competitions',
    ]);
  });

  it('normalises role names: lowercased, spaces to underscores', () => {
    expect(normaliseRoleName('  Night Shift  Crew ')).toBe('night_shift_crew');
  });
});
