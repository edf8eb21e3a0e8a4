import type { Badge, BadgeCode } from '../../../shared/contracts/badges';
import type { DbOrTx } from '../../db/client';
import { badges } from './badges.table';

export const RARITY_RANK = { common: 1, rare: 2, epic: 3, legendary: 4 } as const;

/** The hidden badges and how each is earned. */
export const BADGE_CATALOGUE: (Badge & { code: BadgeCode })[] = [
  {
    code: 'night_owl',
    name: 'Night Owl',
    icon: '🦉',
    rarity: 'rare',
    description: 'Listened between 2 and 4 in the morning.',
  },
  {
    code: 'long_listener',
    name: 'Long Listener',
    icon: '🎧',
    rarity: 'common',
    description: 'Stayed tuned in for more than 30 minutes.',
  },
  {
    code: 'triple_click_logo',
    name: 'Logo Lover',
    icon: '🖱️',
    rarity: 'common',
    description: 'Clicked the logo three times in a flash.',
  },
  {
    code: 'speed_demon',
    name: 'Speed Demon',
    icon: '⚡',
    rarity: 'rare',
    description: 'Visited five pages within ten seconds.',
  },
  {
    code: 'secret_sequence',
    name: 'Sequence Breaker',
    icon: '🔐',
    rarity: 'epic',
    description: 'Entered the secret sequence.',
  },
  {
    code: 'konami_code',
    name: 'Konami Master',
    icon: '🎮',
    rarity: 'legendary',
    description: '↑ ↑ ↓ ↓ ← → ← → B A',
  },
  {
    code: 'developer_tools',
    name: 'Code Peeker',
    icon: '🛠️',
    rarity: 'epic',
    description: 'Peeked behind the curtain.',
  },
  {
    code: 'secret_footer',
    name: 'HD Hunter',
    icon: '💎',
    rarity: 'rare',
    description: 'Found the secret in the footer.',
  },
];

export async function ensureBadges(db: DbOrTx) {
  for (const b of BADGE_CATALOGUE) {
    await db
      .insert(badges)
      .values({ ...b, rarityRank: RARITY_RANK[b.rarity] })
      .onConflictDoUpdate({
        target: badges.code,
        set: {
          name: b.name,
          icon: b.icon,
          rarity: b.rarity,
          description: b.description,
          rarityRank: RARITY_RANK[b.rarity],
        },
      });
  }
}
