import { type RefObject, useCallback, useLayoutEffect, useRef } from 'react';

/** Auto-scroll threshold: follow new messages only when within 100 px of the bottom. */
export const NEAR_BOTTOM_PX = 100;

export interface ScrollBox {
  scrollTop: number;
  scrollHeight: number;
  clientHeight: number;
}

export function isNearBottom(box: ScrollBox, threshold = NEAR_BOTTOM_PX): boolean {
  return box.scrollHeight - box.scrollTop - box.clientHeight <= threshold;
}

/**
 * Keeps a scrolling message list pinned to the newest message while the reader is near the bottom.
 * `version` changes when messages arrive (e.g. the last id); `resetKey` (e.g. the conversation) jumps to
 * the bottom on change. Returns `onScroll` for the box and `scrollToEnd` (after sending your own).
 */
export function useFollowBottom(
  box: RefObject<HTMLElement | null>,
  version: unknown,
  resetKey: unknown = null,
) {
  const near = useRef(true);
  const lastReset = useRef<unknown>(Symbol('never'));

  const scrollToEnd = useCallback(() => {
    const el = box.current;
    if (el) el.scrollTop = el.scrollHeight;
    near.current = true;
  }, [box]);

  const onScroll = useCallback(() => {
    if (box.current) near.current = isNearBottom(box.current);
  }, [box]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when messages change (version)
  useLayoutEffect(() => {
    if (lastReset.current !== resetKey) {
      lastReset.current = resetKey;
      scrollToEnd();
      return;
    }
    if (near.current) scrollToEnd();
  }, [version, resetKey, scrollToEnd]);

  return { onScroll, scrollToEnd };
}
