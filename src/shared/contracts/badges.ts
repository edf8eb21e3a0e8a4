import { z } from 'zod';

export const RARITIES = ['common', 'rare', 'epic', 'legendary'] as const;
export const BADGE_CODES = [
  'night_owl',
  'long_listener',
  'triple_click_logo',
  'speed_demon',
  'secret_sequence',
  'konami_code',
  'developer_tools',
  'secret_footer',
] as const;
export type BadgeCode = (typeof BADGE_CODES)[number];

export const Badge = z.object({
  code: z.string(),
  name: z.string(),
  description: z.string(),
  icon: z.string(),
  rarity: z.enum(RARITIES),
});
export type Badge = z.infer<typeof Badge>;
export const BadgeCatalogue = z.object({ badges: z.array(Badge) });
export const UserBadge = z.object({ id: z.string(), unlockedAt: z.string(), badge: Badge });
export const MyBadges = z.object({ badges: z.array(UserBadge), total: z.number() });
export const UnlockBadgeInput = z.object({
  badgeCode: z.enum(BADGE_CODES),
  /** The browser's IANA time zone (night_owl is checked against the local hour there). */
  timeZone: z.string().max(64).optional(),
});
export const UnlockBadgeResult = z.object({ success: z.boolean(), newlyUnlocked: z.boolean(), badge: Badge });
