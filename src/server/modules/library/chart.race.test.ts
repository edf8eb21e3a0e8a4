import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allAnswered, burstTestTimeout } from '../../test/race';
import { createTestApp, type Member, signUpMember, type TestApp } from '../../test/test-app';
import { recordPlay, upsertSong } from './songs.service';

/** Chart generation asked for many times at once, on PostgreSQL. */
describe.skipIf(!process.env.TEST_DATABASE_URL)('chart generation under concurrency (PostgreSQL)', () => {
  let t: TestApp;
  let admin: Member;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await signUpMember(t.app, 'Admin');
    for (let i = 0; i < 25; i++) {
      const s = await upsertSong(t.app.ctx.db, { title: `Track ${i}`, artist: 'Band' });
      for (let p = 0; p <= i; p++)
        await recordPlay(t.app.ctx.db, {
          songId: s.id,
          source: 'autodj',
          playedBy: null,
          streamerName: null,
          // Update Chart builds the last complete week: a week ago is always in it.
          playedAt: new Date(Date.now() - 7 * 86_400_000),
        });
    }
  });
  afterAll(async () => t.close());

  it('25 simultaneous generations all answer the same chart; no position is stored twice', {
    timeout: burstTestTimeout(),
  }, async () => {
    const all = await allAnswered(
      '25 chart generations',
      Array.from({ length: 25 }, () => admin.post('/api/chart/generate')),
    );
    expect(all.map((r) => r.statusCode)).toEqual(Array(25).fill(200));
    const charts = all.map((r) => r.json());
    for (const c of charts) {
      expect(c.entries.map((e: { chartPosition: number }) => e.chartPosition)).toEqual(
        Array.from({ length: 20 }, (_, i) => i + 1),
      );
      expect(c.entries[0]).toMatchObject({ songTitle: 'Track 24', playCount: 25 });
    }
    const { rows } = await t.dbh.query<{ n: number }>('SELECT count(*)::int AS n FROM weekly_chart');
    expect(rows[0].n).toBe(20);
  });
});
