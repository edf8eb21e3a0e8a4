import { describe, expect, it } from 'vitest';
import { isNearBottom, NEAR_BOTTOM_PX } from './scroll-follow';

describe('auto-scroll rule', () => {
  const box = (scrollTop: number) => ({ scrollTop, scrollHeight: 1000, clientHeight: 500 });
  it('follows at the bottom and within 100 px of it', () => {
    expect(isNearBottom(box(500))).toBe(true);
    expect(isNearBottom(box(400))).toBe(true);
    expect(NEAR_BOTTOM_PX).toBe(100);
  });
  it('does not follow a reader further up', () => {
    expect(isNearBottom(box(399))).toBe(false);
    expect(isNearBottom(box(0))).toBe(false);
  });
  it('a list shorter than its box is at the bottom', () => {
    expect(isNearBottom({ scrollTop: 0, scrollHeight: 200, clientHeight: 500 })).toBe(true);
  });
});
