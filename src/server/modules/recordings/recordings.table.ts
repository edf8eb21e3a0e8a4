import { bigint, boolean, doublePrecision, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn } from '../../db/columns';
import { profiles } from '../accounts/accounts.table';
import { liveSessions } from '../station/station.table';

/**
 * Recordings of live shows (MP3, tagged with show, presenter and date), kept in the object store's
 * "recordings" area under storage_key. Published unless hidden; deleted by their presenter or an admin,
 * or by the retention job after the retention setting's days.
 */
export const recordings = pgTable(
  'recordings',
  {
    id: idColumn(),
    liveSessionId: uuid('live_session_id').references(() => liveSessions.id, { onDelete: 'set null' }),
    presenterId: text('presenter_id').references(() => profiles.id, { onDelete: 'set null' }),
    /** The show's and the presenter's names as they were on air. */
    showTitle: text('show_title').notNull(),
    presenterName: text('presenter_name').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }).notNull(),
    durationSeconds: doublePrecision('duration_seconds').notNull(),
    byteSize: bigint('byte_size', { mode: 'number' }).notNull(),
    storageKey: text('storage_key').notNull().unique(),
    mimeType: text('mime_type').notNull().default('audio/mpeg'),
    hidden: boolean('hidden').notNull().default(false),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index('recordings_started_idx').on(t.startedAt),
    index('recordings_presenter_idx').on(t.presenterId),
  ],
);
