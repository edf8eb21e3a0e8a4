import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXTRA_ROLE_NAMES } from '../../shared/permissions';
import { Client, createTestApp, memberWith, type TestApp } from '../test/test-app';
import { describeAccess } from './access';

/**
 * The permission matrix: for every route, who gets past the access check. A route added without a row
 * here fails the first test, so every new route is decided on purpose.
 */
const ALL = 'all';
const SIGNED_IN = 'signed-in';
const ADMIN = 'admin';
/** Only the station engine, with its token: every person is refused (403, even anonymous). */
const ENGINE = 'engine';
type Expect = typeof ALL | typeof SIGNED_IN | typeof ADMIN | typeof ENGINE | string[];

const MATRIX: Record<string, Expect> = {
  'GET /healthz': ALL,
  'GET /api/openapi.json': ALL,
  'POST /api/auth/sign-up': ALL,
  'POST /api/auth/login': ALL,
  'POST /api/auth/logout': ALL,
  'GET /api/auth/verify-email': ALL,
  'GET /api/me': ALL,
  'PATCH /api/me': SIGNED_IN,
  'GET /api/users': ADMIN,
  'PATCH /api/users/:id/role': ADMIN,
  'GET /api/roles': ADMIN,
  'GET /api/roles/catalogue': ADMIN,
  'POST /api/roles': ADMIN,
  'PATCH /api/roles/:id': ADMIN,
  'DELETE /api/roles/:id': ADMIN,
  'GET /api/role-assignments': ADMIN,
  'POST /api/role-assignments': ADMIN,
  'DELETE /api/role-assignments/:id': ADMIN,
  'GET /api/notifications': SIGNED_IN,
  'POST /api/notifications/:id/read': SIGNED_IN,
  'POST /api/notifications/read-all': SIGNED_IN,
  'DELETE /api/notifications/:id': SIGNED_IN,
  'POST /api/notifications': ADMIN,
  'GET /api/settings/public': ALL,
  'PATCH /api/settings/site': ADMIN,
  'POST /api/page-visits': ALL,
  // A stream: checked over real HTTP in realtime.test.ts.
  'GET /api/events': ALL,
  // On air (issue 3)
  'GET /api/now-playing': ALL,
  'GET /stream': ALL,
  'POST /api/station/engine/auth': ENGINE,
  'POST /api/station/engine/event': ENGINE,
  'GET /api/station/status': ADMIN,
  'POST /api/station/commands/:action': ADMIN,
  'GET /api/station/streamers': ADMIN,
  'POST /api/station/streamers': ADMIN,
  'PATCH /api/station/streamers/:id': ADMIN,
  'DELETE /api/station/streamers/:id': ADMIN,
  'GET /api/station/my-credentials': ['presenter'],
  'POST /api/station/my-credentials': ['presenter'],
  'GET /api/songs/most-liked': ALL,
  'GET /api/songs/most-played': ALL,
  'POST /api/likes/toggle': SIGNED_IN,
  'GET /api/likes': SIGNED_IN,
  'GET /api/chart': ALL,
  'POST /api/chart/generate': ['radio_manager', 'manager'],
  'GET /api/schedule': ALL,
  'POST /api/schedule/slots': ['radio_manager'],
  'PATCH /api/schedule/slots/:id': ['radio_manager'],
  'DELETE /api/schedule/slots/:id': ['radio_manager'],
  // Requests, banned songs, applications (issue 4)
  'GET /api/requests': ALL,
  'POST /api/requests': ALL,
  'PATCH /api/requests/:id/status': ['presenter', 'moderator'],
  'GET /api/requests/settings': ALL,
  'PATCH /api/requests/settings': ['presenter', 'moderator'],
  'GET /api/music/search': ALL,
  'GET /api/banned-songs': ALL,
  'POST /api/banned-songs': ADMIN,
  'PATCH /api/banned-songs/:id': ADMIN,
  'DELETE /api/banned-songs/:id': ADMIN,
  'GET /api/applications/mine': SIGNED_IN,
  'POST /api/applications': SIGNED_IN,
  'GET /api/applications': ADMIN,
  'POST /api/applications/:id/approve': ADMIN,
  'POST /api/applications/:id/reject': ADMIN,
  // Community (issue 5)
  'POST /api/me/picture': SIGNED_IN,
  'GET /uploads/*': ALL,
  'GET /api/badges': ALL,
  'GET /api/badges/mine': SIGNED_IN,
  'POST /api/badges/unlock': SIGNED_IN,
  'GET /api/chat/messages': SIGNED_IN,
  'POST /api/chat/messages': SIGNED_IN,
  'DELETE /api/chat/messages/:id': ['moderator', 'content_moderator'],
  'GET /api/members': ALL,
  'GET /api/team': ALL,
  'GET /api/conversations': SIGNED_IN,
  'POST /api/conversations': SIGNED_IN,
  'GET /api/conversations/:id/messages': SIGNED_IN,
  'POST /api/conversations/:id/messages': SIGNED_IN,
  'POST /api/conversations/:id/read': SIGNED_IN,
};

