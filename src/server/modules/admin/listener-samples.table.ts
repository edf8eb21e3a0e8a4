import { boolean, integer, pgTable, timestamp } from 'drizzle-orm/pg-core';

/**
 * The station's audience, sampled once a minute by a job (kept 90 days): how many listened and whether
 * the station was on air. One row per minute: the minute is the key, so two instances never double it.
 */
export const listenerSamples = pgTable('listener_samples', {
  sampledAt: timestamp('sampled_at', { withTimezone: true }).primaryKey(),
  listeners: integer('listeners').notNull(),
  onAir: boolean('on_air').notNull(),
});
