import { describe, expect, it } from 'vitest';
import { AUTH_TEXTS } from '../../../shared/texts/accounts';
import { ROLES_TEXTS } from '../../../shared/texts/roles';
import { appForFile } from '../../test/app-for-file';
import { Client, createTestApp, memberWith, signUpMember, uniqueEmail } from '../../test/test-app';

const t = appForFile();

/** Posts the sign-up form as `c` with the password secret1 (typed twice); `extra` adds fields. */
const signUp = (c: Client, fullName: string, email: string, extra: Record<string, string> = {}) =>
  c.post('/api/auth/sign-up', { fullName, email, password: 'secret1', confirmPassword: 'secret1', ...extra });

describe('sign-up', () => {
  it('makes the first account of an empty site its admin, and later ones ordinary members', async () => {
    const c = new Client(t.app);
    const res = await signUp(c, 'First Person', uniqueEmail('first'));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      firstUserIsAdmin: true,
      me: { isAdmin: true, profile: { role: 'admin' } },
    });
    expect(String(res.headers['set-cookie'])).toMatch(/HttpOnly/);

    const second = await signUp(new Client(t.app), 'Second Person', uniqueEmail('second'));
    expect(second.json()).toMatchObject({
      firstUserIsAdmin: false,
      me: { isAdmin: false, profile: { role: 'user' } },
    });
  });

  it('creates the profile on the server and ignores a role sent by the client', async () => {
    const c = new Client(t.app);
    const res = await signUp(c, '  Sneaky  ', uniqueEmail('sneaky'), { role: 'admin' });
    expect(res.statusCode).toBe(201);
    expect(res.json().me.profile).toMatchObject({ role: 'user', fullName: 'Sneaky' });
    expect(res.json().me.displayName).toBe('Sneaky');
  });

  it('answers the exact texts for bad input, mismatch before length, and changes nothing', async () => {
    const email = uniqueEmail('bad');
    const c = new Client(t.app);
    /** Signs up with `body`, which is refused (400); answers the error. */
    const refused = async (body: Record<string, string>) => {
      const res = await c.post('/api/auth/sign-up', body);
      expect(res.statusCode).toBe(400);
      return res.json().error;
    };
    const mismatch = await refused({ fullName: 'X', email, password: 'abc', confirmPassword: 'abd' });
    expect(mismatch.message).toBe('Passwords do not match');
    const short = await refused({ fullName: 'X', email, password: 'abc', confirmPassword: 'abc' });
    expect(short.message).toBe('Password must be at least 6 characters');
    const shape = await refused({
      fullName: 'X',
      email: 'nope',
      password: 'secret1',
      confirmPassword: 'secret1',
    });
    expect(shape.fields.email).toBe(AUTH_TEXTS.emailInvalid);
    const missing = await refused({ email, password: 'secret1', confirmPassword: 'secret1' });
    expect(missing.fields.fullName).toBe(AUTH_TEXTS.fullNameRequired);
    const login = await c.post('/api/auth/login', { email, password: 'abc' });
    expect(login.statusCode).toBe(401);
  });

  it('refuses a second account with the same email (any case)', async () => {
    const email = uniqueEmail('dup');
    await signUpMember(t.app, 'Dup', email);
    const res = await signUp(new Client(t.app), 'Dup 2', email.toUpperCase());
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(AUTH_TEXTS.emailTaken);
  });
});

describe('login, session and logout', () => {
  it('logs in, keeps the session across requests, and logs out', async () => {
    const email = uniqueEmail('login');
    await signUpMember(t.app, 'Login Person', email);
    const c = new Client(t.app);
    expect((await c.get('/api/me')).json()).toEqual({ me: null });
    const res = await c.post('/api/auth/login', { email, password: 'secret123' });
    expect(res.statusCode).toBe(200);
    expect(res.json().me.displayName).toBe('Login Person');
    const me = await c.get('/api/me');
    expect(me.json().me.user.email).toBe(email);
    expect(me.headers['cache-control']).toBe('no-store');
    const out = await c.post('/api/auth/logout');
    expect(out.statusCode).toBe(200);
    expect(c.cookie).toBe('');
    expect((await c.get('/api/me')).json()).toEqual({ me: null });
  });

  it('says the exact text for a wrong password or an unknown email', async () => {
    const email = uniqueEmail('wrong');
    await signUpMember(t.app, 'Wrong', email);
    for (const body of [
      { email, password: 'not-the-password' },
      { email: uniqueEmail('nobody'), password: 'whatever1' },
    ]) {
      const res = await new Client(t.app).post('/api/auth/login', body);
      expect(res.statusCode).toBe(401);
      expect(res.json().error.message).toBe(
        "Invalid email or password. Please check your credentials or register if you don't have an account.",
      );
    }
  });

  it('ends the session on the server at logout: the old cookie no longer works', async () => {
    const m = await signUpMember(t.app, 'Old Cookie');
    const old = m.cookie;
    await m.post('/api/auth/logout');
    const again = new Client(t.app);
    again.cookie = old;
    expect((await again.get('/api/me')).json()).toEqual({ me: null });
  });
});

