import { LIMITS } from '@shared/limits';
import { useSyncExternalStore } from 'react';

const MOBILE_UA = /Android|webOS|iPhone|iPad|iPod|BlackBerry|IEMobile|Opera Mini|Mobile/i;
const query = `(max-width: ${LIMITS.mobileBreakpointPx}px)`;

/** Mobile = a mobile user-agent, or touch support together with a window of 768 px or less. */
export function detectMobile(): boolean {
  if (typeof window === 'undefined') return false;
  if (MOBILE_UA.test(navigator.userAgent)) return true;
  const touch = 'ontouchstart' in window || navigator.maxTouchPoints > 0;
  return touch && window.matchMedia(query).matches;
}

function subscribe(onChange: () => void) {
  const mql = window.matchMedia(query);
  mql.addEventListener('change', onChange);
  return () => mql.removeEventListener('change', onChange);
}

export function useIsMobile(): boolean {
  return useSyncExternalStore(subscribe, detectMobile, () => false);
}
