import type { TimeoutCallback, TimeoutProvider } from '@tanstack/react-query';

/** The platform's timer functions and clock, passed in so tests can drive time. */
export interface TimerHost {
  setTimeout: (callback: () => void, delay: number) => unknown;
  clearTimeout: (id: unknown) => void;
  setInterval: (callback: () => void, delay: number) => unknown;
  clearInterval: (id: unknown) => void;
  now: () => number;
}

/** setTimeout's largest delay (about 24.8 days): a longer one fires at once in browsers. */
const MAX_NATIVE_DELAY = 2 ** 31 - 1;

/**
 * The query cache's timers on one platform timer (TanStack Query's TimeoutProvider, as its docs suggest for
 * many queries). Every query keeps a garbage-collection timer and every observer a staleness timer: the home
 * page starts about 30 of them and clears a third while it renders, each a platform setTimeout or
 * clearTimeout call, which is not cheap while the page is loading (with DevTools attached, as in Lighthouse,
 * each one records an async stack). Here they are entries in a map; one platform timer is armed for the
 * earliest deadline and, when it fires, runs what is due in deadline order and re-arms for the next. Each
 * callback runs at its deadline or, when it shares the armed timer, up to 1% of its delay later (at most a
 * second). Intervals go straight to the platform.
 */
export class CoalescedTimers implements TimeoutProvider<number> {
  private readonly due = new Map<number, { at: number; callback: TimeoutCallback }>();
  private nextId = 1;
  private armed: { at: number; id: unknown } | null = null;

  constructor(private readonly host: TimerHost) {}

  readonly setTimeout = (callback: TimeoutCallback, delay: number): number => {
    const id = this.nextId++;
    const wait = Math.max(0, Number(delay) || 0);
    const at = this.host.now() + wait;
    this.due.set(id, { at, callback });
    // The armed timer is kept when it fires soon enough for this one too: within 1% of its delay, at most
    // a second (a 60 s staleness timer may run up to 0.6 s late). Observers of one read share a deadline,
    // give or take a millisecond, and would otherwise re-arm the platform timer one after the other.
    if (at < this.armedAt - Math.min(1000, wait / 100)) this.arm(at);
    return id;
  };

  // A cleared timer leaves the platform timer armed: when it fires with nothing due, it re-arms or stops.
  readonly clearTimeout = (id: number | undefined): void => {
    if (id !== undefined) this.due.delete(id);
  };

  readonly setInterval = (callback: TimeoutCallback, delay: number): number =>
    this.host.setInterval(callback, delay) as number;

  readonly clearInterval = (id: number | undefined): void => {
    if (id !== undefined) this.host.clearInterval(id);
  };

  /** Timers waiting to run (for tests). */
  get pending(): number {
    return this.due.size;
  }

  /** The deadline the platform timer is armed for (Infinity when none is). */
  private get armedAt(): number {
    return this.armed?.at ?? Number.POSITIVE_INFINITY;
  }

  private arm(at: number) {
    if (this.armed) this.host.clearTimeout(this.armed.id);
    const delay = Math.min(MAX_NATIVE_DELAY, Math.max(0, at - this.host.now()));
    this.armed = { at, id: this.host.setTimeout(() => this.fire(), delay) };
  }

  private fire() {
    this.armed = null;
    const now = this.host.now();
    const ready = [...this.due]
      .filter(([, t]) => t.at <= now)
      .sort((a, b) => a[1].at - b[1].at || a[0] - b[0]);
    for (const [id] of ready) this.due.delete(id);
    for (const [, t] of ready) {
      try {
        t.callback();
      } catch (err) {
        // Like a platform timer: one failing callback does not stop the others.
        queueMicrotask(() => {
          throw err;
        });
      }
    }
    let next = Number.POSITIVE_INFINITY;
    for (const t of this.due.values()) next = Math.min(next, t.at);
    // A callback may have armed the platform timer already (a timer it set).
    if (next < this.armedAt) this.arm(next);
  }
}

/** The browser's timers and its monotonic clock. */
export const browserTimerHost: TimerHost = {
  setTimeout: (callback, delay) => globalThis.setTimeout(callback, delay),
  clearTimeout: (id) => globalThis.clearTimeout(id as number),
  setInterval: (callback, delay) => globalThis.setInterval(callback, delay),
  clearInterval: (id) => globalThis.clearInterval(id as number),
  now: () => performance.now(),
};
