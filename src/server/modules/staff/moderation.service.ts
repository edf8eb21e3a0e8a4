import { count, desc, eq, inArray } from 'drizzle-orm';
import type { ModerationOverview } from '../../../shared/contracts/staff';
import { EVENT_TYPES, topics } from '../../../shared/events';
import { LIMITS } from '../../../shared/limits';
import { PRESENTER_TEXTS } from '../../../shared/texts/staff';
import type { AppContext } from '../../context';
import type { Actor } from '../../infra/http/access';
import { badRequest, notFound } from '../../infra/http/errors';
import { profiles } from '../accounts/accounts.table';
import { peopleByIds } from '../accounts/people.service';
import { moderationLogs } from '../chat/chat.table';
import { notify } from '../notifications/notifications.service';
import { bannedSongs, songRequests } from '../requests/requests.table';
import { moderationWarnings } from './staff.table';

/**
 * The Moderator section: counts of bans (songs banned on the station, active), warnings given and
 * approvals (requests approved, played since), and the latest 100 actions of `moderation_logs`
 * (chat deletions, warnings).
 */
type Ctx = Pick<AppContext, 'db' | 'realtime'>;

export async function moderationOverview(ctx: Pick<AppContext, 'db'>): Promise<ModerationOverview> {
  const [[bans], [warnings], [approvals]] = await Promise.all([
    ctx.db.select({ n: count() }).from(bannedSongs).where(eq(bannedSongs.isActive, true)),
    ctx.db.select({ n: count() }).from(moderationWarnings),
    ctx.db
      .select({ n: count() })
      .from(songRequests)
      .where(inArray(songRequests.status, ['approved', 'played'])),
  ]);
  const rows = await ctx.db
    .select()
    .from(moderationLogs)
    .orderBy(desc(moderationLogs.createdAt))
    .limit(LIMITS.moderationLogLimit);
  const people = await peopleByIds(
    ctx.db,
    rows.flatMap((r) => [r.moderatorId, r.targetUserId]),
  );
  return {
    counts: { bans: Number(bans.n), warnings: Number(warnings.n), approvals: Number(approvals.n) },
    actions: rows.map((r) => ({
      id: r.id,
      actionType: r.actionType,
      moderator: (r.moderatorId && people.get(r.moderatorId)) || null,
      target: (r.targetUserId && people.get(r.targetUserId)) || null,
      reason: r.reason,
      details: r.details,
      createdAt: r.createdAt.toISOString(),
    })),
  };
}

/** A moderator warns a member: recorded, logged as a moderation action, and the member is notified. */
export async function warnMember(ctx: Ctx, moderator: Actor, input: { userId: string; reason: string }) {
  if (input.userId === moderator.userId) {
    throw badRequest(PRESENTER_TEXTS.notYourself, { userId: PRESENTER_TEXTS.notYourself });
  }
  const [target] = await ctx.db
    .select({ id: profiles.id })
    .from(profiles)
    .where(eq(profiles.id, input.userId));
  if (!target) throw notFound('Member not found');
  await ctx.db.transaction(async (tx) => {
    await tx
      .insert(moderationWarnings)
      .values({ userId: input.userId, moderatorId: moderator.userId, reason: input.reason });
    await tx.insert(moderationLogs).values({
      actionType: 'warning',
      moderatorId: moderator.userId,
      targetUserId: input.userId,
      reason: input.reason,
    });
  });
  await notify(ctx, input.userId, {
    title: PRESENTER_TEXTS.warningTitle,
    message: input.reason,
    link: null,
  });
  await ctx.realtime.publish(topics.capability('chat.moderate'), EVENT_TYPES.moderationChanged, {});
}
