import { createHash } from 'node:crypto';

/**
 * Applies the member's website theme before the first paint (the app keeps the choice in localStorage
 * under 'onair.theme' and then follows the profile's stored choice).
 */
const THEME = `(()=>{try{const t=localStorage.getItem('onair.theme');if(!t||t==='default'||!/^[a-z-]{1,24}$/.test(t))return;const r=document.documentElement;r.setAttribute('data-theme',t);if(t==='daynight'){const h=new Date().getHours();r.setAttribute('data-phase',h>=6&&h<18?'day':'night')}}catch{}})();`;

/**
 * Starts /intl-warmup.js on a worker thread while the page's own scripts download. A renderer's first date
 * formatter costs 40–100 ms of CPU in Chromium at full speed (ICU reading its locale and time-zone data;
 * several times that on a phone), and ICU then keeps that data for the whole process: loaded by the worker,
 * the first screen's own formatters (Recently played's clock, Coming up's times) take under a millisecond
 * on the main thread instead of blocking it (bench/RESULTS.md). Started from the head, not from the app's
 * entry, because the entry runs only once the stylesheet has loaded: too late for the worker to finish
 * first. Without workers nothing changes: the main thread loads the data on its first formatter.
 */
const INTL_WARMUP = `try{new Worker('/intl-warmup.js')}catch{}`;

/**
 * The page head's one inline script: inlined into index.html at build (no render-blocking request); the
 * server's CSP allows exactly this script by its hash.
 */
export const HEAD_BOOT_SCRIPT = THEME + INTL_WARMUP;

/** The CSP source that allows the inline head script: 'sha256-…'. */
export function headBootCspHash() {
  return `'sha256-${createHash('sha256').update(HEAD_BOOT_SCRIPT).digest('base64')}'`;
}
