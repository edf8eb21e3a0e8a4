import { bigint, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAtColumn } from '../../db/columns';
import { profiles } from '../accounts/accounts.table';

/**
 * The audit trail of staff actions: who (kept by name too, so it outlives the account), when, what, and
 * the state before and after. Written in the same transaction as the change; kept one year.
 */
export const staffActions = pgTable(
  'staff_actions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    actorId: text('actor_id').references(() => profiles.id, { onDelete: 'set null' }),
    actorName: text('actor_name').notNull(),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    summary: text('summary').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index('staff_actions_created_idx').on(t.createdAt),
    index('staff_actions_actor_idx').on(t.actorId, t.createdAt),
    index('staff_actions_action_idx').on(t.action, t.createdAt),
  ],
);
