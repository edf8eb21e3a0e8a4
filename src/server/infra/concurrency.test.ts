import { describe, expect, it } from 'vitest';
import { createSlots } from './concurrency';

const tick = () => new Promise((r) => setTimeout(r, 5));

describe('a small concurrency limit with a bounded wait', () => {
  it('lets `max` run, queues up to `maxWaiting` in order, refuses the rest at once', async () => {
    const slots = createSlots({ max: 2, maxWaiting: 2, waitMs: 10_000 });
    const a = await slots.acquire();
    const b = await slots.acquire();
    expect(a && b).toBeTruthy();
    expect(slots.active).toBe(2);
    const order: string[] = [];
    const c = slots.acquire().then((r) => {
      order.push('c');
      return r;
    });
    const d = slots.acquire().then((r) => {
      order.push('d');
      return r;
    });
    expect(await slots.acquire()).toBeNull(); // the fifth: the queue is full
    expect(slots.waiting).toBe(2);
    a!();
    a!(); // releasing twice frees one slot only
    const cr = await c;
    expect(cr).toBeTruthy();
    await tick();
    expect(order).toEqual(['c']);
    expect(slots.active).toBe(2);
    b!();
    expect(await d).toBeTruthy();
    expect(slots.active).toBe(2);
    cr!();
    (await d)!();
    expect(slots.active).toBe(0);
    expect(slots.waiting).toBe(0);
  });

  it('gives up waiting after `waitMs` (null), and that waiter no longer holds a place', async () => {
    const slots = createSlots({ max: 1, maxWaiting: 1, waitMs: 30 });
    const a = await slots.acquire();
    expect(await slots.acquire()).toBeNull();
    expect(slots.waiting).toBe(0);
    a!();
    expect(slots.active).toBe(0);
    expect(await slots.acquire()).toBeTruthy();
  });

  it('never lets more than `max` run under a burst', async () => {
    const slots = createSlots({ max: 2, maxWaiting: 100, waitMs: 10_000 });
    let running = 0;
    let most = 0;
    await Promise.all(
      Array.from({ length: 30 }, async () => {
        const release = await slots.acquire();
        running++;
        most = Math.max(most, running);
        await tick();
        running--;
        release!();
      }),
    );
    expect(most).toBe(2);
  });
});
