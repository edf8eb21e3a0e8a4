import { and, desc, eq, inArray, or } from 'drizzle-orm';
import { EVENT_TYPES, topics } from '../../../shared/events';
import { SAFETY_TEXTS } from '../../../shared/texts/safety';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { badRequest, notFound } from '../../infra/http/errors';
import { profiles } from '../accounts/accounts.table';
import { presentMember } from '../members/members.service';
import { blocks } from './safety.table';

type Ctx = Pick<AppContext, 'db' | 'realtime'>;

/** The members this member has blocked (chat and presenter chat hide them; they cannot message them). */
export async function blockedIds(db: DbOrTx, userId: string): Promise<Set<string>> {
  const rows = await db.select({ id: blocks.blockedId }).from(blocks).where(eq(blocks.blockerId, userId));
  return new Set(rows.map((r) => r.id));
}

/** Who of `ids` has blocked `userId`, or is blocked by them: either way no messages or mentions pass. */
export async function blockedEitherWay(db: DbOrTx, userId: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select()
    .from(blocks)
    .where(
      or(
        and(eq(blocks.blockerId, userId), inArray(blocks.blockedId, ids)),
        and(eq(blocks.blockedId, userId), inArray(blocks.blockerId, ids)),
      ),
    );
  return new Set(rows.map((r) => (r.blockerId === userId ? r.blockedId : r.blockerId)));
}

/** Whether `blocker` has blocked `blocked`. */
export async function hasBlocked(db: DbOrTx, blocker: string, blocked: string) {
  const [row] = await db
    .select({ id: blocks.blockedId })
    .from(blocks)
    .where(and(eq(blocks.blockerId, blocker), eq(blocks.blockedId, blocked)));
  return Boolean(row);
}

export async function listBlocks(db: DbOrTx, userId: string) {
  const rows = await db
    .select({ b: blocks, p: profiles })
    .from(blocks)
    .innerJoin(profiles, eq(profiles.id, blocks.blockedId))
    .where(eq(blocks.blockerId, userId))
    .orderBy(desc(blocks.createdAt));
  return rows.map(({ b, p }) => ({ member: presentMember(p), createdAt: b.createdAt.toISOString() }));
}

/** Blocks a member (again is fine). Only the blocker's own pages learn it: the blocked member is not told. */
export async function blockMember(ctx: Ctx, userId: string, otherId: string) {
  if (otherId === userId) throw badRequest(SAFETY_TEXTS.notYourself);
  const [other] = await ctx.db.select().from(profiles).where(eq(profiles.id, otherId));
  if (!other) throw notFound('Member not found');
  const [row] = await ctx.db
    .insert(blocks)
    .values({ blockerId: userId, blockedId: otherId })
    .onConflictDoUpdate({ target: [blocks.blockerId, blocks.blockedId], set: { blockerId: userId } })
    .returning();
  await ctx.realtime.publish(topics.user(userId), EVENT_TYPES.blocksChanged, { userId: otherId });
  return { member: presentMember(other), createdAt: row.createdAt.toISOString() };
}

export async function unblockMember(ctx: Ctx, userId: string, otherId: string) {
  const removed = await ctx.db
    .delete(blocks)
    .where(and(eq(blocks.blockerId, userId), eq(blocks.blockedId, otherId)))
    .returning();
  if (removed.length === 0) throw notFound('This member is not blocked');
  await ctx.realtime.publish(topics.user(userId), EVENT_TYPES.blocksChanged, { userId: otherId });
}
