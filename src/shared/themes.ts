/**
 * The website themes and the features shop items unlock: plain constants (no zod), so the page shell can
 * apply a theme without loading the contracts.
 */

/** The eight website themes: default is free, the others come from owning a shop item. */
export const THEME_IDS = [
  'default',
  'version-one',
  'matte-black',
  'version-two',
  'christmas',
  'halloween',
  'disco',
  'daynight',
] as const;
export type ThemeId = (typeof THEME_IDS)[number];

export const THEMES: Record<ThemeId, { name: string; description: string }> = {
  default: { name: 'Default', description: 'Deep navy with pink and violet: the station’s own look.' },
  'version-one': { name: 'Version One', description: 'The first OnAir look: ocean blues and sky accents.' },
  'matte-black': { name: 'Matte Black', description: 'True blacks and soft greys, no colour at all.' },
  'version-two': { name: 'Version Two', description: 'Deep teal with fresh lime and aqua accents.' },
  christmas: { name: 'Christmas', description: 'Pine green, berry red and gold, with falling snow.' },
  halloween: { name: 'Halloween', description: 'Midnight purple and pumpkin orange.' },
  disco: { name: 'Disco', description: 'Neon magenta and cyan under a glitter-ball glow.' },
  daynight: {
    name: 'Day & Night',
    description: 'Bright by day (06:00 to 18:00 your time), a starry night after.',
  },
};

/** What an item's purchase unlocks beyond its theme or VIP flag. */
export const FEATURE_KEYS = ['bar_visualiser'] as const;
export const FEATURE_NAMES: Record<(typeof FEATURE_KEYS)[number], string> = {
  bar_visualiser: 'Bar Visualiser',
};
