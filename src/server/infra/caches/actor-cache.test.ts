import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_TYPES, topics } from '../../../shared/events';
import { computeAccess } from '../../../shared/permissions';
import {
  Client,
  createTestApp,
  type Member,
  signUpMember,
  type TestApp,
  withTwoInstances,
} from '../../test/test-app';
import type { Actor } from '../http/access';
import { ActorCache } from './actor-cache';

const actorOf = (userId: string, sessionId = 's1'): Actor => ({
  userId,
  sessionId,
  email: `${userId}@example.com`,
  signUpName: userId,
  access: computeAccess('user', []),
});

describe('ActorCache', () => {
  it('forgets an entry at the session’s expiry, when its extension is due, and after its maximum age', () => {
    let now = 1_000;
    const cache = new ActorCache({ maxAgeMs: 60_000, maxEntries: 10, now: () => now });
    cache.set('a', actorOf('u1'), { expiresAt: 50_000, refreshAt: 40_000 }, cache.mark());
    expect(cache.get('a')?.userId).toBe('u1');
    now = 40_000;
    expect(cache.get('a')).toBeNull(); // better-auth extends it: the next lookup goes through it
    cache.set('b', actorOf('u2'), { expiresAt: 10_000_000, refreshAt: 10_000_000 }, cache.mark());
    now += 59_999;
    expect(cache.get('b')).not.toBeNull();
    now += 1;
    expect(cache.get('b')).toBeNull();
    cache.set('c', actorOf('u3'), { expiresAt: now + 5, refreshAt: now + 100 }, cache.mark());
    now += 5;
    expect(cache.get('c')).toBeNull();
  });

  it('does not store a lookup that raced a change of that member', () => {
    const cache = new ActorCache({ maxAgeMs: 60_000, maxEntries: 10 });
    const far = { expiresAt: Date.now() + 1e9, refreshAt: Date.now() + 1e9 };
    const mark = cache.mark();
    cache.dropUser('u1'); // e.g. their role changed while their session was being read
    cache.set('a', actorOf('u1'), far, mark);
    expect(cache.get('a')).toBeNull();
    cache.set('b', actorOf('u2'), far, mark); // someone else is not affected
    expect(cache.get('b')).not.toBeNull();
    const before = cache.mark();
    cache.clear();
    cache.set('c', actorOf('u3'), far, before);
    expect(cache.get('c')).toBeNull();
  });

  it('drops only the sessions named, and the oldest entries beyond its size', () => {
    const cache = new ActorCache({ maxAgeMs: 60_000, maxEntries: 3 });
    const far = { expiresAt: Date.now() + 1e9, refreshAt: Date.now() + 1e9 };
    cache.set('laptop', actorOf('u1', 's1'), far, cache.mark());
    cache.set('phone', actorOf('u1', 's2'), far, cache.mark());
    cache.dropUser('u1', ['s1']);
    expect(cache.get('laptop')).toBeNull();
    expect(cache.get('phone')).not.toBeNull();
    for (const k of ['x', 'y', 'z']) cache.set(k, actorOf(k), far, cache.mark());
    expect(cache.size).toBe(3);
    expect(cache.get('phone')).toBeNull();
  });
});

describe('signed-in requests resolved from memory', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('answers /api/me from the cached session, and follows a published profile change', async () => {
    const m = await signUpMember(t.app, 'Cached Member');
    expect((await m.get('/api/me')).json().me.profile.fullName).toBe('Cached Member');
    expect(t.app.ctx.actors.size).toBeGreaterThan(0);
    // A write that bypasses the services (and the bus) is not seen: the answer came from memory...
    await t.dbh.query(`UPDATE profiles SET full_name = 'Changed Quietly' WHERE id = $1`, [m.userId]);
    expect((await m.get('/api/me')).json().me.profile.fullName).toBe('Cached Member');
    // ...and a change published on the bus is seen on the very next request.
    await t.app.ctx.realtime.publish(topics.public, EVENT_TYPES.membersChanged, { id: m.userId });
    expect((await m.get('/api/me')).json().me.profile.fullName).toBe('Changed Quietly');
    // Through the API: the profile change is answered and kept.
    expect((await m.patch('/api/me', { bio: 'Night owl' })).statusCode).toBe(200);
    expect((await m.get('/api/me')).json().me.profile.bio).toBe('Night owl');
  });
});

/** The member's browser talking to another instance (same session cookie). */
function sameSessionOn(t: TestApp, m: Member) {
  const c = new Client(t.app);
  c.cookie = m.cookie;
  return c;
}

/** Admin of the shared database, a member holding a role that manages requests, and its assignment. */
async function memberManagingRequests(admin: Member, member: Member) {
  const role = await admin.post('/api/roles', {
    name: `req_mgr_${Date.now()}`,
    fullName: 'Request Manager',
    description: null,
    permissions: ['manage_requests'],
  });
  expect(role.statusCode).toBe(201);
  const a = await admin.post('/api/role-assignments', { userId: member.userId, roleId: role.json().role.id });
  expect(a.statusCode).toBe(201);
  return a.json().assignment.id as string;
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('two instances on one PostgreSQL', () => {
  it('refuses a removed role, a revoked session and a signed-out session on the very next request', async () => {
    await withTwoInstances(async (one, two) => {
      const admin = await signUpMember(one.app, 'First Admin');
      const member = await signUpMember(one.app, 'Manager For Now');
      const assignment = await memberManagingRequests(admin, member);
      // The member works on instance two: their session is cached there.
      const onTwo = sameSessionOn(two, member);
      const toggle = () => onTwo.patch('/api/requests/settings', { enabled: true });
      expect((await toggle()).statusCode).toBe(200);
      expect((await toggle()).statusCode).toBe(200);

      // Removed through instance one: refused on instance two at once.
      expect((await admin.delete(`/api/role-assignments/${assignment}`)).statusCode).toBe(200);
      expect((await toggle()).statusCode).toBe(403);
      expect((await onTwo.get('/api/me')).json().me.capabilities).not.toContain('requests.manage');

      // A profile change on one is what two answers next.
      expect((await member.patch('/api/me', { bio: 'Changed on one' })).statusCode).toBe(200);
      expect((await onTwo.get('/api/me')).json().me.profile.bio).toBe('Changed on one');

      // Revoked through instance one: instance two no longer knows the session.
      expect((await onTwo.get('/api/me')).json().me).not.toBeNull();
      expect((await admin.delete(`/api/users/${member.userId}/sessions`)).statusCode).toBe(200);
      expect((await onTwo.get('/api/me')).json().me).toBeNull();
      expect((await onTwo.get('/api/notifications')).statusCode).toBe(401);

      // Signed out through instance one: the same on instance two.
      const again = await signUpMember(one.app, 'Signs Out');
      const againOnTwo = sameSessionOn(two, again);
      expect((await againOnTwo.get('/api/me')).json().me).not.toBeNull();
      await again.post('/api/auth/logout');
      expect((await againOnTwo.get('/api/me')).json().me).toBeNull();
    });
  });
});
