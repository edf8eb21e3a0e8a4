import { describe, expect, it } from 'vitest';
import { appForFile } from './test/app-for-file';
import { Client, signUpMember } from './test/test-app';

const t = appForFile({ env: { BODY_LIMIT_BYTES: '4096' } });

describe('the app', () => {
  it('reports the database as reachable', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'reachable' });
  });

  it('describes every API route with its schemas in OpenAPI', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(doc.openapi).toMatch(/^3\./);
    const documented = new Set<string>();
    for (const [p, ops] of Object.entries(doc.paths as Record<string, Record<string, unknown>>)) {
      for (const m of Object.keys(ops))
        documented.add(`${m.toUpperCase()} ${p.replace(/\{(\w+)\}/g, ':$1')}`);
    }
    const api = t.app.registeredRoutes.filter(
      (r) =>
        (r.url.startsWith('/api/') || r.url === '/healthz') &&
        r.method !== 'HEAD' &&
        r.url !== '/api/openapi.json' &&
        // A WebSocket (the web booth) is not an HTTP operation OpenAPI 3 can describe; its protocol is in
        // docs/product/presenters.md#the-web-dj-booth.
        r.url !== '/api/presenter/booth',
    );
    for (const r of api) expect(documented, `${r.method} ${r.url}`).toContain(`${r.method} ${r.url}`);
    const signUp = doc.paths['/api/auth/sign-up'].post;
    expect(signUp.requestBody.content['application/json'].schema.properties).toHaveProperty(
      'confirmPassword',
    );
    expect(signUp.responses).toHaveProperty('201');
  });

  it('sends security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/me' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('answers JSON errors with the right status and never a stack trace', async () => {
    const c = new Client(t.app);
    const notFound = await c.get('/api/nothing-here');
    expect(notFound.statusCode).toBe(404);
    expect(notFound.json().error.code).toBe('NOT_FOUND');
    const postLogin = (contentType: string, payload: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': contentType },
        payload,
      });
    const malformed = await postLogin('application/json', '{"email": ');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error).toHaveProperty('message');
    expect(malformed.body).not.toMatch(/at .*\.ts:\d+/);
    const wrongType = await postLogin('text/plain', 'hello');
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().error.code).toBe('VALIDATION');
  });

  it('limits request bodies', async () => {
    const res = await new Client(t.app).post('/api/auth/login', {
      email: 'a@b.co',
      password: 'x'.repeat(10_000),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('refuses a cookie-bearing change from an untrusted origin', async () => {
    const m = await signUpMember(t.app, 'Origin Test');
    const res = await m.request(
      'PATCH',
      '/api/me',
      { twitterUsername: 'x' },
      { origin: 'https://evil.example' },
    );
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('BAD_ORIGIN');
    expect((await m.get('/api/me')).json().me.profile.twitterUsername).toBeNull();
  });

  it('serves site settings with defaults from configuration', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/settings/public' });
    expect(res.json()).toEqual({
      siteTitle: 'OnAir Radio',
      siteDescription: expect.any(String),
      donation: { url: null, goalGbp: 100, raisedGbp: 0 },
    });
  });
});
