import { randomBytes } from 'node:crypto';
import { desc, eq, sql } from 'drizzle-orm';
import { type ApiKey, maskApiKey } from '../../../shared/contracts/staff';
import { EVENT_TYPES, topics } from '../../../shared/events';
import { LIMITS } from '../../../shared/limits';
import type { AppContext } from '../../context';
import type { Actor } from '../../infra/http/access';
import { hashApiKey } from '../../infra/http/api-key-lookup';
import { notFound, requireUuid } from '../../infra/http/errors';
import { peopleByIds } from '../accounts/people.service';
import { apiKeys } from './staff.table';

/**
 * API keys for bots reading the public API: 'illusion_' and 32 random characters, shown
 * once; only a SHA-256 hash is stored (a key is random enough that a plain hash cannot be reversed),
 * with its first 12 characters to recognise it in the list. Revoking keeps the row, switched off.
 */
type Ctx = Pick<AppContext, 'db' | 'realtime'>;
type Row = typeof apiKeys.$inferSelect;

export function generateApiKey(): string {
  return `${LIMITS.apiKeyPrefix}${randomBytes(24).toString('base64url')}`;
}

async function present(ctx: Pick<AppContext, 'db'>, rows: Row[]): Promise<ApiKey[]> {
  const people = await peopleByIds(
    ctx.db,
    rows.map((r) => r.createdBy),
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    description: r.description,
    maskedKey: maskApiKey(r.keyPrefix),
    isActive: r.isActive,
    createdBy: (r.createdBy && people.get(r.createdBy)) || null,
    requestCount: r.requestCount,
    lastUsedAt: r.lastUsedAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
  }));
}

async function changed(ctx: Ctx) {
  await ctx.realtime.publish(topics.capability('developer.tools'), EVENT_TYPES.apiKeysChanged, {});
}

export async function listApiKeys(ctx: Pick<AppContext, 'db'>) {
  const rows = await ctx.db.select().from(apiKeys).orderBy(desc(apiKeys.createdAt));
  return present(ctx, rows);
}

/** Creates a key; the answer is the only time the whole key exists outside the caller's hands. */
export async function createApiKey(
  ctx: Ctx,
  actor: Actor,
  input: { name: string; description: string | null },
) {
  const key = generateApiKey();
  const [row] = await ctx.db
    .insert(apiKeys)
    .values({
      name: input.name,
      description: input.description,
      createdBy: actor.userId,
      keyPrefix: key.slice(0, LIMITS.apiKeyShownChars),
      keyHash: hashApiKey(key),
    })
    .returning();
  await changed(ctx);
  return { apiKey: (await present(ctx, [row]))[0], key };
}

export async function revokeApiKey(ctx: Ctx, id: string) {
  requireUuid(id, 'API key not found');
  const [row] = await ctx.db
    .update(apiKeys)
    .set({ isActive: false, revokedAt: sql`coalesce(${apiKeys.revokedAt}, now())` })
    .where(eq(apiKeys.id, id))
    .returning();
  if (!row) throw notFound('API key not found');
  await changed(ctx);
  return (await present(ctx, [row]))[0];
}
