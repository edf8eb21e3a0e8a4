import { sql } from 'drizzle-orm';
import { type DbHandle, type DbOrTx, queryRows } from '../../db/client';

/**
 * The lease rules, each one statement on the lease row, decided by the database's clock
 * (docs/operations/several-instances.md#one-engine-elected). The timers around them are engine-election.ts.
 */

const LEASE_ID = 'engine';

export type FailoverCause = 'released' | 'expired';

export interface LeaseTerm {
  token: string;
  term: number;
  acquiredAt: Date;
}

export interface LeaseState {
  holder: string;
  term: number;
  acquiredAt: Date;
  heartbeatAt: Date;
  expiresAt: Date;
  /** Held now (not expired, not given up), by the database's clock. */
  valid: boolean;
  lastFailover: { at: Date; from: string; to: string; cause: FailoverCause } | null;
}

const interval = (ms: number) => `${Math.round(ms)} milliseconds`;

/**
 * Takes the lease for a new term with `token`: when nobody holds it, it has expired or was given up, or
 * it was this instance's own (whose engine has stopped). `force` takes it whatever its state: the
 * embedded database, which only one process can open. A change of holder records the failover and its
 * cause (unless forced). Returns the new term, or null when another instance holds the lease.
 */
export async function takeLease(
  dbh: DbHandle,
  p: { instanceId: string; token: string; leaseMs: number; force?: boolean },
): Promise<LeaseTerm | null> {
  const { rows } = await dbh.query<{ term: number; acquired_at: Date | string }>(
    `INSERT INTO engine_lease AS l (id, holder, token, term, acquired_at, heartbeat_at, expires_at)
     VALUES ($1, $2, $3, 1, now(), now(), now() + $4::interval)
     ON CONFLICT (id) DO UPDATE SET
       holder = excluded.holder, token = excluded.token, term = l.term + 1,
       acquired_at = now(), heartbeat_at = now(), expires_at = excluded.expires_at, released_at = NULL,
       last_failover_at = CASE WHEN l.holder <> excluded.holder AND NOT $5::boolean THEN now() ELSE l.last_failover_at END,
       last_failover_from = CASE WHEN l.holder <> excluded.holder AND NOT $5::boolean THEN l.holder ELSE l.last_failover_from END,
       last_failover_to = CASE WHEN l.holder <> excluded.holder AND NOT $5::boolean THEN excluded.holder ELSE l.last_failover_to END,
       last_failover_cause = CASE WHEN l.holder <> excluded.holder AND NOT $5::boolean
         THEN CASE WHEN l.released_at IS NOT NULL THEN 'released' ELSE 'expired' END
         ELSE l.last_failover_cause END
     WHERE l.expires_at <= now() OR l.released_at IS NOT NULL OR l.holder = excluded.holder OR $5::boolean
     RETURNING term, acquired_at`,
    [LEASE_ID, p.instanceId, p.token, interval(p.leaseMs), Boolean(p.force)],
  );
  const row = rows[0];
  return row ? { token: p.token, term: row.term, acquiredAt: new Date(row.acquired_at) } : null;
}

/** Extends the holder's term by `leaseMs` from now; false when the lease is no longer this term's. */
export async function renewLease(
  dbh: DbHandle,
  p: { instanceId: string; token: string; leaseMs: number },
): Promise<boolean> {
  const { rows } = await dbh.query(
    `UPDATE engine_lease SET heartbeat_at = now(), expires_at = now() + $4::interval
      WHERE id = $1 AND holder = $2 AND token = $3 AND expires_at > now() AND released_at IS NULL
      RETURNING term`,
    [LEASE_ID, p.instanceId, p.token, interval(p.leaseMs)],
  );
  return rows.length === 1;
}

/** Gives the term up (a clean shutdown, its engine stopped): another instance may take it at once. */
export async function releaseLease(dbh: DbHandle, token: string): Promise<void> {
  await dbh.query(
    `UPDATE engine_lease SET released_at = now(), expires_at = now()
      WHERE id = $1 AND token = $2 AND released_at IS NULL`,
    [LEASE_ID, token],
  );
}

/** Is `token` the current term's, by the database's clock? */
export async function isCurrentToken(dbh: DbHandle, token: string): Promise<boolean> {
  const { rows } = await dbh.query(
    `SELECT 1 FROM engine_lease
      WHERE id = $1 AND token = $2 AND expires_at > now() AND released_at IS NULL`,
    [LEASE_ID, token],
  );
  return rows.length === 1;
}

/**
 * Inside a transaction: is `token` the current term's? The row is locked for share until the
 * transaction ends, so no other instance can take the lease between this check and the commit of what
 * the transaction writes (a play is recorded by the holder of the moment, once).
 */
export async function holdsLeaseIn(tx: DbOrTx, token: string): Promise<boolean> {
  const rows = await queryRows<{ ok: number }>(
    tx,
    sql`SELECT 1 AS ok FROM engine_lease
         WHERE id = ${LEASE_ID} AND token = ${token} AND expires_at > now() AND released_at IS NULL
         FOR SHARE`,
  );
  return rows.length === 1;
}

/** The lease as it stands (for the admin's System status), or null before any instance took it. */
export async function readLease(dbh: DbHandle): Promise<LeaseState | null> {
  const { rows } = await dbh.query<{
    holder: string;
    term: number;
    acquired_at: Date | string;
    heartbeat_at: Date | string;
    expires_at: Date | string;
    valid: boolean;
    last_failover_at: Date | string | null;
    last_failover_from: string | null;
    last_failover_to: string | null;
    last_failover_cause: FailoverCause | null;
  }>(
    `SELECT holder, term, acquired_at, heartbeat_at, expires_at,
            (expires_at > now() AND released_at IS NULL) AS valid,
            last_failover_at, last_failover_from, last_failover_to, last_failover_cause
       FROM engine_lease WHERE id = $1`,
    [LEASE_ID],
  );
  const r = rows[0];
  if (!r) return null;
  return {
    holder: r.holder,
    term: r.term,
    acquiredAt: new Date(r.acquired_at),
    heartbeatAt: new Date(r.heartbeat_at),
    expiresAt: new Date(r.expires_at),
    valid: r.valid,
    lastFailover:
      r.last_failover_at && r.last_failover_from && r.last_failover_to && r.last_failover_cause
        ? {
            at: new Date(r.last_failover_at),
            from: r.last_failover_from,
            to: r.last_failover_to,
            cause: r.last_failover_cause,
          }
        : null,
  };
}
