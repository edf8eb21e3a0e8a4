import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allAnswered, burstTestTimeout } from '../../test/race';
import { createTestApp, signUpMember, type TestApp } from '../../test/test-app';

/** The one-application-a-week rule under simultaneous submissions, on PostgreSQL. */
describe.skipIf(!process.env.TEST_DATABASE_URL)('application cooldown under concurrency (PostgreSQL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await signUpMember(t.app, 'Admin');
  });
  afterAll(async () => t.close());

  it('20 simultaneous applications from one member: exactly one is accepted, five trials', {
    timeout: burstTestTimeout(5),
  }, async () => {
    for (let trial = 0; trial < 5; trial++) {
      const m = await signUpMember(t.app, `Applicant ${trial}`);
      const all = await allAnswered(
        `20 applications from one member, trial ${trial + 1}`,
        Array.from({ length: 20 }, () =>
          m.post('/api/applications', {
            fullName: 'Ava',
            email: 'ava@example.com',
            showConcept: 'Jazz',
            experience: 'Some',
            availability: 'Evenings',
          }),
        ),
      );
      expect(all.filter((r) => r.statusCode === 201)).toHaveLength(1);
      expect(all.filter((r) => r.statusCode === 409)).toHaveLength(19);
      const { rows } = await t.dbh.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM applications WHERE user_id = $1',
        [m.userId],
      );
      expect(rows[0].n).toBe(1);
    }
  });
});
