import { useCallback, useSyncExternalStore } from 'react';

/**
 * Whether a page's own player (the home page's large or compact player) is on screen. While it is, the
 * player bar stands aside, so a listener never sees two players; once it scrolls away or the page
 * changes, the bar is back.
 */
let inView = false;
const listeners = new Set<() => void>();

function set(value: boolean) {
  if (inView === value) return;
  inView = value;
  for (const l of listeners) l();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** True while a page's own player is visible. */
export function usePagePlayerInView(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => inView,
    () => false,
  );
}

/** A callback ref for a page's player: follows whether it is on screen. */
export function usePagePlayerRef() {
  return useCallback((el: HTMLElement | null) => {
    if (!el) return;
    // Measured at once, before the first paint, so the bar never flashes on the home page.
    const r = el.getBoundingClientRect();
    set(r.bottom > 0 && r.top < window.innerHeight);
    if (typeof IntersectionObserver === 'undefined') return () => set(false);
    const observer = new IntersectionObserver(([entry]) => set(Boolean(entry?.isIntersecting)));
    observer.observe(el);
    return () => {
      observer.disconnect();
      set(false);
    };
  }, []);
}
