import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn } from '../../db/columns';
import { memberColumn, profiles } from '../accounts/accounts.table';

/** A member blocks another: no direct messages, chat hidden, no mentions. The blocked member is not told. */
export const blocks = pgTable(
  'blocks',
  {
    blockerId: memberColumn('blocker_id'),
    blockedId: memberColumn('blocked_id'),
    createdAt: createdAtColumn(),
  },
  (t) => [
    primaryKey({ name: 'blocks_pk', columns: [t.blockerId, t.blockedId] }),
    check('blocks_not_self', sql`${t.blockerId} <> ${t.blockedId}`),
    index('blocks_blocked_idx').on(t.blockedId),
  ],
);

/** A chat message, a direct message or a member reported to the moderators, with a reason. */
export const reports = pgTable(
  'reports',
  {
    id: idColumn(),
    reporterId: text('reporter_id').references(() => profiles.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: ['chat', 'message', 'member'] }).notNull(),
    targetId: text('target_id').notNull(),
    /** The member reported (the author of the message, or the member themselves). */
    reportedUserId: text('reported_user_id').references(() => profiles.id, { onDelete: 'set null' }),
    /** The reported words as they were (the message may be deleted later). */
    excerpt: text('excerpt'),
    reason: text('reason').notNull(),
    status: text('status', { enum: ['open', 'resolved', 'dismissed'] })
      .notNull()
      .default('open'),
    handledBy: text('handled_by').references(() => profiles.id, { onDelete: 'set null' }),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    // One open report per reporter and target: a second one is a 409, not a second row.
    uniqueIndex('reports_open_once_uq').on(t.reporterId, t.kind, t.targetId).where(sql`${t.status} = 'open'`),
    index('reports_status_created_idx').on(t.status, t.createdAt),
  ],
);
