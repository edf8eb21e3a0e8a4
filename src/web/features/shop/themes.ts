import { LIMITS } from '@shared/limits';
import { THEME_IDS, type ThemeId } from '@shared/themes';

/** Where the chosen theme is remembered for the next visit's first paint (the inline script in the page head, shared/head-boot.ts, reads it). */
export const THEME_STORAGE_KEY = 'onair.theme';

export const isThemeId = (v: unknown): v is ThemeId =>
  typeof v === 'string' && (THEME_IDS as readonly string[]).includes(v);

/** Day from 06:00 to 18:00 local time, night otherwise. */
export function dayPhase(now: Date): 'day' | 'night' {
  const h = now.getHours();
  return h >= LIMITS.dayStartsHour && h < LIMITS.nightStartsHour ? 'day' : 'night';
}

/** Puts a theme on an element (the page's <html>, or a preview card): its palette follows. */
export function applyTheme(el: HTMLElement, theme: ThemeId, now = new Date()) {
  if (theme === 'default') el.removeAttribute('data-theme');
  else el.setAttribute('data-theme', theme);
  if (theme === 'daynight') el.setAttribute('data-phase', dayPhase(now));
  else el.removeAttribute('data-phase');
}

export function rememberTheme(theme: ThemeId) {
  try {
    if (theme === 'default') window.localStorage.removeItem(THEME_STORAGE_KEY);
    else window.localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Storage blocked: the theme still applies once the profile has loaded.
  }
}

/** The browser bar's colour follows the theme's page colour. */
export function syncThemeColor() {
  const meta = document.querySelector<HTMLMetaElement>('meta[name="theme-color"]');
  const color = getComputedStyle(document.documentElement).getPropertyValue('--theme-color').trim();
  if (meta) meta.content = color || '#07071a';
}
