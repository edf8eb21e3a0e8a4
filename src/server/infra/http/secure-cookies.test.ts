import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, uniqueEmail } from '../../test/test-app';
import { withSecure } from './secure-cookies';

/** Signs up through inject and returns the session cookie as the app set it. */
async function sessionCookie(t: TestApp, headers: Record<string, string>) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-up',
    headers: { origin: 'http://localhost:3000', 'content-type': 'application/json', ...headers },
    payload: JSON.stringify({
      fullName: 'Cookie Check',
      email: uniqueEmail('cookie'),
      password: 'secret123',
      confirmPassword: 'secret123',
    }),
  });
  expect(res.statusCode).toBe(201);
  const set = res.headers['set-cookie'];
  return ([] as string[]).concat(set ?? []).find((c) => c.includes('session_token='))!;
}

describe('session cookies over HTTPS', () => {
  let behindProxy: TestApp;
  let direct: TestApp;
  beforeAll(async () => {
    behindProxy = await createTestApp({ env: { TRUST_PROXY: 'true' } });
    direct = await createTestApp({ db: behindProxy.dbh });
  });
  afterAll(async () => {
    await direct.close();
    await behindProxy.close();
  });

  it('are Secure when a trusted proxy says the visitor came over HTTPS, even with an http BASE_URL', async () => {
    const cookie = await sessionCookie(behindProxy, { 'x-forwarded-proto': 'https' });
    expect(cookie).toMatch(/;\s*Secure(;|$)/i);
    expect(cookie.match(/secure/gi)).toHaveLength(1);
  });

  it('stay as BASE_URL says over plain HTTP, and a forged header without TRUST_PROXY changes nothing', async () => {
    expect(await sessionCookie(behindProxy, {})).not.toMatch(/;\s*Secure/i);
    expect(await sessionCookie(direct, { 'x-forwarded-proto': 'https' })).not.toMatch(/;\s*Secure/i);
  });

  it('adds the attribute once', () => {
    expect(withSecure('a=1; Path=/; HttpOnly')).toBe('a=1; Path=/; HttpOnly; Secure');
    expect(withSecure('a=1; Secure; HttpOnly')).toBe('a=1; Secure; HttpOnly');
    expect(withSecure('secure=1; Path=/')).toBe('secure=1; Path=/; Secure');
  });
});
