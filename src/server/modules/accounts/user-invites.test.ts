import { describe, expect, it } from 'vitest';
import type { CreateUserResult } from '../../../shared/contracts/accounts';
import { AUTH_TEXTS } from '../../../shared/texts/accounts';
import { ADMIN_TEXTS } from '../../../shared/texts/admin';
import { appForFile } from '../../test/app-for-file';
import { Client, createTestApp, signUpMember, uniqueEmail } from '../../test/test-app';

const t = appForFile({ scripted: true });

const tokenOf = (url: string) => new URL(url).searchParams.get('token')!;
const setPassword = (c: Client, token: string, password = 'chosen-pass', confirmPassword = password) =>
  c.post('/api/auth/set-password', { token, password, confirmPassword });
const login = (email: string, password: string) =>
  new Client(t.app).post('/api/auth/login', { email, password });

describe('the admin user form', () => {
  it('needs an email, a valid one, and one of the three roles', async () => {
    const missing = await t.admin.post('/api/users', { fullName: 'No Email' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields.email).toBe(AUTH_TEXTS.emailRequired);
    const blank = await t.admin.post('/api/users', { email: '   ' });
    expect(blank.json().error.fields.email).toBe(AUTH_TEXTS.emailRequired);
    const bad = await t.admin.post('/api/users', { email: 'not-an-email' });
    expect(bad.json().error.fields.email).toBe(AUTH_TEXTS.emailInvalid);
    const role = await t.admin.post('/api/users', { email: uniqueEmail(), role: 'staff' });
    expect(role.statusCode).toBe(400);
    const member = await signUpMember(t.app);
    expect((await member.post('/api/users', { email: uniqueEmail() })).statusCode).toBe(403);
  });

  it('creates an account that receives a set-password link, handed to the admin when no mail is set up', async () => {
    const email = uniqueEmail('newbie');
    const res = await t.admin.post('/api/users', {
      email: `  ${email.toUpperCase()} `,
      fullName: 'Nia Newbie',
    });
    expect(res.statusCode).toBe(201);
    expect(res.headers['cache-control']).toBe('no-store');
    const out = res.json() as CreateUserResult;
    expect(out.user).toMatchObject({ email, role: 'user', displayName: 'Nia Newbie' });
    expect(out.link).toMatchObject({ delivery: 'admin', mailFailed: false });
    expect(out.link.url).toMatch(/^http:\/\/localhost:3000\/set-password\?token=[\w-]+$/);
    expect(Date.parse(out.link.expiresAt) - Date.now()).toBeGreaterThan(71 * 3_600_000);
    expect(t.mail).toHaveLength(0);
    // Nothing in the answer is a password, and no password works before the member chooses one.
    expect(JSON.stringify(out)).not.toMatch(/password"\s*:/i);
    expect((await login(email, '')).statusCode).toBe(400);
    expect((await login(email, 'anything-at-all')).statusCode).toBe(401);
    const listed = (await t.admin.get('/api/users'))
      .json()
      .users.find((u: { id: string }) => u.id === out.user.id);
    expect(listed).toMatchObject({ email, role: 'user' });

    const visitor = new Client(t.app);
    const token = tokenOf(out.link.url!);
    const mismatch = await setPassword(visitor, token, 'chosen-pass', 'other-pass');
    expect(mismatch.json().error.fields.confirmPassword).toBe(AUTH_TEXTS.passwordsDoNotMatch);
    expect((await setPassword(visitor, token, 'short')).json().error.fields.password).toBe(
      AUTH_TEXTS.passwordTooShort,
    );
    const done = await setPassword(visitor, token);
    expect(done.statusCode).toBe(200);
    expect(done.json().me).toMatchObject({ user: { email }, displayName: 'Nia Newbie' });
    expect((await visitor.get('/api/me')).json().me.user.email).toBe(email);
    expect((await login(email, 'chosen-pass')).statusCode).toBe(200);

    // A link works once; the address now counts as confirmed.
    const reused = await setPassword(new Client(t.app), token, 'another-pass');
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error.message).toBe(ADMIN_TEXTS.setPasswordLinkInvalid);
    const { rows } = await t.dbh.query<{ email_verified: boolean }>(
      'SELECT email_verified FROM "user" WHERE id = $1',
      [out.user.id],
    );
    expect(rows[0].email_verified).toBe(true);
  });

  it('refuses an address that already has an account, whatever its case', async () => {
    const res = await t.admin.post('/api/users', { email: t.admin.email.toUpperCase() });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(ADMIN_TEXTS.emailTaken);
  });

  it('gives a new presenter their role and a streaming account', async () => {
    const email = uniqueEmail('host');
    const res = await t.admin.post('/api/users', { email, fullName: 'Hana Host', role: 'presenter' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ user: { role: 'presenter' }, notice: null });
    const accounts = [...t.backend.accounts.values()];
    expect(accounts.some((a) => a.displayName === 'Hana Host')).toBe(true);
  });

  it('makes a new link only for a member who has not chosen a password yet', async () => {
    const email = uniqueEmail('slow');
    const first = (await t.admin.post('/api/users', { email })).json() as CreateUserResult;
    const again = await t.admin.post(`/api/users/${first.user.id}/set-password-link`);
    expect(again.statusCode).toBe(200);
    const link = again.json().link;
    expect(link.delivery).toBe('admin');
    expect(link.url).not.toBe(first.link.url);
    expect((await setPassword(new Client(t.app), tokenOf(link.url))).statusCode).toBe(200);

    const refused = await t.admin.post(`/api/users/${first.user.id}/set-password-link`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(ADMIN_TEXTS.passwordAlreadySet);
    // Nor for a member who signed up with a password.
    expect((await t.admin.post(`/api/users/${t.admin.userId}/set-password-link`)).statusCode).toBe(409);
    expect((await t.admin.post('/api/users/no-such-user/set-password-link')).statusCode).toBe(404);
  });

  it('mails the link to the member, and shows it to nobody, when mail is configured', async () => {
    const mailing = await createTestApp({
      env: { SMTP_URL: 'smtp://127.0.0.1:2525' },
      db: t.dbh,
      deps: {
        radioBackend: t.backend,
      },
    });
    try {
      const boss = new Client(mailing.app);
      await boss.post('/api/auth/login', { email: t.admin.email, password: 'secret123' });
      const email = uniqueEmail('mailed');
      const res = await boss.post('/api/users', { email, fullName: 'Mo Mailed' });
      expect(res.statusCode).toBe(201);
      expect(res.json().link).toMatchObject({ delivery: 'email', url: null, mailFailed: false });
      expect(mailing.mail).toHaveLength(1);
      expect(mailing.mail[0].to).toBe(email);
      const url = mailing.mail[0].text.match(/http\S+set-password\?token=\S+/)![0];
      expect((await setPassword(new Client(mailing.app), tokenOf(url))).statusCode).toBe(200);
    } finally {
      await mailing.close();
    }
  });

  it('hands the link to the admin, saying so, when the mail cannot be sent', async () => {
    const failing = await createTestApp({
      env: { SMTP_URL: 'smtp://127.0.0.1:2525' },
      db: t.dbh,
      deps: {
        radioBackend: t.backend,
        mailer: {
          send: async () => {
            throw new Error('connection refused');
          },
        },
      },
    });
    try {
      const boss = new Client(failing.app);
      await boss.post('/api/auth/login', { email: t.admin.email, password: 'secret123' });
      const res = await boss.post('/api/users', { email: uniqueEmail('unmailed') });
      expect(res.statusCode).toBe(201);
      expect(res.json().link).toMatchObject({ delivery: 'admin', mailFailed: true });
      expect(res.json().link.url).toContain('/set-password?token=');
    } finally {
      await failing.close();
    }
  });

  it('creates one account when two admins submit the same address at once', async () => {
    const email = uniqueEmail('race');
    const results = await Promise.all(Array.from({ length: 5 }, () => t.admin.post('/api/users', { email })));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 409, 409, 409, 409]);
    const { rows } = await t.dbh.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM "user" WHERE email = $1',
      [email],
    );
    expect(rows[0].n).toBe(1);
  });
});
