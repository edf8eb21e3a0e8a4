/**
 * Keys pressed before the badge watcher is on the page. The watcher is loaded apart from the first
 * script and mounts a moment after the page is drawn: a member who types the secret sequence at once
 * would otherwise lose its first keys. Capturing starts before the first render; the watcher takes what
 * was pressed (recently) when it mounts and listens itself from then on.
 */
export const EARLY_KEYS_KEPT = 16;
export const EARLY_KEYS_MAX_AGE_MS = 10_000;

interface Pressed {
  event: KeyboardEvent;
  at: number;
}

let pressed: Pressed[] | null = null;
let stop: (() => void) | null = null;

/** Starts keeping the last few key presses on `target` (the window). Called once, before the first render. */
export function captureEarlyKeys(target: EventTarget = window, now: () => number = Date.now) {
  stop?.();
  const kept: Pressed[] = [];
  pressed = kept;
  const onKey = (e: Event) => {
    kept.push({ event: e as KeyboardEvent, at: now() });
    if (kept.length > EARLY_KEYS_KEPT) kept.shift();
  };
  target.addEventListener('keydown', onKey);
  stop = () => target.removeEventListener('keydown', onKey);
}

/**
 * The keys pressed in the last few seconds, oldest first, and the end of capturing: the caller listens
 * from now on. A second call gets nothing.
 */
export function takeEarlyKeys(now: () => number = Date.now): KeyboardEvent[] {
  stop?.();
  stop = null;
  const kept = pressed ?? [];
  pressed = null;
  const since = now() - EARLY_KEYS_MAX_AGE_MS;
  return kept.filter((p) => p.at >= since).map((p) => p.event);
}
