import { describe, expect, it } from 'vitest';
import {
  createSequenceDetector,
  isDevToolsShortcut,
  isEditableTarget,
  isLongListener,
  isNightOwlHour,
  isSpeedDemon,
  KONAMI_KEYS,
} from './badge-rules';

const feed = (keys: readonly string[]) => {
  const d = createSequenceDetector();
  return keys.map((k) => d.push(k));
};
const chars = (s: string) => [...s];

describe('secret sequence detector', () => {
  it('fires on the arrows then B A, on the last key only', () => {
    const hits = feed(KONAMI_KEYS);
    expect(hits.at(-1)).toBe(true);
    expect(hits.slice(0, -1).every((h) => !h)).toBe(true);
  });

  it('accepts capital B and A and ignores Shift presses in between', () => {
    const keys = [...KONAMI_KEYS.slice(0, 8), 'Shift', 'B', 'Shift', 'A'];
    expect(feed(keys).at(-1)).toBe(true);
  });

  it('fires after noise before the sequence', () => {
    expect(feed(['x', 'ArrowUp', 'Enter', ...KONAMI_KEYS]).at(-1)).toBe(true);
  });

  it('does not fire on a wrong or incomplete sequence', () => {
    expect(feed(KONAMI_KEYS.slice(0, 9)).some(Boolean)).toBe(false);
    const wrong = [...KONAMI_KEYS];
    wrong[4] = 'ArrowRight';
    expect(feed(wrong).some(Boolean)).toBe(false);
    expect(feed([...KONAMI_KEYS.slice(0, 8), 'a', 'b']).some(Boolean)).toBe(false);
  });

  it('fires on the typed string UDUDLRLRBA, in either case', () => {
    expect(feed(chars('UDUDLRLRBA')).at(-1)).toBe(true);
    expect(feed(chars('hello udud lrlrba')).some(Boolean)).toBe(false);
    expect(feed(chars('xxudud' + 'lrlrba')).at(-1)).toBe(true);
  });

  it('fires on the key-code form 38384040373937396665', () => {
    const hits = feed(chars('38384040373937396665'));
    expect(hits.at(-1)).toBe(true);
    expect(hits.slice(0, -1).some(Boolean)).toBe(false);
    expect(feed(chars('3838404037393739666')).some(Boolean)).toBe(false);
  });

  it('starts over after a match', () => {
    const d = createSequenceDetector();
    for (const k of KONAMI_KEYS) d.push(k);
    expect(d.push('a')).toBe(false);
    expect(
      chars('UDUDLRLRBA')
        .map((c) => d.push(c))
        .at(-1),
    ).toBe(true);
  });
});

describe('developer tools shortcuts', () => {
  const base = { ctrlKey: false, metaKey: false, shiftKey: false };
  it('F12', () => expect(isDevToolsShortcut({ ...base, key: 'F12' })).toBe(true));
  it('Ctrl or Cmd + Shift + I, J or C', () => {
    for (const key of ['I', 'J', 'C', 'i', 'j', 'c']) {
      expect(isDevToolsShortcut({ ...base, key, ctrlKey: true, shiftKey: true })).toBe(true);
      expect(isDevToolsShortcut({ ...base, key, metaKey: true, shiftKey: true })).toBe(true);
    }
    expect(isDevToolsShortcut({ ...base, key: 'Dead', code: 'KeyJ', metaKey: true, shiftKey: true })).toBe(
      true,
    );
  });
  it('not other combinations', () => {
    expect(isDevToolsShortcut({ ...base, key: 'I', ctrlKey: true })).toBe(false);
    expect(isDevToolsShortcut({ ...base, key: 'I', shiftKey: true })).toBe(false);
    expect(isDevToolsShortcut({ ...base, key: 'K', ctrlKey: true, shiftKey: true })).toBe(false);
    expect(isDevToolsShortcut({ ...base, key: 'F11' })).toBe(false);
  });
});

describe('night_owl', () => {
  const at = (h: number, m = 0) => new Date(2025, 0, 15, h, m);
  it('is earned from 02:00 to 03:59 local time', () => {
    expect(isNightOwlHour(at(2))).toBe(true);
    expect(isNightOwlHour(at(3, 59))).toBe(true);
  });
  it('not before 02:00 or from 04:00', () => {
    expect(isNightOwlHour(at(1, 59))).toBe(false);
    expect(isNightOwlHour(at(4))).toBe(false);
    expect(isNightOwlHour(at(14))).toBe(false);
  });
});

describe('long_listener', () => {
  it('needs more than 30 minutes on the page', () => {
    expect(isLongListener(0, 30 * 60_000)).toBe(false);
    expect(isLongListener(0, 30 * 60_000 + 1)).toBe(true);
  });
});

describe('speed_demon', () => {
  const load = 1_000_000;
  const visits = (paths: string[], step = 1000) => paths.map((path, i) => ({ path, at: load + i * step }));
  it('needs 5 distinct paths within 10 s of load', () => {
    expect(isSpeedDemon(visits(['/', '/schedule', '/chart', '/members', '/staff']), load)).toBe(true);
    expect(isSpeedDemon(visits(['/', '/schedule', '/chart', '/members']), load)).toBe(false);
  });
  it('counts repeated paths once', () => {
    expect(isSpeedDemon(visits(['/', '/chart', '/', '/chart', '/', '/staff', '/members']), load)).toBe(false);
  });
  it('ignores visits later than 10 s after load', () => {
    expect(isSpeedDemon(visits(['/', '/a', '/b', '/c', '/d'], 2600), load)).toBe(false);
    expect(isSpeedDemon(visits(['/', '/a', '/b', '/c', '/d'], 2500), load)).toBe(true);
  });
});

describe('editable targets', () => {
  it('inputs, text areas, selects and content-editable elements are editable', () => {
    for (const tagName of ['INPUT', 'TEXTAREA', 'SELECT']) {
      expect(isEditableTarget({ tagName, isContentEditable: false } as unknown as EventTarget)).toBe(true);
    }
    expect(isEditableTarget({ tagName: 'DIV', isContentEditable: true } as unknown as EventTarget)).toBe(
      true,
    );
    expect(isEditableTarget({ tagName: 'BODY', isContentEditable: false } as unknown as EventTarget)).toBe(
      false,
    );
    expect(isEditableTarget(null)).toBe(false);
  });
});
