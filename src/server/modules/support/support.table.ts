import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, updatedAtColumn, uuidRefColumn } from '../../db/columns';
import { memberColumn } from '../accounts/accounts.table';

/** Support tickets. `number` is the readable ticket number, given by the database. */
export const supportTickets = pgTable(
  'support_tickets',
  {
    id: idColumn(),
    number: integer('number').notNull().unique().generatedAlwaysAsIdentity({ startWith: 1001 }),
    userId: memberColumn('user_id'),
    subject: text('subject').notNull(),
    category: text('category').notNull(),
    priority: text('priority').notNull().default('normal'),
    status: text('status').notNull().default('open'),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    check('support_tickets_category', sql`${t.category} IN ('general', 'partnership', 'technical', 'other')`),
    check('support_tickets_priority', sql`${t.priority} IN ('low', 'normal', 'high', 'urgent')`),
    check('support_tickets_status', sql`${t.status} IN ('open', 'in_progress', 'closed')`),
    index('support_tickets_user_idx').on(t.userId, t.updatedAt),
    index('support_tickets_updated_idx').on(t.updatedAt),
  ],
);

export const supportMessages = pgTable(
  'support_messages',
  {
    id: idColumn(),
    ticketId: uuidRefColumn('ticket_id', () => supportTickets.id),
    userId: memberColumn('user_id'),
    content: text('content').notNull(),
    isStaffReply: boolean('is_staff_reply').notNull().default(false),
    createdAt: createdAtColumn(),
  },
  (t) => [index('support_messages_ticket_idx').on(t.ticketId, t.createdAt)],
);