describe('rate limits', () => {
  it('answers 429 with a clear message after too many login attempts from one address', async () => {
    const limited = await createTestApp({ env: { AUTH_RATE_LIMIT_MAX: '3' }, db: t.dbh });
    try {
      const c = new Client(limited.app, '10.1.2.3');
      const codes: number[] = [];
      for (let i = 0; i < 4; i++) {
        codes.push(
          (await c.post('/api/auth/login', { email: 'x@example.com', password: 'nope123' })).statusCode,
        );
      }
      expect(codes).toEqual([401, 401, 401, 429]);
      const res = await c.post('/api/auth/login', { email: 'x@example.com', password: 'nope123' });
      expect(res.json().error.message).toBe(AUTH_TEXTS.tooManyAttempts);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      // Another address is not affected.
      const other = new Client(limited.app, '10.9.9.9');
      expect(
        (await other.post('/api/auth/login', { email: 'x@example.com', password: 'nope123' })).statusCode,
      ).toBe(401);
    } finally {
      await limited.app.close();
    }
  });
});

describe('own profile', () => {
  it('refuses an update when nobody is signed in, with the exact text', async () => {
    const res = await new Client(t.app).patch('/api/me', { twitterUsername: 'x' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toBe('No user logged in');
  });

  it('updates own social names (empty becomes null) and never the role or email', async () => {
    const m = await signUpMember(t.app, 'Social');
    const res = await m.patch('/api/me', { twitterUsername: 'radiofan', instagramUsername: '  ' });
    expect(res.statusCode).toBe(200);
    expect(res.json().me.profile).toMatchObject({
      twitterUsername: 'radiofan',
      instagramUsername: null,
      role: 'user',
    });
    const sneaky = await m.patch('/api/me', { role: 'admin' });
    expect(sneaky.statusCode).toBe(400);
    const sneakyEmail = await m.patch('/api/me', { email: 'new@example.com' });
    expect(sneakyEmail.statusCode).toBe(400);
    expect((await m.get('/api/me')).json().me.profile).toMatchObject({ role: 'user', email: m.email });
  });
});

describe('user management', () => {
  it('lets an admin list members and change a role; the member sees the new rights', async () => {
    const admin = await memberWith(t, 'admin');
    const m = await signUpMember(t.app, 'Promote Me');
    const list = await admin.get('/api/users');
    expect(list.statusCode).toBe(200);
    expect(list.json().users.some((u: { id: string }) => u.id === m.userId)).toBe(true);
    const res = await admin.patch(`/api/users/${m.userId}/role`, { role: 'presenter' });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.role).toBe('presenter');
    const me = (await m.get('/api/me')).json().me;
    expect(me.isPresenter).toBe(true);
    expect(me.capabilities).toContain('requests.manage');
  });

  it('refuses an unknown role and an unknown user', async () => {
    const admin = await memberWith(t, 'admin');
    expect((await admin.patch(`/api/users/${admin.userId}/role`, { role: 'emperor' })).statusCode).toBe(400);
    expect((await admin.patch('/api/users/nobody/role', { role: 'user' })).statusCode).toBe(404);
  });

  it('keeps at least one admin', async () => {
    const solo = await createTestApp();
    try {
      const admin = await signUpMember(solo.app, 'Only Admin');
      const res = await admin.patch(`/api/users/${admin.userId}/role`, { role: 'user' });
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toBe(ROLES_TEXTS.lastAdmin);
    } finally {
      await solo.close();
    }
  });
});

describe('email confirmation (switched on)', () => {
  it('sends a confirmation link, refuses login with the exact text until confirmed, then signs in', async () => {
    const strict = await createTestApp({
      env: { REQUIRE_EMAIL_CONFIRMATION: 'true', SMTP_URL: 'smtp://localhost:2525' },
      db: t.dbh,
    });
    try {
      const email = uniqueEmail('confirm');
      const c = new Client(strict.app);
      const res = await signUp(c, 'Conf', email);
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ me: null, emailConfirmationRequired: true });
      const login = await c.post('/api/auth/login', { email, password: 'secret1' });
      expect(login.statusCode).toBe(403);
      expect(login.json().error.message).toBe(
        'Your email address has not been confirmed. Please check your inbox for a confirmation link.',
      );
      const mail = strict.mail.find((m) => m.to === email);
      expect(mail?.text).toMatch(/\/api\/auth\/verify-email\?token=/);
      const link = new URL(mail!.text.match(/https?:\/\/\S+/)![0]);
      const verify = await c.get(`${link.pathname}${link.search}`);
      expect(verify.statusCode).toBe(302);
      expect(verify.headers.location).toContain('emailConfirmed=1');
      expect((await c.post('/api/auth/login', { email, password: 'secret1' })).statusCode).toBe(200);
    } finally {
      await strict.app.close();
    }
  });
});
