import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, updatedAtColumn } from '../../db/columns';
import { memberColumn, profiles } from '../accounts/accounts.table';

/**
 * Show ideas (presenter_ideas). Pending until a presenter claims one (in_progress, with
 * claimed_by and claimed_at); only admins set any status or delete.
 */
export const presenterIdeas = pgTable(
  'presenter_ideas',
  {
    id: idColumn(),
    presenterId: text('presenter_id').references(() => profiles.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    description: text('description').notNull(),
    status: text('status').notNull().default('pending'),
    claimedBy: text('claimed_by').references(() => profiles.id, { onDelete: 'set null' }),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [index('presenter_ideas_status_idx').on(t.status, t.createdAt)],
);

/** Mentoring sessions logged by radio mentors (training_sessions). */
export const trainingSessions = pgTable(
  'training_sessions',
  {
    id: idColumn(),
    mentorId: text('mentor_id').references(() => profiles.id, { onDelete: 'set null' }),
    traineeId: memberColumn('trainee_id'),
    sessionType: text('session_type').notNull(),
    sessionTitle: text('session_title'),
    notes: text('notes'),
    rating: integer('rating').notNull().default(5),
    sessionDate: date('session_date').notNull(),
    durationMinutes: integer('duration_minutes').notNull().default(60),
    status: text('status').notNull().default('completed'),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index('training_sessions_trainee_idx').on(t.traineeId),
    index('training_sessions_date_idx').on(t.sessionDate),
    check('training_sessions_rating_ck', sql`${t.rating} BETWEEN 1 AND 5`),
  ],
);

/** Warnings a moderator gave a member (each is also a moderation_logs row). */
export const moderationWarnings = pgTable(
  'moderation_warnings',
  {
    id: idColumn(),
    userId: memberColumn('user_id'),
    moderatorId: text('moderator_id').references(() => profiles.id, { onDelete: 'set null' }),
    reason: text('reason').notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [index('moderation_warnings_user_idx').on(t.userId)],
);

/** Presenter statistics as last generated ('Update Stats' or the nightly job); notes are kept. */
export const presenterStatistics = pgTable('presenter_statistics', {
  presenterId: text('presenter_id')
    .primaryKey()
    .references(() => profiles.id, { onDelete: 'cascade' }),
  totalShows: integer('total_shows').notNull().default(0),
  totalHours: integer('total_hours').notNull().default(0),
  showsThisWeek: integer('shows_this_week').notNull().default(0),
  showsThisMonth: integer('shows_this_month').notNull().default(0),
  averageRating: numeric('average_rating', { precision: 3, scale: 2 }).notNull().default('5'),
  lastShowDate: timestamp('last_show_date', { withTimezone: true }),
  performanceNotes: text('performance_notes'),
  updatedAt: updatedAtColumn(),
});

/** The app's own warnings and errors, written by the logger in batches (system_logs). */
export const systemLogs = pgTable(
  'system_logs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    logLevel: text('log_level').notNull(),
    component: text('component').notNull(),
    message: text('message').notNull(),
    details: jsonb('details'),
    createdAt: createdAtColumn(),
  },
  (t) => [index('system_logs_created_idx').on(t.createdAt)],
);

/**
 * Keys bots use to read the public API (api_keys). Only a hash is stored; the key is shown
 * once. `key_prefix` is its first 12 characters, for recognising it in the list.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: idColumn(),
    createdBy: text('created_by').references(() => profiles.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    description: text('description'),
    keyPrefix: text('key_prefix').notNull(),
    keyHash: text('key_hash').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    requestCount: bigint('request_count', { mode: 'number' }).notNull().default(0),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    createdAt: createdAtColumn(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('api_keys_hash_uq').on(t.keyHash)],
);
