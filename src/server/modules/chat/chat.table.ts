import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { profiles } from '../accounts/accounts.table';

/** The live chat shared by /presenter-chat and the floating widget. */
export const presenterChatMessages = pgTable(
  'presenter_chat_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    isPresenterReply: boolean('is_presenter_reply').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedBy: text('deleted_by').references(() => profiles.id, { onDelete: 'set null' }),
  },
  (t) => [index('presenter_chat_created_idx').on(t.createdAt)],
);

/** What moderators did (moderation_logs). */
export const moderationLogs = pgTable(
  'moderation_logs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actionType: text('action_type').notNull(),
    moderatorId: text('moderator_id').references(() => profiles.id, { onDelete: 'set null' }),
    targetUserId: text('target_user_id').references(() => profiles.id, { onDelete: 'set null' }),
    reason: text('reason'),
    details: text('details'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('moderation_logs_created_idx').on(t.createdAt)],
);
