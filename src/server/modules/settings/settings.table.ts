import { jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { updatedAtColumn } from '../../db/columns';

/** Key/value site settings. Values are JSON: a string, or an object such as {enabled}. */
export const adminSettings = pgTable('admin_settings', {
  settingKey: text('setting_key').primaryKey(),
  settingValue: jsonb('setting_value').notNull(),
  description: text('description'),
  updatedAt: updatedAtColumn(),
});
