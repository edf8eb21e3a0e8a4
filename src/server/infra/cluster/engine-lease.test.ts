import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../db/client';
import { waitUntil } from '../../test/engine-helpers';
import { createTestLogger } from '../../test/fakes/test-logger';
import { freshDatabase } from '../../test/test-app';
import { type ElectionTimings, EngineElection, type LossReason } from './engine-election';
import { isCurrentToken, readLease, releaseLease, renewLease, takeLease } from './engine-lease';

let dbh: DbHandle & { drop(): Promise<void> };
beforeAll(async () => {
  dbh = await freshDatabase();
});
afterAll(async () => dbh?.drop());
beforeEach(async () => {
  await dbh.query('DELETE FROM engine_lease');
});

const token = () => randomUUID();

describe('the lease rules', () => {
  it('is taken by one instance, refused to another while it holds, and renewed by its holder only', async () => {
    const a = { instanceId: 'instance-a', token: token(), leaseMs: 60_000 };
    const b = { instanceId: 'instance-b', token: token(), leaseMs: 60_000 };
    const first = await takeLease(dbh, a);
    expect(first).toMatchObject({ token: a.token, term: 1 });
    expect(await takeLease(dbh, b)).toBeNull();
    expect(await renewLease(dbh, a)).toBe(true);
    expect(await renewLease(dbh, { ...b, token: a.token })).toBe(false);
    expect(await isCurrentToken(dbh, a.token)).toBe(true);
    expect(await isCurrentToken(dbh, b.token)).toBe(false);
    const lease = await readLease(dbh);
    expect(lease).toMatchObject({ holder: 'instance-a', term: 1, valid: true, lastFailover: null });
  });

  it('moves to another instance once it has expired: a new term and token, the old one refused, the failover kept', async () => {
    const a = { instanceId: 'instance-a', token: token(), leaseMs: 300 };
    const b = { instanceId: 'instance-b', token: token(), leaseMs: 60_000 };
    await takeLease(dbh, a);
    const taken = await waitUntil('the expired lease to be taken', () => takeLease(dbh, b), 10_000);
    expect(taken.term).toBe(2);
    expect(await renewLease(dbh, a)).toBe(false);
    expect(await isCurrentToken(dbh, a.token)).toBe(false);
    expect(await isCurrentToken(dbh, b.token)).toBe(true);
    const lease = await readLease(dbh);
    expect(lease?.lastFailover).toMatchObject({ from: 'instance-a', to: 'instance-b', cause: 'expired' });
  });

  it('is taken at once after its holder gives it up, with that as the cause', async () => {
    const a = { instanceId: 'instance-a', token: token(), leaseMs: 60_000 };
    const b = { instanceId: 'instance-b', token: token(), leaseMs: 60_000 };
    await takeLease(dbh, a);
    await releaseLease(dbh, a.token);
    expect(await isCurrentToken(dbh, a.token)).toBe(false);
    expect(await takeLease(dbh, b)).toMatchObject({ term: 2 });
    expect((await readLease(dbh))?.lastFailover).toMatchObject({ from: 'instance-a', cause: 'released' });
  });
});

/** One instance's election with its own view of the database, which the test can cut off. */
function instance(id: string, timings: Partial<ElectionTimings>, clock?: () => number) {
  let heal: (() => void) | null = null;
  let gate: Promise<void> = Promise.resolve();
  const view: DbHandle = {
    ...dbh,
    query: (text, params, opts) => gate.then(() => dbh.query(text, params, opts)),
  };
  const log = createTestLogger();
  const election = new EngineElection({ dbh: view, instanceId: id, log, sole: false, timings, clock });
  const events: { what: 'taken' | LossReason; at: number; term?: number }[] = [];
  return {
    election,
    events,
    start: () =>
      election.start({
        onTaken: (t) => void events.push({ what: 'taken', at: Date.now(), term: t.term }),
        onLost: (reason) => void events.push({ what: reason, at: Date.now() }),
      }),
    /** The instance can no longer reach the database (its queries wait). */
    cut() {
      gate = new Promise((r) => {
        heal = r;
      });
    },
    heal: () => heal?.(),
  };
}

const fenced = (e: EngineElection) => dbh.db.transaction((tx) => e.holdsIn(tx));

