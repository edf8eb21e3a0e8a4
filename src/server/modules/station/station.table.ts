import { boolean, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { profiles } from '../accounts/accounts.table';

/**
 * Streamer (DJ) accounts of the built-in engine. Passwords are stored hashed (scrypt); the plain
 * password is shown once when generated. Other backends keep their own accounts (AzuraCast's streamers).
 */
export const stationStreamers = pgTable('station_streamers', {
  id: uuid('id').primaryKey().defaultRandom(),
  username: text('username').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  displayName: text('display_name').notNull(),
  comments: text('comments'),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Which streamer account on the radio backend belongs to which presenter. */
export const presenterStreamingAccounts = pgTable('presenter_streaming_accounts', {
  userId: text('user_id')
    .primaryKey()
    .references(() => profiles.id, { onDelete: 'cascade' }),
  backend: text('backend').notNull(),
  streamerId: text('streamer_id').notNull(),
  username: text('username').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
