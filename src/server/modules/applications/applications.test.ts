import { describe, expect, it } from 'vitest';
import { APPLICATIONS_TEXTS } from '../../../shared/texts/applications';
import { appForFile } from '../../test/app-for-file';
import { Client, createTestApp, memberWith, signUpMember } from '../../test/test-app';
import { cooldown } from './applications.service';

const t = appForFile({ scripted: true });

const form = (over: Record<string, unknown> = {}) => ({
  fullName: '  Ava Applicant ',
  email: 'ava@example.com',
  showConcept: 'Late-night jazz',
  experience: 'Hospital radio, 3 years',
  availability: 'Weekday evenings',
  additionalInfo: '  ',
  ...over,
});

describe('the cooldown rule', () => {
  it('counts whole days remaining, rounded up, for 7 days', () => {
    const now = Date.parse('2026-11-21T12:00:00Z');
    expect(cooldown(null, now)).toEqual({ canApply: true, daysRemaining: 0 });
    expect(cooldown(new Date(now - 1000), now)).toEqual({ canApply: false, daysRemaining: 7 });
    expect(cooldown(new Date(now - 6.5 * 86_400_000), now)).toEqual({ canApply: false, daysRemaining: 1 });
    expect(cooldown(new Date(now - 7 * 86_400_000), now)).toEqual({ canApply: true, daysRemaining: 0 });
  });
});

