import { createHmac, randomInt } from 'node:crypto';
import { and, eq, gt, lt, ne, sql } from 'drizzle-orm';
import type { DiscordLinkView } from '../../../shared/contracts/discord';
import { EVENT_TYPES, topics } from '../../../shared/events';
import { DISCORD_TEXTS } from '../../../shared/texts/discord';
import type { AppContext } from '../../context';
import { type DbOrTx, queryRows } from '../../db/client';
import { AppError, badRequest, conflict } from '../../infra/http/errors';
import { profiles } from '../accounts/accounts.table';
import {
  discordInteractions,
  discordLinkCodes,
  discordLinkFailures,
  discordLinkGuards,
} from './discord.table';
import { linkingConfigured } from './discord-settings.service';

export const CODE_TTL_MS = 10 * 60_000;
export const MAX_WRONG_TRIES = 5;
const TRY_WINDOW_MINUTES = 10;

type Ctx = Pick<AppContext, 'db' | 'config' | 'realtime'>;

/** Codes are kept as an HMAC under the site's secret: a copy of the table does not reveal them. */
const hashCode = (config: AppContext['config'], code: string) =>
  createHmac('sha256', config.authSecret).update(`discord-link:${code}`).digest('hex');

/**
 * /link in Discord: a fresh 6-digit code for this Discord account (replacing any earlier one), valid
 * 10 minutes. Refused when this Discord account is already linked to a member.
 */
export async function issueLinkCode(
  ctx: Ctx,
  discord: { id: string; username: string },
  db: DbOrTx = ctx.db,
): Promise<{ code: string } | { linkedTo: string }> {
  const [linked] = await db
    .select({ id: profiles.id, fullName: profiles.fullName })
    .from(profiles)
    .where(eq(profiles.discordId, discord.id));
  if (linked) return { linkedTo: linked.fullName ?? 'a member' };
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const values = {
    discordId: discord.id,
    discordUsername: discord.username,
    codeHash: hashCode(ctx.config, code),
    expiresAt: new Date(Date.now() + CODE_TTL_MS),
  };
  await db
    .insert(discordLinkCodes)
    .values(values)
    .onConflictDoUpdate({ target: discordLinkCodes.discordId, set: { ...values, createdAt: new Date() } });
  return { code };
}

/** How long an answered interaction's id is kept: longer than the 5 minutes its signature is accepted. */
const INTERACTION_MEMORY_MINUTES = 15;

/**
 * /link answered once per Discord interaction: the id is recorded (a primary key, so two instances agree)
 * in the transaction that issues the code. A replay of the same signed request gets `{ replay: true }` and
 * changes nothing. Ids older than their signature window are forgotten on the way.
 */
export async function issueLinkCodeOnce(
  ctx: Ctx,
  interactionId: string,
  discord: { id: string; username: string },
): Promise<{ code: string } | { linkedTo: string } | { replay: true }> {
  return ctx.db.transaction(async (tx) => {
    await tx
      .delete(discordInteractions)
      .where(
        lt(discordInteractions.receivedAt, sql`now() - ${INTERACTION_MEMORY_MINUTES} * interval '1 minute'`),
      );
    const [fresh] = await tx
      .insert(discordInteractions)
      .values({ id: interactionId })
      .onConflictDoNothing()
      .returning({ id: discordInteractions.id });
    if (!fresh) return { replay: true as const };
    return issueLinkCode(ctx, discord, tx);
  });
}

export async function discordLinkView(
  ctx: Pick<AppContext, 'db' | 'config'>,
  userId: string,
): Promise<DiscordLinkView> {
  const [p] = await ctx.db
    .select({ discordId: profiles.discordId, discordUsername: profiles.discordUsername })
    .from(profiles)
    .where(eq(profiles.id, userId));
  return {
    configured: linkingConfigured(ctx.config),
    linked: p?.discordId ? { discordId: p.discordId, discordUsername: p.discordUsername ?? '' } : null,
  };
}

type Outcome = { ok: true; view: DiscordLinkView } | { ok: false; error: AppError };

