import { type RefObject, useEffect, useSyncExternalStore } from 'react';

/**
 * The floating Live Chat button's outside controls: a part of a page may open the chat (a tile), and a
 * part that the button would cover (the phone home's shortcut tiles) hides the button while it is in
 * view. The shell's LiveChatSlot reads both.
 */
let opens = 0;
const covering = new Set<symbol>();
const listeners = new Set<() => void>();
const changed = () => {
  for (const l of listeners) l();
};
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => {
    listeners.delete(l);
  };
};

/** Opens the Live Chat panel, as its floating button does. */
export function openLiveChat() {
  opens += 1;
  changed();
}

/** How many times something asked the chat to open (the slot opens at each new request). */
export function useLiveChatOpens(): number {
  return useSyncExternalStore(
    subscribe,
    () => opens,
    () => 0,
  );
}

/** Whether the floating button must stay out of the way now. */
export function useChatLauncherHidden(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => covering.size > 0,
    () => false,
  );
}

/** Hides the floating button while the element is on screen (even partly). */
export function useHideChatLauncherWhileVisible(ref: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof IntersectionObserver === 'undefined') return;
    const key = Symbol('covered');
    const observer = new IntersectionObserver(([entry]) => {
      const had = covering.has(key);
      if (entry?.isIntersecting) covering.add(key);
      else covering.delete(key);
      if (had !== covering.has(key)) changed();
    });
    observer.observe(el);
    return () => {
      observer.disconnect();
      if (covering.delete(key)) changed();
    };
  }, [ref]);
}
