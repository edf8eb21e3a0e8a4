import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { profiles } from '../accounts/accounts.table';

/** Support tickets. `number` is the readable ticket number, given by the database. */
export const supportTickets = pgTable(
  'support_tickets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: integer('number').notNull().unique().generatedAlwaysAsIdentity({ startWith: 1001 }),
    userId: text('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    category: text('category').notNull(),
    priority: text('priority').notNull().default('normal'),
    status: text('status').notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
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
    id: uuid('id').primaryKey().defaultRandom(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => supportTickets.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    isStaffReply: boolean('is_staff_reply').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('support_messages_ticket_idx').on(t.ticketId, t.createdAt)],
);
