import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, updatedAtColumn } from '../../db/columns';
import { memberColumn, profiles } from '../accounts/accounts.table';

/**
 * The station's Discord settings: one row (id 1). The webhook URL is a secret: it lives here rather than in
 * admin_settings (which other screens list), is answered only masked, and never leaves the server.
 */
export const discordSettings = pgTable(
  'discord_settings',
  {
    id: integer('id').primaryKey().default(1),
    webhookUrl: text('webhook_url'),
    /** Set when Discord answered 401/404 for the webhook: nothing is sent until an admin saves a URL again. */
    brokenAt: timestamp('broken_at', { withTimezone: true }),
    brokenReason: text('broken_reason'),
    announceLive: boolean('announce_live').notNull().default(true),
    announceChart: boolean('announce_chart').notNull().default(true),
    announceArticles: boolean('announce_articles').notNull().default(true),
    updatedAt: updatedAtColumn(),
  },
  (t) => [check('discord_settings_one_row', sql`${t.id} = 1`)],
);

/**
 * The outbox: every message for Discord is a row written in the transaction of the change that caused it,
 * then delivered by the `discord.deliver` job. queued → sending → sent | failed (sending → queued on a retry).
 */
export const discordMessages = pgTable(
  'discord_messages',
  {
    id: idColumn(),
    /** composer | news | live | chart | article */
    kind: text('kind').notNull(),
    /** The webhook execute body ({content, embeds}), already within Discord's limits. */
    payload: jsonb('payload').notNull(),
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastStatus: integer('last_status'),
    lastError: text('last_error'),
    /** While sending: the attempt's lease; a crashed sender's row is taken over once it has passed. */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    discordMessageId: text('discord_message_id'),
    createdBy: text('created_by').references(() => profiles.id, { onDelete: 'set null' }),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    check('discord_messages_status', sql`${t.status} IN ('queued', 'sending', 'sent', 'failed')`),
    index('discord_messages_created_idx').on(t.createdAt),
    index('discord_messages_pending_idx')
      .on(t.status, t.nextAttemptAt)
      .where(sql`${t.status} IN ('queued', 'sending')`),
  ],
);

/** Discord's rate-limit answers, per bucket (a webhook id, or 'global'): nothing is sent there before `blocked_until`. */
export const discordRateLimits = pgTable('discord_rate_limits', {
  bucket: text('bucket').primaryKey(),
  blockedUntil: timestamp('blocked_until', { withTimezone: true, precision: 3 }).notNull(),
});

/** A /link code: stored hashed (HMAC), one per Discord account, valid 10 minutes, redeemed once. */
export const discordLinkCodes = pgTable(
  'discord_link_codes',
  {
    discordId: text('discord_id').primaryKey(),
    discordUsername: text('discord_username').notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [index('discord_link_codes_hash_idx').on(t.codeHash)],
);

/** Wrong codes entered by a member (at most 5 in 10 minutes), counted under a per-member row lock. */
export const discordLinkFailures = pgTable(
  'discord_link_failures',
  {
    id: idColumn(),
    userId: memberColumn('user_id'),
    createdAt: createdAtColumn(),
  },
  (t) => [index('discord_link_failures_user_idx').on(t.userId, t.createdAt)],
);

/** One row per member that has tried a code: locked while a try is checked, so tries are counted exactly. */
export const discordLinkGuards = pgTable('discord_link_guards', {
  userId: text('user_id')
    .primaryKey()
    .references(() => profiles.id, { onDelete: 'cascade' }),
});

/**
 * Discord interactions already answered, by Discord's interaction id: the same signed request sent again
 * (within its 5-minute signature window) is refused, on every instance alike. Pruned after 15 minutes.
 */
export const discordInteractions = pgTable(
  'discord_interactions',
  {
    id: text('id').primaryKey(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('discord_interactions_received_idx').on(t.receivedAt)],
);
