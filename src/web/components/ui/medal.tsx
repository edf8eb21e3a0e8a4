import { clsx } from 'clsx';
import { Medal as MedalGlyph } from 'lucide-react';

const MEDALS = [
  { name: 'gold', colour: 'text-amber-300' },
  { name: 'silver', colour: 'text-slate-200' },
  { name: 'bronze', colour: 'text-orange-300' },
] as const;

/** The text colour of positions 1 to 3 (gold, silver, bronze), for a rank drawn beside its medal. */
export const medalColour = (position: number): string | undefined => MEDALS[position - 1]?.colour;

/**
 * The medal of positions 1 to 3 (gold, silver, bronze); nothing for the others. Drawn as an icon, not an
 * emoji: emoji medals need a colour-emoji font, and a machine without one (many Linux desktops, headless
 * browsers) shows an empty box instead.
 */
export function Medal({ position, className }: { position: number; className?: string }) {
  const medal = MEDALS[position - 1];
  if (!medal) return null;
  return (
    <MedalGlyph
      aria-hidden
      data-medal={medal.name}
      className={clsx('size-5 shrink-0', medal.colour, className)}
    />
  );
}
