import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { Badge, BadgeCode } from '../../../shared/contracts/badges';
import { EVENT_TYPES, topics } from '../../../shared/events';
import { BADGES_TEXTS } from '../../../shared/texts/badges';
import { isValidTimeZone, zonedParts } from '../../../shared/time';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { AppError, badRequest, notFound } from '../../infra/http/errors';
import { badges, userBadges } from './badges.table';
import { pageVisits } from './page-visits.table';

type Ctx = Pick<AppContext, 'db' | 'realtime'>;
type BadgeRow = typeof badges.$inferSelect;
const present = (b: BadgeRow): Badge => ({
  code: b.code,
  name: b.name,
  description: b.description,
  icon: b.icon,
  rarity: b.rarity as Badge['rarity'],
});

/** The catalogue, rarest first (ordered by rarity, descending). */
export async function listBadges(db: DbOrTx) {
  return (await db.select().from(badges).orderBy(desc(badges.rarityRank), badges.name)).map(present);
}

export async function myBadges(db: DbOrTx, userId: string) {
  const rows = await db
    .select({ id: userBadges.id, unlockedAt: userBadges.unlockedAt, b: badges })
    .from(userBadges)
    .innerJoin(badges, eq(badges.id, userBadges.badgeId))
    .where(eq(userBadges.userId, userId))
    .orderBy(desc(userBadges.unlockedAt));
  return rows.map((r) => ({ id: r.id, unlockedAt: r.unlockedAt.toISOString(), badge: present(r.b) }));
}

export const LONG_LISTENER_MS = 30 * 60_000;

/**
 * Where the server can check a rule itself, it does: night_owl against the member's local hour in the
 * zone the browser reports (02:00 to 03:59), long_listener against how long their event stream has been
 * connected, speed_demon against the page visits they reported. The other rules (hidden key sequences,
 * clicks, developer tools) happen only in the browser and are trusted, rate limited per member.
 */
export async function checkRule(
  ctx: Pick<AppContext, 'db' | 'realtime'>,
  userId: string,
  code: BadgeCode,
  input: { timeZone?: string },
  now = new Date(),
): Promise<boolean> {
  switch (code) {
    case 'night_owl': {
      if (!input.timeZone || !isValidTimeZone(input.timeZone)) throw badRequest('Tell us your time zone');
      const hour = zonedParts(now, input.timeZone).hour;
      return hour >= 2 && hour < 4;
    }
    case 'long_listener':
      return ctx.realtime.connectedMsOf(userId, now.getTime()) > LONG_LISTENER_MS;
    case 'speed_demon': {
      const [row] = await ctx.db
        .select({ n: sql<number>`count(DISTINCT ${pageVisits.path})::int` })
        .from(pageVisits)
        .where(
          and(eq(pageVisits.userId, userId), gt(pageVisits.visitedAt, new Date(now.getTime() - 10_000))),
        );
      return Number(row?.n ?? 0) >= 5;
    }
    default:
      return true;
  }
}

/** Unlocks a badge once (idempotent); the member's pages hear of it live. */
export async function unlockBadge(
  ctx: Ctx,
  userId: string,
  code: BadgeCode,
  input: { timeZone?: string },
  now = new Date(),
) {
  const [badge] = await ctx.db.select().from(badges).where(eq(badges.code, code));
  if (!badge) throw notFound('No such badge');
  if (!(await checkRule(ctx, userId, code, input, now)))
    throw new AppError('FORBIDDEN', BADGES_TEXTS.notEarned);
  const inserted = await ctx.db
    .insert(userBadges)
    .values({ userId, badgeId: badge.id })
    .onConflictDoNothing()
    .returning({ id: userBadges.id, unlockedAt: userBadges.unlockedAt });
  const out = { success: true, newlyUnlocked: inserted.length > 0, badge: present(badge) };
  if (out.newlyUnlocked) {
    await ctx.realtime.publish(topics.user(userId), EVENT_TYPES.badgeUnlocked, {
      id: inserted[0].id,
      unlockedAt: inserted[0].unlockedAt.toISOString(),
      badge: out.badge,
    });
  }
  return out;
}