/** Routes that never answer within inject (streams) are exercised elsewhere. */
const STREAMS = new Set(['GET /api/events']);

let t: TestApp;
const principals: { name: string; client: Client }[] = [];

beforeAll(async () => {
  t = await createTestApp();
  const admin = await memberWith(t, 'admin', [], 'Matrix Admin');
  principals.push({ name: 'anonymous', client: new Client(t.app) });
  principals.push({ name: 'user', client: await memberWith(t, 'user') });
  principals.push({ name: 'presenter', client: await memberWith(t, 'presenter') });
  principals.push({ name: 'staff', client: await memberWith(t, 'staff') });
  for (const role of EXTRA_ROLE_NAMES)
    principals.push({ name: role, client: await memberWith(t, 'user', [role]) });
  principals.push({ name: 'admin', client: admin });
}, 120_000);
afterAll(async () => t.close());

const routes = () =>
  t.app.registeredRoutes
    .filter((r) => r.method !== 'HEAD' && r.method !== 'OPTIONS')
    .map((r) => ({
      ...r,
      key: `${r.method} ${r.url}`,
    }));

function allowed(expectation: Expect, principal: string) {
  if (expectation === ALL) return true;
  if (expectation === SIGNED_IN) return principal !== 'anonymous';
  if (expectation === ADMIN) return principal === 'admin';
  if (expectation === ENGINE) return false;
  return expectation.includes(principal) || principal === 'admin';
}

describe('access declarations', () => {
  it('every registered route declares its access and has a row in the matrix', () => {
    const undeclared = routes()
      .filter((r) => r.access === undefined)
      .map((r) => r.key);
    expect(undeclared).toEqual([]);
    const missing = routes()
      .filter((r) => !(r.key in MATRIX))
      .map((r) => `${r.key} (${describeAccess(r.access)})`);
    expect(missing).toEqual([]);
  });

  it('refuses a route that declares nothing, to everyone', async () => {
    // A route registered by mistake without access: the access hook refuses it.
    const { default: Fastify } = await import('fastify');
    const { accessPlugin } = await import('./access');
    const { errorsPlugin } = await import('./errors');
    const bare = Fastify();
    await bare.register(errorsPlugin);
    await bare.register(accessPlugin, { resolveActor: async () => null, trustedOrigins: [] });
    bare.get('/oops', async () => 'secret');
    const res = await bare.inject({ method: 'GET', url: '/oops' });
    expect(res.statusCode).toBe(403);
    expect(res.body).not.toContain('secret');
    await bare.close();
  });
});

describe('permission matrix', () => {
  it('gives each principal exactly the expected allow or deny on every route', async () => {
    const failures: string[] = [];
    const list = routes()
      .filter((r) => !STREAMS.has(r.key))
      // Logging out ends the principal's session: do it last.
      .sort((a, b) => Number(a.url.endsWith('/logout')) - Number(b.url.endsWith('/logout')));
    for (const route of list) {
      const url = route.url.replace(/:id/g, '00000000-0000-0000-0000-000000000000');
      for (const p of principals) {
        const res = await p.client.request(route.method, url, route.method === 'GET' ? undefined : {});
        const denied = res.statusCode === 401 || res.statusCode === 403;
        const expectAllowed = allowed(MATRIX[route.key], p.name);
        if (expectAllowed === denied) {
          failures.push(
            `${route.key} as ${p.name}: got ${res.statusCode}, expected ${expectAllowed ? 'allow' : 'deny'}`,
          );
        }
        if (
          !expectAllowed &&
          p.name === 'anonymous' &&
          MATRIX[route.key] !== ENGINE &&
          res.statusCode !== 401
        ) {
          failures.push(`${route.key} as anonymous: expected 401, got ${res.statusCode}`);
        }
        if (res.statusCode >= 500) failures.push(`${route.key} as ${p.name}: ${res.statusCode} ${res.body}`);
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);
});
