import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { profiles } from '../accounts/accounts.table';

/** Presenter applications. */
export const applications = pgTable(
  'applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    fullName: text('full_name').notNull(),
    email: text('email').notNull(),
    showConcept: text('show_concept').notNull(),
    experience: text('experience').notNull(),
    availability: text('availability').notNull(),
    additionalInfo: text('additional_info'),
    status: text('status').notNull().default('pending'),
    reviewedBy: text('reviewed_by').references(() => profiles.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('applications_user_idx').on(t.userId, t.createdAt),
    index('applications_status_idx').on(t.status),
  ],
);
