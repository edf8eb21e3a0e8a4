/**
 * The hidden badge rules that the browser detects, as pure functions.
 * The server re-checks what it can (night_owl, long_listener, speed_demon); this only decides when to ask.
 */

export const BADGE_CHECK_INTERVAL_MS = 60_000;
export const LONG_LISTENER_MS = 30 * 60_000;
export const SPEED_DEMON_WINDOW_MS = 10_000;
export const SPEED_DEMON_MIN_PAGES = 5;

/** ↑ ↑ ↓ ↓ ← → ← → B A, as `KeyboardEvent.key` values (letters compared case-insensitively). */
export const KONAMI_KEYS = [
  'ArrowUp',
  'ArrowUp',
  'ArrowDown',
  'ArrowDown',
  'ArrowLeft',
  'ArrowRight',
  'ArrowLeft',
  'ArrowRight',
  'b',
  'a',
] as const;
/** The same sequence typed as letters (Up, Up, Down, Down, Left, Right, Left, Right, B, A). */
export const KONAMI_STRING = 'UDUDLRLRBA';
/** The same sequence typed as its key codes (38 38 40 40 37 39 37 39 66 65). */
export const KONAMI_KEY_CODES = '38384040373937396665';

const normaliseKey = (key: string) => (key.length === 1 ? key.toLowerCase() : key);
/** Pressing Shift for a capital letter (or any other modifier alone) is not part of a sequence. */
const MODIFIER_KEYS = new Set(['Shift', 'Control', 'Alt', 'AltGraph', 'Meta', 'CapsLock', 'Fn', 'OS']);

/**
 * Feeds key presses one at a time; `push` returns true on the press that completes the sequence in
 * any of its three forms: the arrow keys then B A, the string UDUDLRLRBA, or the key-code digits.
 */
export function createSequenceDetector() {
  let keys: string[] = [];
  let typed = '';
  const keepTyped = Math.max(KONAMI_STRING.length, KONAMI_KEY_CODES.length);
  return {
    push(key: string): boolean {
      if (MODIFIER_KEYS.has(key)) return false;
      const k = normaliseKey(key);
      keys = [...keys, k].slice(-KONAMI_KEYS.length);
      if (key.length === 1) typed = (typed + key.toUpperCase()).slice(-keepTyped);
      const arrows = keys.length === KONAMI_KEYS.length && KONAMI_KEYS.every((want, i) => keys[i] === want);
      const asText = typed.endsWith(KONAMI_STRING) || typed.endsWith(KONAMI_KEY_CODES);
      if (!arrows && !asText) return false;
      keys = [];
      typed = '';
      return true;
    },
    reset() {
      keys = [];
      typed = '';
    },
  };
}

export interface KeyCombo {
  key: string;
  code?: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey?: boolean;
}

/** F12, or Ctrl/Cmd + Shift + I, J or C: the shortcuts that open a browser's developer tools. */
export function isDevToolsShortcut(e: KeyCombo): boolean {
  if (e.key === 'F12') return true;
  if (!(e.ctrlKey || e.metaKey) || !e.shiftKey) return false;
  const letter = e.code?.startsWith('Key') ? e.code.slice(3) : e.key.toUpperCase();
  return letter === 'I' || letter === 'J' || letter === 'C';
}

/** night_owl: the local hour is 02:00 to 03:59. */
export function isNightOwlHour(date: Date): boolean {
  const hour = date.getHours();
  return hour >= 2 && hour < 4;
}

/** long_listener: more than 30 minutes since the page loaded. */
export function isLongListener(loadedAt: number, now: number): boolean {
  return now - loadedAt > LONG_LISTENER_MS;
}

/** speed_demon: 5 or more distinct paths visited within 10 s of the page loading. */
export function isSpeedDemon(visits: readonly { path: string; at: number }[], loadedAt: number): boolean {
  const paths = new Set<string>();
  for (const v of visits) if (v.at - loadedAt <= SPEED_DEMON_WINDOW_MS) paths.add(v.path);
  return paths.size >= SPEED_DEMON_MIN_PAGES;
}

/**
 * Decision: key presses inside editable fields are ignored entirely by the sequence detector (chat
 * boxes, search, forms), in all three forms: typing "UDUDLRLRBA" in a message or moving the caret with
 * the arrows must not unlock anything, and the detector never disturbs ordinary typing. The sequences
 * work anywhere else on the page. Developer-tools shortcuts are not typing, so they count everywhere.
 */
export function isEditableTarget(target: EventTarget | null): boolean {
  if (!target || typeof (target as HTMLElement).tagName !== 'string') return false;
  const el = target as HTMLElement;
  if (el.isContentEditable) return true;
  const tag = el.tagName;
  return tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT';
}
