import type { Badge } from '@shared/contracts/badges';

/** Rarity colours: common grey, rare blue, epic purple, legendary gold. */
export const RARITY_STYLES: Record<Badge['rarity'], { label: string; card: string; text: string }> = {
  common: { label: 'Common', card: 'border-slate-500/60 bg-slate-500/10', text: 'text-slate-300' },
  rare: { label: 'Rare', card: 'border-sky-500/60 bg-sky-500/10', text: 'text-sky-300' },
  epic: { label: 'Epic', card: 'border-violet-500/60 bg-violet-500/10', text: 'text-violet-300' },
  legendary: { label: 'Legendary', card: 'border-amber-400/70 bg-amber-400/10', text: 'text-amber-300' },
};
