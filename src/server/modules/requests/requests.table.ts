import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, updatedAtColumn } from '../../db/columns';
import { profiles } from '../accounts/accounts.table';

/**
 * Listener requests. For kinds other than song_request, song_title holds the message and
 * artist is 'N/A', as the data layout has it.
 */
export const songRequests = pgTable(
  'requests',
  {
    id: idColumn(),
    requestType: text('request_type').notNull(),
    userId: text('user_id').references(() => profiles.id, { onDelete: 'set null' }),
    songTitle: text('song_title').notNull(),
    artist: text('artist').notNull(),
    message: text('message'),
    requesterName: text('requester_name').notNull(),
    status: text('status').notNull().default('pending'),
    /** Who sent it, for the per-requester limit: the account, or a keyed hash of the client address. */
    requesterKey: text('requester_key').notNull(),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    index('requests_created_idx').on(t.createdAt),
    // The list by status and the counts per status (a sequential scan otherwise; bench/explain-queries.ts).
    index('requests_status_created_idx').on(t.status, t.createdAt),
    index('requests_requester_idx').on(t.requesterKey, t.createdAt),
    index('requests_song_idx').on(sql`lower(${t.songTitle})`, sql`lower(${t.artist})`),
  ],
);

/** Songs that cannot be requested. Unique on title + artist, case-insensitive. */
export const bannedSongs = pgTable(
  'banned_songs',
  {
    id: idColumn(),
    title: text('title').notNull(),
    artist: text('artist').notNull(),
    reason: text('reason'),
    bannedBy: text('banned_by').references(() => profiles.id, { onDelete: 'set null' }),
    bannedAt: timestamp('banned_at', { withTimezone: true }).notNull().defaultNow(),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [uniqueIndex('banned_songs_title_artist_uq').on(sql`lower(${t.title})`, sql`lower(${t.artist})`)],
);