describe('the election', () => {
  const timings = { leaseMs: 2_000, renewMs: 300, retryMs: 200, marginMs: 600 };

  it('an instance cut off from the database stops its engine before another takes over, and its token is refused', async () => {
    const a = instance('instance-a', timings);
    const b = instance('instance-b', timings);
    await a.start();
    await b.start();
    try {
      const old = a.election.term!;
      expect(old).not.toBeNull();
      expect(b.election.term).toBeNull();
      expect(await a.election.accepts(old.token)).toBe(true);
      expect(await a.election.accepts('not-the-token')).toBe(false);
      expect(await fenced(a.election)).toBe(true);

      a.cut();
      const cutAt = Date.now();
      await waitUntil('the other instance to take the lease', () => b.election.term, 15_000);
      const lost = a.events.find((e) => e.what === 'deadline');
      const taken = b.events.find((e) => e.what === 'taken');
      expect(lost, JSON.stringify(a.events)).toBeDefined();
      // The cut-off holder stopped first, without the database: before the lease could move.
      expect(lost!.at).toBeLessThan(taken!.at);
      expect(lost!.at - cutAt).toBeLessThan(timings.leaseMs);
      expect(a.election.term).toBeNull();
      expect(await a.election.accepts(old.token)).toBe(false);
      expect(await isCurrentToken(dbh, old.token)).toBe(false);
      expect(taken!.term).toBe(old.term + 1);

      // Back on the network: the old holder stays a follower, its old term fenced off.
      a.heal();
      await new Promise((r) => setTimeout(r, timings.renewMs * 3));
      expect(a.election.term).toBeNull();
      expect(await fenced(a.election)).toBe(false);
      expect(await fenced(b.election)).toBe(true);
    } finally {
      a.heal();
      await a.election.stop();
      await b.election.stop();
    }
  });

  it('a holder frozen past its deadline (a paused process) refuses its engine at once on waking, before any timer runs', async () => {
    let skew = 0;
    const a = instance('instance-a', { ...timings, leaseMs: 60_000 }, () => performance.now() + skew);
    await a.start();
    try {
      const term = a.election.term!;
      expect(await a.election.accepts(term.token)).toBe(true);
      skew = 61_000; // the process wakes up a minute later
      expect(await a.election.accepts(term.token)).toBe(false);
      expect(a.election.term).toBeNull();
      await waitUntil('the engine to be told to stop', () => a.events.some((e) => e.what === 'deadline'));
    } finally {
      await a.election.stop();
    }
  });

  it('a clean stop stops the engine and gives the lease up, so another instance takes it at once', async () => {
    const slow = { ...timings, leaseMs: 60_000 };
    const a = instance('instance-a', slow);
    const b = instance('instance-b', slow);
    await a.start();
    await b.start();
    try {
      expect(b.election.term).toBeNull();
      await a.election.stop();
      expect(a.events.map((e) => e.what)).toEqual(['taken', 'shutdown']);
      await waitUntil('the other instance to take the lease', () => b.election.term, 5_000);
      expect((await readLease(dbh))?.lastFailover).toMatchObject({ from: 'instance-a', cause: 'released' });
    } finally {
      await b.election.stop();
    }
  });
});

describe('resigning', () => {
  it('an instance that cannot run the engine gives the lease up at once and leaves it to the others for a while', async () => {
    const timings = { leaseMs: 60_000, renewMs: 200, retryMs: 100, marginMs: 1_000 };
    const a = instance('instance-a', timings);
    const b = instance('instance-b', { ...timings, retryMs: 60_000 });
    await a.start();
    await b.start();
    try {
      expect(a.election.term).not.toBeNull();
      await a.election.resign(60_000);
      expect(a.events.map((e) => e.what)).toEqual(['taken', 'resigned']);
      // a tries every 100 ms but keeps off while it backs off (b, trying once a minute, has not tried yet).
      await new Promise((r) => setTimeout(r, 1_000));
      expect(a.election.term).toBeNull();
      expect((await readLease(dbh))?.valid).toBe(false);
      await b.election.stop();
      const c = instance('instance-c', timings);
      await c.start();
      expect(c.election.term).not.toBeNull();
      expect((await readLease(dbh))?.lastFailover).toMatchObject({
        from: 'instance-a',
        to: 'instance-c',
        cause: 'released',
      });
      await c.election.stop();
    } finally {
      await a.election.stop();
      await b.election.stop();
    }
  });
});
