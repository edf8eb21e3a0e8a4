import { type AnyPgColumn, timestamp, uuid } from 'drizzle-orm/pg-core';

/** A row's id: a random UUID the database makes. */
export const idColumn = () => uuid('id').primaryKey().defaultRandom();

/** When the row was made (now, by default). */
export const createdAtColumn = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** When the row last changed (now, when it is made). */
export const updatedAtColumn = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/**
 * A required reference to another table's row by its UUID id (`target`); the row goes with the one it
 * names (cascade) unless `onDelete` is 'restrict'.
 */
export const uuidRefColumn = (
  name: string,
  target: () => AnyPgColumn,
  onDelete: 'cascade' | 'restrict' = 'cascade',
) => uuid(name).notNull().references(target, { onDelete });
