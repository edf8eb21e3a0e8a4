import { createHash } from 'node:crypto';

/**
 * Applies the member's website theme before the first paint (the app keeps the choice in localStorage
 * under 'onair.theme' and then follows the profile's stored choice). Inlined into index.html at build
 * (no render-blocking request); the server's CSP allows exactly this script by its hash.
 */
export const THEME_BOOT_SCRIPT = `(()=>{try{const t=localStorage.getItem('onair.theme');if(!t||t==='default'||!/^[a-z-]{1,24}$/.test(t))return;const r=document.documentElement;r.setAttribute('data-theme',t);if(t==='daynight'){const h=new Date().getHours();r.setAttribute('data-phase',h>=6&&h<18?'day':'night')}}catch{}})();`;

/** The CSP source that allows the inline theme script: 'sha256-…'. */
export function themeBootCspHash() {
  return `'sha256-${createHash('sha256').update(THEME_BOOT_SCRIPT).digest('base64')}'`;
}
