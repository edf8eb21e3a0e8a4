import { beforeAll, describe, expect, it } from 'vitest';
import { appForFile } from '../../test/app-for-file';
import { allAnswered, burstTestTimeout } from '../../test/race';
import { type Member, signUpMember } from '../../test/test-app';
import { nowPlayingSlot } from '../station/now-playing.service';

/**
 * The request limits under simultaneous requests, on PostgreSQL (PGlite has one connection: races never
 * show there). A presenter is live, so requests are open.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('request limits under concurrency (PostgreSQL)', () => {
  const t = appForFile({ scripted: 'started' });
  beforeAll(async () => {
    await t.backend.sink!.liveChanged({ isLive: true, streamerName: 'DJ Race' });
    await nowPlayingSlot.of(t.app.ctx).idle();
  });

  const song = (title: string, artist: string) => ({
    requestType: 'song_request',
    songTitle: title,
    artist,
    requesterName: 'Racer',
  });
  const codes = (list: { statusCode: number }[]) =>
    list
      .map((r) => r.statusCode)
      .reduce<Record<number, number>>((acc, c) => {
        acc[c] = (acc[c] ?? 0) + 1;
        return acc;
      }, {});

  it('50 simultaneous requests from one member: the cooldown lets exactly one through', {
    timeout: burstTestTimeout(3),
  }, async () => {
    for (let trial = 0; trial < 3; trial++) {
      const m = await signUpMember(t.app, `Eager ${trial}`);
      const all = await allAnswered(
        `50 requests from one member, trial ${trial + 1}`,
        Array.from({ length: 50 }, (_, i) => m.post('/api/requests', song(`Song ${trial}-${i}`, 'Artist'))),
      );
      expect(codes(all)).toEqual({ 201: 1, 429: 49 });
    }
  });

  it('10 members requesting the same song at the same moment: exactly one is queued', {
    timeout: burstTestTimeout(3),
  }, async () => {
    for (let trial = 0; trial < 3; trial++) {
      const members: Member[] = [];
      for (let i = 0; i < 10; i++) members.push(await signUpMember(t.app, `Fan ${trial}-${i}`));
      // The same song, written with different capitals by each.
      const all = await allAnswered(
        `10 requests of one song, trial ${trial + 1}`,
        members.map((m, i) =>
          m.post('/api/requests', song(i % 2 ? `SAME SONG ${trial}` : `same song ${trial}`, 'The Band')),
        ),
      );
      expect(codes(all)).toEqual({ 201: 1, 409: 9 });
      const { rows } = await t.dbh.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM requests WHERE lower(song_title) = $1`,
        [`same song ${trial}`],
      );
      expect(rows[0].n).toBe(1);
    }
  });
});
