import { index, integer, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { idColumn, uuidRefColumn } from '../../db/columns';
import { memberColumn } from '../accounts/accounts.table';

/** The badge catalogue; rarity_rank orders common < rare < epic < legendary. */
export const badges = pgTable('badges', {
  id: idColumn(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  icon: text('icon').notNull(),
  rarity: text('rarity').notNull(),
  rarityRank: integer('rarity_rank').notNull(),
});

/** Badges a member has unlocked: once each. */
export const userBadges = pgTable(
  'user_badges',
  {
    id: idColumn(),
    userId: memberColumn('user_id'),
    badgeId: uuidRefColumn('badge_id', () => badges.id),
    unlockedAt: timestamp('unlocked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('user_badges_user_badge_uq').on(t.userId, t.badgeId),
    index('user_badges_user_idx').on(t.userId),
  ],
);
