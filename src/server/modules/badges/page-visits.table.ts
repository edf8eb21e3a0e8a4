import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { idColumn } from '../../db/columns';
import { memberColumn } from '../accounts/accounts.table';

/** Page visits of signed-in members, kept for the badge rules (speed_demon and friends). Pruned daily. */
export const pageVisits = pgTable(
  'page_visits',
  {
    id: idColumn(),
    userId: memberColumn('user_id'),
    path: text('path').notNull(),
    visitedAt: timestamp('visited_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('page_visits_user_time_idx').on(t.userId, t.visitedAt)],
);
