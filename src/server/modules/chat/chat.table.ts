import { boolean, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn } from '../../db/columns';
import { memberColumn, profiles } from '../accounts/accounts.table';

/** The live chat shared by /presenter-chat and the floating widget. */
export const presenterChatMessages = pgTable(
  'presenter_chat_messages',
  {
    id: idColumn(),
    userId: memberColumn('user_id'),
    content: text('content').notNull(),
    isPresenterReply: boolean('is_presenter_reply').notNull().default(false),
    createdAt: createdAtColumn(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedBy: text('deleted_by').references(() => profiles.id, { onDelete: 'set null' }),
  },
  (t) => [index('presenter_chat_created_idx').on(t.createdAt)],
);

/** What moderators did (moderation_logs). */
export const moderationLogs = pgTable(
  'moderation_logs',
  {
    id: idColumn(),
    actionType: text('action_type').notNull(),
    moderatorId: text('moderator_id').references(() => profiles.id, { onDelete: 'set null' }),
    targetUserId: text('target_user_id').references(() => profiles.id, { onDelete: 'set null' }),
    reason: text('reason'),
    details: text('details'),
    createdAt: createdAtColumn(),
  },
  (t) => [index('moderation_logs_created_idx').on(t.createdAt)],
);
