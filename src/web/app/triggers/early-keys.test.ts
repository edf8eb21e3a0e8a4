import { describe, expect, it } from 'vitest';
import { captureEarlyKeys, EARLY_KEYS_KEPT, takeEarlyKeys } from './early-keys';

const press = (target: EventTarget, key: string) =>
  target.dispatchEvent(Object.assign(new Event('keydown'), { key }));

describe('keys pressed before the badge watcher mounts', () => {
  it('are handed over oldest first, once, and capturing stops', () => {
    const page = new EventTarget();
    captureEarlyKeys(page, () => 1_000);
    press(page, 'ArrowUp');
    press(page, 'ArrowDown');
    expect(takeEarlyKeys(() => 2_000).map((e) => e.key)).toEqual(['ArrowUp', 'ArrowDown']);
    press(page, 'b');
    expect(takeEarlyKeys(() => 2_000)).toEqual([]);
  });

  it('keeps only the last few, and only recent ones', () => {
    const page = new EventTarget();
    let t = 0;
    captureEarlyKeys(page, () => t);
    press(page, 'old');
    t = 20_000;
    for (let i = 0; i < EARLY_KEYS_KEPT + 3; i++) press(page, `k${i}`);
    const keys = takeEarlyKeys(() => 21_000).map((e) => e.key);
    expect(keys).toHaveLength(EARLY_KEYS_KEPT);
    expect(keys[0]).toBe('k3');
    expect(keys).not.toContain('old');
  });

  it('gives nothing when capturing never started', () => {
    expect(takeEarlyKeys()).toEqual([]);
  });
});
