import { boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, updatedAtColumn } from '../../db/columns';
import { profiles } from '../accounts/accounts.table';
import { scheduleSlots } from '../schedule/schedule.table';

/**
 * Streamer (DJ) accounts of the built-in engine. Passwords are stored hashed (scrypt); the plain
 * password is shown once when generated. Other backends keep their own accounts (AzuraCast's streamers).
 */
export const stationStreamers = pgTable('station_streamers', {
  id: idColumn(),
  username: text('username').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  displayName: text('display_name').notNull(),
  comments: text('comments'),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: createdAtColumn(),
  updatedAt: updatedAtColumn(),
});

/** Which streamer account on the radio backend belongs to which presenter. */
export const presenterStreamingAccounts = pgTable('presenter_streaming_accounts', {
  userId: text('user_id')
    .primaryKey()
    .references(() => profiles.id, { onDelete: 'cascade' }),
  backend: text('backend').notNull(),
  streamerId: text('streamer_id').notNull(),
  username: text('username').notNull(),
  /**
   * The presenter made (and so saw) the password. False for an account made for them on promotion,
   * whose password nobody saw: Stream Info asks them to make their first one.
   */
  passwordChosen: boolean('password_chosen').notNull().default(true),
  createdAt: createdAtColumn(),
  updatedAt: updatedAtColumn(),
});

/**
 * Every time a DJ was on air through the built-in engine: from the harbor's connect to its disconnect
 * (ended_at null while on air, or when the engine stopped mid-show and the session was not closed:
 * the app closes those at its next start). Shows' listener figures and recordings hang off these.
 */
export const liveSessions = pgTable(
  'live_sessions',
  {
    id: idColumn(),
    /** The streamer account's user name, as the engine reported it. */
    streamerUsername: text('streamer_username').notNull(),
    presenterId: text('presenter_id').references(() => profiles.id, { onDelete: 'set null' }),
    /** The booked slot the show went out in, when there was one. */
    slotId: uuid('slot_id').references(() => scheduleSlots.id, { onDelete: 'set null' }),
    /** The show's name at the time (the slot's show name, else "Live show"). */
    showTitle: text('show_title').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** What the presenter's software sent (e.g. audio/mpeg) and at which bitrate (kbps), when known. */
    format: text('format'),
    bitrate: integer('bitrate'),
  },
  (t) => [index('live_sessions_started_idx').on(t.startedAt)],
);
