import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn } from '../../db/columns';
import { memberColumn } from '../accounts/accounts.table';

export const notifications = pgTable(
  'notifications',
  {
    id: idColumn(),
    userId: memberColumn('user_id'),
    title: text('title').notNull(),
    message: text('message').notNull(),
    link: text('link'),
    /** Notifications with one key (e.g. the mentions of one sender) collapse into one while unread. */
    groupKey: text('group_key'),
    isRead: boolean('is_read').notNull().default(false),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index('notifications_user_created_idx').on(t.userId, t.createdAt),
    uniqueIndex('notifications_unread_group_idx')
      .on(t.userId, t.groupKey)
      .where(sql`${t.groupKey} IS NOT NULL AND NOT ${t.isRead}`),
  ],
);
