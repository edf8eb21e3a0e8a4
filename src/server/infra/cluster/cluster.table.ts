import { boolean, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The built-in engine's lease: one row (id `engine`), held by the one instance that runs the engine
 * (docs/operations/several-instances.md#one-engine-elected). Each term has its own random token, which
 * the engine's callbacks carry; the holder renews it every few seconds, another instance takes it once
 * it has expired. The last failover (who, when, why) is kept on the row.
 */
export const engineLease = pgTable('engine_lease', {
  id: text('id').primaryKey(),
  /** The holder's instance id (cluster_instances.id). */
  holder: text('holder').notNull(),
  /** The fencing token of this term (x-engine-token of the holder's engine). */
  token: text('token').notNull(),
  term: integer('term').notNull(),
  acquiredAt: timestamp('acquired_at', { withTimezone: true }).notNull(),
  heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  /** The holder gave the lease up (a clean shutdown): the next holder takes it at once. */
  releasedAt: timestamp('released_at', { withTimezone: true }),
  lastFailoverAt: timestamp('last_failover_at', { withTimezone: true }),
  lastFailoverFrom: text('last_failover_from'),
  lastFailoverTo: text('last_failover_to'),
  /** `released` (the holder shut down) or `expired` (it stopped renewing: killed, frozen, cut off). */
  lastFailoverCause: text('last_failover_cause'),
});

/** Every instance seen on the database, with its heartbeat (the admin's System status lists them). */
export const clusterInstances = pgTable('cluster_instances', {
  id: text('id').primaryKey(),
  /** Where other instances reach it (INSTANCE_URL). */
  address: text('address').notNull(),
  hostname: text('hostname').notNull(),
  version: text('version').notNull(),
  /** auto | on | off, and whether it may run the engine here (packages installed). */
  engineMode: text('engine_mode').notNull(),
  eligible: boolean('eligible').notNull(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
  heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull(),
  stoppedAt: timestamp('stopped_at', { withTimezone: true }),
});
