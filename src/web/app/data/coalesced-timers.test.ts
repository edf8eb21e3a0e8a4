import { describe, expect, it } from 'vitest';
import { CoalescedTimers, type TimerHost } from './coalesced-timers';

/** A platform whose clock the test moves: counts the platform timers armed and cleared. */
function fakeHost() {
  let now = 0;
  const armed = new Map<number, { at: number; fn: () => void }>();
  let ids = 0;
  const calls = { set: 0, clear: 0 };
  const host: TimerHost = {
    setTimeout: (fn, delay) => {
      calls.set++;
      armed.set(++ids, { at: now + delay, fn });
      return ids;
    },
    clearTimeout: (id) => {
      calls.clear++;
      armed.delete(id as number);
    },
    setInterval: () => 0,
    clearInterval: () => {},
    now: () => now,
  };
  /** Moves the clock to `to`, firing the platform timers due on the way, in order. */
  const advance = (to: number) => {
    for (;;) {
      const next = [...armed].filter(([, t]) => t.at <= to).sort((a, b) => a[1].at - b[1].at)[0];
      if (!next) break;
      armed.delete(next[0]);
      now = next[1].at;
      next[1].fn();
    }
    now = to;
  };
  return { host, advance, calls, armedCount: () => armed.size };
}

describe('the query cache timers on one platform timer', () => {
  it('runs each callback at its own deadline, in deadline order', () => {
    const { host, advance } = fakeHost();
    const timers = new CoalescedTimers(host);
    const ran: string[] = [];
    timers.setTimeout(() => ran.push('gc at 300'), 300);
    timers.setTimeout(() => ran.push('stale at 30'), 30);
    timers.setTimeout(() => ran.push('stale at 60'), 60);
    advance(29);
    expect(ran).toEqual([]);
    advance(30);
    expect(ran).toEqual(['stale at 30']);
    advance(299);
    expect(ran).toEqual(['stale at 30', 'stale at 60']);
    advance(1_000);
    expect(ran).toEqual(['stale at 30', 'stale at 60', 'gc at 300']);
    expect(timers.pending).toBe(0);
  });

  it('keeps one platform timer armed however many timers are waiting', () => {
    const { host, calls, armedCount } = fakeHost();
    const timers = new CoalescedTimers(host);
    const ids = [];
    for (let i = 0; i < 30; i++) ids.push(timers.setTimeout(() => {}, 300_000 + i));
    for (const id of ids.slice(0, 10)) timers.clearTimeout(id);
    expect(armedCount()).toBe(1);
    expect(calls).toEqual({ set: 1, clear: 0 });
    expect(timers.pending).toBe(20);
  });

  it('never runs a cleared callback, and re-arms for an earlier deadline', () => {
    const { host, advance } = fakeHost();
    const timers = new CoalescedTimers(host);
    const ran: string[] = [];
    const gc = timers.setTimeout(() => ran.push('gc'), 300);
    timers.clearTimeout(gc);
    timers.setTimeout(() => ran.push('retry'), 10);
    advance(10);
    expect(ran).toEqual(['retry']);
    advance(1_000);
    expect(ran).toEqual(['retry']);
  });

  it('runs a timer that a callback sets, and the others when one throws', async () => {
    const { host, advance } = fakeHost();
    const timers = new CoalescedTimers(host);
    const ran: string[] = [];
    const errors: unknown[] = [];
    const onError = (e: unknown) => errors.push(e);
    process.on('uncaughtException', onError);
    try {
      timers.setTimeout(() => {
        throw new Error('boom');
      }, 5);
      timers.setTimeout(() => {
        ran.push('first');
        timers.setTimeout(() => ran.push('set by first'), 0);
      }, 5);
      advance(5);
      advance(6);
      expect(ran).toEqual(['first', 'set by first']);
      await new Promise((r) => setTimeout(r, 0));
      expect(errors.map((e) => (e as Error).message)).toEqual(['boom']);
    } finally {
      process.off('uncaughtException', onError);
    }
  });
});

describe('timers of one read', () => {
  it('share the armed platform timer when their deadlines are a hair apart', () => {
    const { host, advance, calls } = fakeHost();
    const timers = new CoalescedTimers(host);
    const ran: number[] = [];
    // Each observer of one read computes its staleness deadline a moment later, a little earlier than the last.
    for (let i = 0; i < 5; i++) timers.setTimeout(() => ran.push(i), 60_000 - i);
    expect(calls.set).toBe(1);
    advance(59_990);
    expect(ran).toEqual([]);
    advance(60_000);
    expect(ran).toEqual([4, 3, 2, 1, 0]);
  });
});
