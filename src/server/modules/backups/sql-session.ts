import type { DbHandle } from '../../db/client';

/** Runs one statement inside a transaction the backups hold, whichever engine runs it. */
export type Run = <T = Record<string, unknown>>(text: string, params?: unknown[]) => Promise<T[]>;

/**
 * One consistent view of the whole database: on PostgreSQL a REPEATABLE READ, READ ONLY transaction on
 * one connection (every table is read in the same snapshot while writers carry on); on the embedded
 * database one transaction, which PGlite's single connection runs alone.
 */
export async function inSnapshot<T>(dbh: DbHandle, fn: (run: Run) => Promise<T>): Promise<T> {
  return inTransaction(dbh, 'snapshot', fn);
}

/** One read-write transaction: a restore loads everything in it, or nothing. */
export async function inWriteTransaction<T>(dbh: DbHandle, fn: (run: Run) => Promise<T>): Promise<T> {
  return inTransaction(dbh, 'write', fn);
}

async function inTransaction<T>(dbh: DbHandle, mode: 'snapshot' | 'write', fn: (run: Run) => Promise<T>) {
  if (dbh.pool) {
    const client = await dbh.pool.connect();
    try {
      await client.query(
        mode === 'snapshot'
          ? 'BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY'
          : 'BEGIN ISOLATION LEVEL READ COMMITTED',
      );
      await client.query("SET LOCAL TimeZone = 'UTC'");
      const out = await fn(async (text, params) => (await client.query(text, params)).rows);
      await client.query('COMMIT');
      return out;
    } catch (err) {
      await client.query('ROLLBACK').catch(() => {});
      throw err;
    } finally {
      client.release();
    }
  }
  const pglite = dbh.pglite;
  if (!pglite) throw new Error('backups: the database handle has neither a pool nor PGlite');
  return pglite.transaction(async (tx) => {
    await tx.query("SET LOCAL TimeZone = 'UTC'");
    return fn(async (text, params) => (await tx.query(text, params)).rows as never[]);
  });
}

export const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;
