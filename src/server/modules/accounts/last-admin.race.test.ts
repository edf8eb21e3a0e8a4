import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES_TEXTS } from '../../../shared/texts/roles';
import { createTestApp, memberWith, signUpMember, type TestApp } from '../../test/test-app';

/** The last-admin rule when admins demote each other (or themselves) at the same moment, on PostgreSQL. */
describe.skipIf(!process.env.TEST_DATABASE_URL)('last admin under concurrency (PostgreSQL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await signUpMember(t.app, 'Founder'); // the first admin, demoted below so two remain
  });
  afterAll(async () => t.close());

  const admins = async () =>
    (await t.dbh.query<{ n: number }>(`SELECT count(*)::int AS n FROM profiles WHERE role = 'admin'`)).rows[0]
      .n;

  it('two admins demoting each other, or themselves, at once: the station always keeps an admin', async () => {
    await t.dbh.query(`UPDATE profiles SET role = 'user' WHERE role = 'admin'`);
    for (let trial = 0; trial < 10; trial++) {
      const a = await memberWith(t, 'admin', [], `Admin A${trial}`);
      const b = await memberWith(t, 'admin', [], `Admin B${trial}`);
      const [x, y] =
        trial % 2 === 0
          ? await Promise.all([
              a.patch(`/api/users/${b.userId}/role`, { role: 'user' }),
              b.patch(`/api/users/${a.userId}/role`, { role: 'user' }),
            ])
          : await Promise.all([
              a.patch(`/api/users/${a.userId}/role`, { role: 'presenter' }),
              b.patch(`/api/users/${b.userId}/role`, { role: 'presenter' }),
            ]);
      const statuses = [x.statusCode, y.statusCode].sort();
      // One demotion goes through; the other is refused because it would leave no admin (or its
      // author is no longer an admin by then).
      expect(statuses[0]).toBe(200);
      expect([403, 409]).toContain(statuses[1]);
      const refused = x.statusCode === 200 ? y : x;
      if (refused.statusCode === 409) expect(refused.json().error.message).toBe(ROLES_TEXTS.lastAdmin);
      expect(await admins()).toBe(1);
      await t.dbh.query(`UPDATE profiles SET role = 'user' WHERE role = 'admin'`);
    }
  });
});
