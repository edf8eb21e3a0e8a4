import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn } from '../../db/columns';
import { memberColumn, profiles } from '../accounts/accounts.table';

/** Presenter applications. */
export const applications = pgTable(
  'applications',
  {
    id: idColumn(),
    userId: memberColumn('user_id'),
    fullName: text('full_name').notNull(),
    email: text('email').notNull(),
    showConcept: text('show_concept').notNull(),
    experience: text('experience').notNull(),
    availability: text('availability').notNull(),
    additionalInfo: text('additional_info'),
    status: text('status').notNull().default('pending'),
    reviewedBy: text('reviewed_by').references(() => profiles.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index('applications_user_idx').on(t.userId, t.createdAt),
    index('applications_status_idx').on(t.status),
  ],
);