describe('presenter applications', () => {
  it('need a login, and validate with the form’s rules', async () => {
    expect((await new Client(t.app).post('/api/applications', form())).statusCode).toBe(401);
    const m = await signUpMember(t.app, 'Validator');
    const bad = await m.post('/api/applications', form({ email: 'nope' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.email).toBe(APPLICATIONS_TEXTS.emailInvalid);
    expect((await m.post('/api/applications', form({ showConcept: ' ' }))).json().error.message).toBe(
      'Show concept is required',
    );
  });

  it('are submitted once a week; approving makes a presenter with a streaming account and tells them', async () => {
    const m = await signUpMember(t.app, 'Ava');
    const res = await m.post('/api/applications', form());
    expect(res.statusCode).toBe(201);
    expect(res.json().application).toMatchObject({
      fullName: 'Ava Applicant',
      additionalInfo: null,
      status: 'pending',
    });
    const again = await m.post('/api/applications', form());
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('You can apply again in 7 days.');
    expect((await m.get('/api/applications/mine')).json()).toMatchObject({
      canApply: false,
      daysRemaining: 7,
    });

    expect((await m.get('/api/applications')).statusCode).toBe(403);
    const pending = (await t.admin.get('/api/applications')).json().applications;
    const mine = pending.find((a: { userId: string }) => a.userId === m.userId);
    expect((await m.post(`/api/applications/${mine.id}/approve`)).statusCode).toBe(403);
    const approved = await t.admin.post(`/api/applications/${mine.id}/approve`);
    expect(approved.json()).toMatchObject({ application: { status: 'approved' }, notice: null });
    const me = (await m.get('/api/me')).json().me;
    expect(me.profile.role).toBe('presenter');
    expect(me.isPresenter).toBe(true);
    expect((await m.get('/api/station/my-credentials')).json().username).toMatch(/^presenter-\d{4}$/);
    const note = (await m.get('/api/notifications')).json().notifications[0];
    expect(note.message).toBe(APPLICATIONS_TEXTS.approved);
    const twice = await t.admin.post(`/api/applications/${mine.id}/reject`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe(APPLICATIONS_TEXTS.notPending);
    expect(
      (await t.admin.get('/api/applications'))
        .json()
        .applications.some((a: { id: string }) => a.id === mine.id),
    ).toBe(false);
  });

  it('a rejection is told to the applicant', async () => {
    const m = await signUpMember(t.app, 'Rejected Rex');
    const id = (await m.post('/api/applications', form({ email: 'rex@example.com' }))).json().application.id;
    expect((await t.admin.post(`/api/applications/${id}/reject`)).json().application.status).toBe('rejected');
    expect((await m.get('/api/notifications')).json().notifications[0].message).toBe(
      APPLICATIONS_TEXTS.rejected,
    );
    expect((await m.get('/api/me')).json().me.profile.role).toBe('user');
  });

  it('an approval stands when the streaming account cannot be created, and the admin is told', async () => {
    const plain = await createTestApp({ db: t.dbh }); // RADIO_BACKEND none: no streamer accounts
    try {
      const m = await signUpMember(plain.app, 'No Account Nia');
      const id = (await m.post('/api/applications', form())).json().application.id;
      const a = new Client(plain.app);
      await a.post('/api/auth/login', { email: t.admin.email, password: 'secret123' });
      const res = await a.post(`/api/applications/${id}/approve`);
      expect(res.json().application.status).toBe('approved');
      expect(res.json().notice).toMatch(/streaming account could not be created/);
      expect((await m.get('/api/me')).json().me.profile.role).toBe('presenter');
    } finally {
      await plain.app.close();
    }
  });

  it('a news reporter approved as presenter keeps news reporting through the assigned system role', async () => {
    const m = await memberWith(t, 'news_reporter', [], 'Reporter Rosa');
    const id = (await m.post('/api/applications', form())).json().application.id;
    const res = await t.admin.post(`/api/applications/${id}/approve`);
    expect(res.statusCode).toBe(200);
    expect(res.json().application.status).toBe('approved');
    const me = (await m.get('/api/me')).json().me;
    expect(me.profile.role).toBe('presenter');
    expect(me.roles).toEqual(['presenter', 'news_reporter']);
    expect(me.capabilities).toEqual(
      expect.arrayContaining(['news.manage', 'presenter.panel', 'station.stream', 'requests.manage']),
    );
    const assignment = (await t.admin.get('/api/role-assignments'))
      .json()
      .assignments.find((a: { userId: string }) => a.userId === m.userId);
    expect(assignment).toMatchObject({ role: { name: 'news_reporter' }, assignedBy: t.admin.userId });
  });

  it('a member whose profile role no assigned role can carry is not demoted: the admin is told first', async () => {
    const m = await memberWith(t, 'staff', [], 'Staff Sol');
    const id = (await m.post('/api/applications', form())).json().application.id;
    const res = await t.admin.post(`/api/applications/${id}/approve`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(APPLICATIONS_TEXTS.profileRoleWouldBeLost('Staff'));
    expect(res.json().error.message).toBe(
      'This member holds the Staff role, which becoming a presenter would take away. Change their role in user management first, then approve.',
    );
    expect((await m.get('/api/me')).json().me.profile.role).toBe('staff');
    expect((await m.get('/api/applications/mine')).json().applications[0].status).toBe('pending');
  });

  it('approval and role change happen together: when the role change fails, the application stays pending', async () => {
    const m = await signUpMember(t.app, 'Atomic Ada');
    const id = (await m.post('/api/applications', form())).json().application.id;
    // The database refuses this member's role change (as a failure half-way would).
    await t.dbh.query(`CREATE FUNCTION refuse_role_change() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'role change refused'; END $$`);
    await t.dbh.query(`CREATE TRIGGER refuse_role_change BEFORE UPDATE OF role ON profiles
      FOR EACH ROW WHEN (NEW.id = '${m.userId}') EXECUTE FUNCTION refuse_role_change()`);
    try {
      const res = await t.admin.post(`/api/applications/${id}/approve`);
      expect(res.statusCode).toBe(500);
    } finally {
      await t.dbh.query('DROP TRIGGER refuse_role_change ON profiles');
      await t.dbh.query('DROP FUNCTION refuse_role_change()');
    }
    expect((await m.get('/api/applications/mine')).json().applications[0].status).toBe('pending');
    expect((await m.get('/api/me')).json().me.profile.role).toBe('user');
    const retry = await t.admin.post(`/api/applications/${id}/approve`);
    expect(retry.json().application.status).toBe('approved');
    expect((await m.get('/api/me')).json().me.profile.role).toBe('presenter');
  });
});
