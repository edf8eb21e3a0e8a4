import { boolean, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The station's audience, sampled once a minute by a job (kept 90 days): how many listened and whether
 * the station was on air. One row per minute: the minute is the key, so two instances never double it.
 */
export const listenerSamples = pgTable('listener_samples', {
  sampledAt: timestamp('sampled_at', { withTimezone: true }).primaryKey(),
  listeners: integer('listeners').notNull(),
  onAir: boolean('on_air').notNull(),
});

/**
 * The same minute, broken down: listeners per mount (an Icecast mount such as /radio.mp3, or "hls" with
 * its variant, e.g. hls/128) and per kind of client (browser, app, other: from the user agent). The
 * rows of one minute add up to listener_samples.listeners.
 */
export const listenerAudienceSamples = pgTable(
  'listener_audience_samples',
  {
    sampledAt: timestamp('sampled_at', { withTimezone: true }).notNull(),
    mount: text('mount').notNull(),
    clientKind: text('client_kind').notNull(),
    listeners: integer('listeners').notNull(),
  },
  (t) => [primaryKey({ columns: [t.sampledAt, t.mount, t.clientKind] })],
);
