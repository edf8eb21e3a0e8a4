import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { THEME_IDS } from '@shared/themes';
import { describe, expect, it } from 'vitest';
import { dayPhase } from './themes';

/**
 * Each theme must stay readable: its text colours against its surfaces meet WCAG AA (4.5:1 for body
 * text), and button labels on the accent fills 3:1 (large/bold text; the default theme's own pink button
 * is 3.5:1). Colours come from the real stylesheet (themes.css over Tailwind's palette).
 */
const read = (p: string) => readFileSync(fileURLToPath(new URL(p, import.meta.url)), 'utf8');
const tailwind = read('../../../../node_modules/tailwindcss/theme.css');
const themes = read('../../themes.css');

type Rgb = [number, number, number];

function oklchToRgb(l: number, c: number, hDeg: number): Rgb {
  const h = (hDeg * Math.PI) / 180;
  const a = c * Math.cos(h);
  const b = c * Math.sin(h);
  const l_ = (l + 0.3963377774 * a + 0.2158037573 * b) ** 3;
  const m_ = (l - 0.1055613458 * a - 0.0638541728 * b) ** 3;
  const s_ = (l - 0.0894841775 * a - 1.291485548 * b) ** 3;
  const lin = [
    4.0767416621 * l_ - 3.3077115913 * m_ + 0.2309699292 * s_,
    -1.2684380046 * l_ + 2.6097574011 * m_ - 0.3413193965 * s_,
    -0.0041960863 * l_ - 0.7034186147 * m_ + 1.707614701 * s_,
  ];
  return lin.map((v) => {
    const x = Math.min(1, Math.max(0, v));
    return x <= 0.0031308 ? 12.92 * x : 1.055 * x ** (1 / 2.4) - 0.055;
  }) as Rgb;
}

function parseColor(v: string): Rgb {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(v.trim());
  if (hex) {
    const h = hex[1].length === 3 ? [...hex[1]].map((c) => c + c).join('') : hex[1];
    return [0, 2, 4].map((i) => Number.parseInt(h.slice(i, i + 2), 16) / 255) as Rgb;
  }
  const ok = /^oklch\(([\d.]+)%\s+([\d.]+)\s+([\d.]+)\)$/.exec(v.trim());
  if (ok) return oklchToRgb(Number(ok[1]) / 100, Number(ok[2]), Number(ok[3]));
  throw new Error(`cannot read colour ${v}`);
}

const vars = (css: string) =>
  Object.fromEntries([...css.matchAll(/--color-([a-z]+(?:-\d+)?):\s*([^;]+);/g)].map((m) => [m[1], m[2]]));

const base: Record<string, string> = vars(tailwind);
base.white ??= '#fff';

function block(selector: string) {
  const start = themes.indexOf(`${selector} {`);
  if (start < 0) return {};
  return vars(themes.slice(start, themes.indexOf('}', start)));
}

function palette(theme: string, phase?: 'day') {
  if (theme === 'default') return { ...base };
  const p = { ...base, ...block(`[data-theme="${theme}"]`) };
  return phase ? { ...p, ...block(`[data-theme="${theme}"][data-phase="day"]`) } : p;
}

const luminance = (c: Rgb) => {
  const [r, g, b] = c.map((v) => (v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};
const contrast = (a: Rgb, b: Rgb) => {
  const [x, y] = [luminance(a), luminance(b)].sort((m, n) => n - m);
  return (x + 0.05) / (y + 0.05);
};
const over = (top: Rgb, alpha: number, under: Rgb) =>
  top.map((v, i) => v * alpha + under[i] * (1 - alpha)) as Rgb;

const TEXT = [
  'white',
  'slate-100',
  'slate-200',
  'slate-300',
  'slate-400',
  'pink-300',
  'pink-400',
  'violet-300',
  'amber-200',
  'red-300',
  'emerald-300',
  'sky-300',
];
const LOOKS = [
  ...THEME_IDS.map((t) => ({ theme: t, phase: undefined })),
  { theme: 'daynight', phase: 'day' as const },
];

describe('themes', () => {
  it('defines every premium theme in the stylesheet', () => {
    for (const t of THEME_IDS.filter((x) => x !== 'default'))
      expect(themes).toContain(`[data-theme="${t}"] {`);
  });

  it.each(LOOKS)(
    '$theme $phase: text is readable on the page and on cards, labels on buttons',
    ({ theme, phase }) => {
      const p = palette(theme, phase);
      const color = (name: string) => parseColor(p[name]);
      const page = color('slate-950');
      const card = over(color('slate-900'), 0.7, page);
      const control = color('slate-800');
      const failures: string[] = [];
      for (const [surfaceName, surface] of [
        ['page', page],
        ['card', card],
        ['control', control],
      ] as const) {
        for (const text of TEXT) {
          const ratio = contrast(color(text), surface);
          if (ratio < 4.5) failures.push(`${text} on ${surfaceName}: ${ratio.toFixed(2)}`);
        }
      }
      for (const fill of ['pink-500', 'violet-500']) {
        const ratio = contrast(color('white'), color(fill));
        if (ratio < 3) failures.push(`button label on ${fill}: ${ratio.toFixed(2)}`);
      }
      expect(failures).toEqual([]);
    },
  );

  it('each premium theme really changes the surfaces and the accent', () => {
    const d = palette('default');
    for (const t of THEME_IDS.filter((x) => x !== 'default')) {
      const p = palette(t);
      expect(p['slate-950'], t).not.toBe(d['slate-950']);
      expect(p['pink-400'], t).not.toBe(d['pink-400']);
    }
  });

  it('day is 06:00 to 18:00 local time', () => {
    const at = (h: number, m = 0) => new Date(2026, 0, 1, h, m);
    expect(dayPhase(at(5, 59))).toBe('night');
    expect(dayPhase(at(6))).toBe('day');
    expect(dayPhase(at(17, 59))).toBe('day');
    expect(dayPhase(at(18))).toBe('night');
  });
});
