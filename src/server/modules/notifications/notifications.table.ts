import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { profiles } from '../accounts/accounts.table';

export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    message: text('message').notNull(),
    link: text('link'),
    /** Notifications with one key (e.g. the mentions of one sender) collapse into one while unread. */
    groupKey: text('group_key'),
    isRead: boolean('is_read').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('notifications_user_created_idx').on(t.userId, t.createdAt),
    uniqueIndex('notifications_unread_group_idx')
      .on(t.userId, t.groupKey)
      .where(sql`${t.groupKey} IS NOT NULL AND NOT ${t.isRead}`),
  ],
);
