import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, uuidRefColumn } from '../../db/columns';
import { memberColumn } from '../accounts/accounts.table';

/** One conversation per pair of members, the smaller user id first. */
export const conversations = pgTable(
  'conversations',
  {
    id: idColumn(),
    participant1: memberColumn('participant_1'),
    participant2: memberColumn('participant_2'),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    lastMessagePreview: text('last_message_preview'),
    createdAt: createdAtColumn(),
  },
  (t) => [
    unique('conversations_pair_uq').on(t.participant1, t.participant2),
    check('conversations_ordered_pair', sql`${t.participant1} < ${t.participant2}`),
    index('conversations_p2_idx').on(t.participant2),
  ],
);

export const directMessages = pgTable(
  'messages',
  {
    id: idColumn(),
    conversationId: uuidRefColumn('conversation_id', () => conversations.id),
    senderId: memberColumn('sender_id'),
    content: text('content').notNull(),
    isRead: boolean('is_read').notNull().default(false),
    createdAt: createdAtColumn(),
  },
  (t) => [index('messages_conversation_idx').on(t.conversationId, t.createdAt)],
);
