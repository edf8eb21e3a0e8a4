import type { PGlite } from '@electric-sql/pglite';

/**
 * The embedded database runs each statement on the event loop's own thread, and PGlite runs queued
 * statements back to back without returning to the event loop: a burst of 60 reads was measured to hold
 * every timer and socket for the whole burst (bench/RESULTS.md, "embedded database stalls"). This queue
 * runs one statement (or one transaction) at a time and goes back to the event loop between them, so
 * event streams, heartbeats and cached answers keep flowing; the stall is bounded by the longest single
 * statement. Urgent work (publishing a realtime event) goes ahead of queued reads.
 */
export class PgliteQueue {
  private readonly urgent: (() => Promise<void>)[] = [];
  private readonly normal: (() => Promise<void>)[] = [];
  private running = false;

  run<T>(task: () => Promise<T>, urgent = false): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      (urgent ? this.urgent : this.normal).push(() => task().then(resolve, reject));
      if (!this.running) void this.pump();
    });
  }

  /** Statements waiting (not counting the one running). */
  get waiting() {
    return this.urgent.length + this.normal.length;
  }

  private async pump() {
    this.running = true;
    try {
      for (;;) {
        const next = this.urgent.shift() ?? this.normal.shift();
        if (!next) return;
        await next();
        // Back to the event loop: sockets, timers and streams get their turn before the next statement.
        if (this.waiting > 0) await new Promise<void>((r) => setImmediate(r));
      }
    } finally {
      this.running = false;
    }
  }
}

/**
 * The PGlite client as the app uses it (Drizzle, pg-boss, raw queries): the same object, with its
 * statements and transactions taken through the queue. A transaction holds its turn until it ends; the
 * statements inside it go straight to PGlite.
 */
export function queued(client: PGlite, queue: PgliteQueue): PGlite {
  const through: Record<string, unknown> = {
    query: (...args: Parameters<PGlite['query']>) => queue.run(() => client.query(...args)),
    exec: (...args: Parameters<PGlite['exec']>) => queue.run(() => client.exec(...args)),
    transaction: (...args: Parameters<PGlite['transaction']>) => queue.run(() => client.transaction(...args)),
  };
  return new Proxy(client, {
    get(target, prop) {
      if (typeof prop === 'string' && prop in through) return through[prop];
      const v = Reflect.get(target, prop, target);
      return typeof v === 'function' ? v.bind(target) : v;
    },
  });
}
