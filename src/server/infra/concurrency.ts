/**
 * A small concurrency limit for costly work in this process (e.g. decoding uploaded pictures): at most
 * `max` run at once, up to `maxWaiting` more wait their turn in order for at most `waitMs`, and any
 * beyond that are refused at once, so a burst cannot take the process's memory with it.
 */
export interface Slots {
  /** A release function once a slot is held (calling it more than once frees one slot), or null. */
  acquire(): Promise<(() => void) | null>;
  readonly active: number;
  readonly waiting: number;
}

export function createSlots(opts: { max: number; maxWaiting: number; waitMs: number }): Slots {
  let active = 0;
  const queue: ((granted: boolean) => void)[] = [];

  const releaser = () => {
    let done = false;
    return () => {
      if (done) return;
      done = true;
      const next = queue.shift();
      if (next)
        next(true); // the slot passes straight to the next in line
      else active--;
    };
  };

  return {
    get active() {
      return active;
    },
    get waiting() {
      return queue.length;
    },
    async acquire() {
      if (active < opts.max) {
        active++;
        return releaser();
      }
      if (queue.length >= opts.maxWaiting) return null;
      const granted = await new Promise<boolean>((resolve) => {
        const waiter = (ok: boolean) => {
          clearTimeout(timer);
          resolve(ok);
        };
        const timer = setTimeout(() => {
          const i = queue.indexOf(waiter);
          if (i >= 0) queue.splice(i, 1);
          resolve(false);
        }, opts.waitMs);
        queue.push(waiter);
      });
      return granted ? releaser() : null;
    },
  };
}
