import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { apiKeys } from '../../modules/staff/staff.table';

/** Only a SHA-256 hash of a key is stored (a key is random enough that a plain hash cannot be reversed). */
export const hashApiKey = (key: string) => createHash('sha256').update(key).digest('hex');

export interface IdentifiedKey {
  id: string;
  name: string;
  prefix: string;
}

/** The active key with this value, if any. */
export async function findActiveKey(ctx: { db: Db }, key: string): Promise<IdentifiedKey | null> {
  const [row] = await ctx.db
    .select({ id: apiKeys.id, name: apiKeys.name, prefix: apiKeys.keyPrefix, isActive: apiKeys.isActive })
    .from(apiKeys)
    .where(eq(apiKeys.keyHash, hashApiKey(key)));
  return row?.isActive ? { id: row.id, name: row.name, prefix: row.prefix } : null;
}

/** Adds the requests counted in memory to the keys' totals. */
export async function recordKeyUsage(ctx: { db: Db }, usage: Map<string, { n: number; at: Date }>) {
  for (const [id, u] of usage) {
    await ctx.db
      .update(apiKeys)
      .set({
        requestCount: sql`${apiKeys.requestCount} + ${u.n}`,
        lastUsedAt: sql`greatest(${apiKeys.lastUsedAt}, ${u.at.toISOString()}::timestamptz)`,
      })
      .where(eq(apiKeys.id, id));
  }
}
