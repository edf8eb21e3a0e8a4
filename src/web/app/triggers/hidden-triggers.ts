import { createSignal } from './signal';

/**
 * Hook points for the hidden badge rules. Nothing listens yet; the badges feature will
 * subscribe to these, e.g. `onLogoTripleClick.subscribe(() => unlock('triple_click_logo'))`.
 */
export const onLogoTripleClick = createSignal();

/** Clicking the stream-quality chip in the footer (badge secret_footer). */
export const onFooterSecret = createSignal();

export const TRIPLE_CLICK_WINDOW_MS = 500;

/** Returns a click handler that calls `onTriple` when three clicks land within `windowMs`. */
export function tripleClickDetector(
  onTriple: () => void,
  windowMs = TRIPLE_CLICK_WINDOW_MS,
  now = () => Date.now(),
) {
  let clicks: number[] = [];
  return () => {
    const t = now();
    clicks = [...clicks.filter((c) => t - c <= windowMs), t];
    if (clicks.length >= 3) {
      clicks = [];
      onTriple();
    }
  };
}
