import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allAnswered, appWithPresenters, burstTestTimeout } from '../../test/race';
import type { Member, TestApp } from '../../test/test-app';

/** One claim per idea under real concurrency (PostgreSQL only: the embedded database never races). */
describe.skipIf(!process.env.TEST_DATABASE_URL)('simultaneous claims of one idea (PostgreSQL)', () => {
  let t: TestApp;
  let presenters: Member[] = [];
  beforeAll(async () => {
    ({ t, presenters } = await appWithPresenters(20));
  });
  afterAll(async () => t.close());

  it('lets exactly 1 of 20 simultaneous claims through; the others are told it is taken', {
    timeout: burstTestTimeout(),
  }, async () => {
    const { idea } = (
      await presenters[0].post('/api/staff/ideas', { title: 'Hot Idea', description: 'Everyone wants it.' })
    ).json();
    const answers = await allAnswered(
      '20 claims of one idea',
      presenters.map((p) => p.post(`/api/staff/ideas/${idea.id}/claim`)),
    );
    const won = answers.filter((a) => a.statusCode === 200);
    const refused = answers.filter((a) => a.statusCode === 409);
    expect(won).toHaveLength(1);
    expect(refused).toHaveLength(19);
    for (const r of refused)
      expect(r.json().error.message).toBe('Another presenter has already claimed this idea.');
    const { rows } = await t.dbh.query<{ claimed_by: string; status: string }>(
      'SELECT claimed_by, status FROM presenter_ideas WHERE id = $1',
      [idea.id],
    );
    expect(rows[0]).toEqual({ claimed_by: won[0].json().idea.claimedBy.id, status: 'in_progress' });
  });
});