/**
 * Redeems a code in this order: a code must exist ('Invalid or expired verification code'), equal
 * the one given ('Invalid verification code'), not be past its time ('Verification code has expired').
 * Tries are counted under a per-member row lock: at most 5 wrong ones in 10 minutes, even in parallel. The
 * code is deleted by the one conditional delete that redeems it, so it links one member once.
 */
export async function redeemLinkCode(ctx: Ctx, userId: string, rawCode: string) {
  if (!linkingConfigured(ctx.config)) throw conflict(DISCORD_TEXTS.linkNotConfigured);
  const code = rawCode.trim();
  const outcome = await ctx.db.transaction(async (tx): Promise<Outcome> => {
    await tx.insert(discordLinkGuards).values({ userId }).onConflictDoNothing();
    await queryRows(tx, sql`SELECT user_id FROM discord_link_guards WHERE user_id = ${userId} FOR UPDATE`);
    const [{ n, oldest }] = await queryRows<{ n: number; oldest: string | null }>(
      tx,
      sql`SELECT count(*)::int AS n, min(created_at) AS oldest FROM discord_link_failures
          WHERE user_id = ${userId} AND created_at > now() - ${TRY_WINDOW_MINUTES} * interval '1 minute'`,
    );
    if (Number(n) >= MAX_WRONG_TRIES) {
      const err = new AppError('RATE_LIMITED', DISCORD_TEXTS.tooManyTries);
      const freeAt = new Date(oldest as string).getTime() + TRY_WINDOW_MINUTES * 60_000;
      Object.assign(err, { retryAfterSeconds: Math.max(1, Math.ceil((freeAt - Date.now()) / 1000)) });
      return { ok: false, error: err };
    }
    const wrong = async (message: string) => {
      await tx.insert(discordLinkFailures).values({ userId });
      return { ok: false as const, error: badRequest(message) };
    };
    // That order. Codes come from Discord's /link, not from a member's own request, so the
    // "matching entry" is the code itself: one that is not six digits cannot equal any code
    // ('Invalid verification code'); six digits that match none are 'Invalid or expired'.
    if (!/^\d{6}$/.test(code)) return wrong(DISCORD_TEXTS.codeInvalid);
    const given = hashCode(ctx.config, code);
    const [found] = await tx.select().from(discordLinkCodes).where(eq(discordLinkCodes.codeHash, given));
    if (!found) return wrong(DISCORD_TEXTS.codeInvalidOrExpired);
    if (found.expiresAt.getTime() <= Date.now()) return wrong(DISCORD_TEXTS.codeExpired);
    const [redeemed] = await tx
      .delete(discordLinkCodes)
      .where(
        and(
          eq(discordLinkCodes.discordId, found.discordId),
          eq(discordLinkCodes.codeHash, given),
          gt(discordLinkCodes.expiresAt, new Date()),
        ),
      )
      .returning();
    if (!redeemed) return wrong(DISCORD_TEXTS.codeInvalidOrExpired);
    const [taken] = await tx
      .select({ id: profiles.id })
      .from(profiles)
      .where(and(eq(profiles.discordId, redeemed.discordId), ne(profiles.id, userId)));
    if (taken) return { ok: false, error: conflict(DISCORD_TEXTS.alreadyLinkedElsewhere) };
    await tx
      .update(profiles)
      .set({
        discordId: redeemed.discordId,
        discordUsername: redeemed.discordUsername,
        updatedAt: new Date(),
      })
      .where(eq(profiles.id, userId));
    return {
      ok: true,
      view: {
        configured: true,
        linked: { discordId: redeemed.discordId, discordUsername: redeemed.discordUsername },
      },
    };
  });
  if (!outcome.ok) throw outcome.error;
  await linkChanged(ctx, userId);
  return outcome.view;
}

export async function unlinkDiscord(ctx: Ctx, userId: string) {
  await ctx.db
    .update(profiles)
    .set({ discordId: null, discordUsername: null, updatedAt: new Date() })
    .where(eq(profiles.id, userId));
  await linkChanged(ctx, userId);
  return discordLinkView(ctx, userId);
}

async function linkChanged(ctx: Ctx, userId: string) {
  await ctx.realtime.publish(topics.user(userId), EVENT_TYPES.meChanged, {});
  await ctx.realtime.publish(topics.public, EVENT_TYPES.membersChanged, {});
}
