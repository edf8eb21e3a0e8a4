import { boolean, index, jsonb, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, uuidRefColumn } from '../../db/columns';
import { memberColumn, profiles } from '../accounts/accounts.table';

export const roles = pgTable('roles', {
  id: idColumn(),
  name: text('name').notNull().unique(),
  fullName: text('full_name').notNull(),
  description: text('description'),
  permissions: jsonb('permissions').$type<string[]>().notNull().default([]),
  isSystemRole: boolean('is_system_role').notNull().default(false),
  createdAt: createdAtColumn(),
});

export const userRoleAssignments = pgTable(
  'user_role_assignments',
  {
    id: idColumn(),
    userId: memberColumn('user_id'),
    roleId: uuidRefColumn('role_id', () => roles.id),
    assignedBy: text('assigned_by').references(() => profiles.id, { onDelete: 'set null' }),
    assignedAt: timestamp('assigned_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('user_role_assignments_user_role_uq').on(t.userId, t.roleId),
    index('ura_user_idx').on(t.userId),
  ],
);
