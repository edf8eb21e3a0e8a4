import { and, count, desc, eq, inArray, isNull, or } from 'drizzle-orm';
import { displayNameOf } from '../../../shared/contracts/accounts';
import type { Report, ReportInput, ReportStatus } from '../../../shared/contracts/safety';
import { EVENT_TYPES, topics } from '../../../shared/events';
import { SAFETY_TEXTS } from '../../../shared/texts/safety';
import type { AppContext } from '../../context';
import { badRequest, conflict, notFound, pgErrorCode } from '../../infra/http/errors';
import { profiles } from '../accounts/accounts.table';
import { presenterChatMessages } from '../chat/chat.table';
import { conversations, directMessages } from '../messages/messages.table';
import { notify } from '../notifications/notifications.service';
import { reports } from './safety.table';

type Ctx = Pick<AppContext, 'db' | 'realtime'>;
type Row = typeof reports.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const EXCERPT = 500;
const queueChanged = (ctx: Ctx) =>
  ctx.realtime.publish(topics.capability('chat.moderate'), EVENT_TYPES.reportsChanged, {});

/** What is reported, and by whom it was written: a thing the reporter cannot see does not exist for them. */
async function resolveTarget(ctx: Ctx, reporterId: string, input: ReportInput) {
  const missing = () => notFound(SAFETY_TEXTS.reportNotFound);
  if (input.kind === 'member') {
    const [p] = await ctx.db
      .select({ id: profiles.id })
      .from(profiles)
      .where(eq(profiles.id, input.targetId));
    if (!p) throw missing();
    return { reportedUserId: p.id, excerpt: null };
  }
  if (!UUID.test(input.targetId)) throw missing();
  if (input.kind === 'chat') {
    const [m] = await ctx.db
      .select()
      .from(presenterChatMessages)
      .where(and(eq(presenterChatMessages.id, input.targetId), isNull(presenterChatMessages.deletedAt)));
    if (!m) throw missing();
    return { reportedUserId: m.userId, excerpt: m.content.slice(0, EXCERPT) };
  }
  const [m] = await ctx.db
    .select({ senderId: directMessages.senderId, content: directMessages.content })
    .from(directMessages)
    .innerJoin(conversations, eq(conversations.id, directMessages.conversationId))
    .where(
      and(
        eq(directMessages.id, input.targetId),
        or(eq(conversations.participant1, reporterId), eq(conversations.participant2, reporterId)),
      ),
    );
  if (!m) throw missing();
  return { reportedUserId: m.senderId, excerpt: m.content.slice(0, EXCERPT) };
}

async function present(ctx: Pick<AppContext, 'db'>, rows: Row[]): Promise<Report[]> {
  const ids = [
    ...new Set(rows.flatMap((r) => [r.reporterId, r.reportedUserId, r.handledBy]).filter((x) => x !== null)),
  ];
  const people =
    ids.length === 0
      ? new Map<string, { id: string; name: string }>()
      : new Map(
          (await ctx.db.select().from(profiles).where(inArray(profiles.id, ids))).map((p) => [
            p.id,
            { id: p.id, name: displayNameOf({ fullName: p.fullName, email: p.email }) },
          ]),
        );
  const person = (id: string | null) => (id ? (people.get(id) ?? null) : null);
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    targetId: r.targetId,
    reason: r.reason,
    status: r.status,
    excerpt: r.excerpt,
    reporter: person(r.reporterId),
    reported: person(r.reportedUserId),
    handledBy: person(r.handledBy),
    handledAt: r.handledAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
  }));
}

/** A member reports a chat message, a direct message or a member; the moderators' queue updates live. */
export async function submitReport(ctx: Ctx, reporterId: string, input: ReportInput) {
  const target = await resolveTarget(ctx, reporterId, input);
  if (target.reportedUserId === reporterId) throw badRequest(SAFETY_TEXTS.reportSelf);
  let row: Row;
  try {
    [row] = await ctx.db
      .insert(reports)
      .values({ reporterId, kind: input.kind, targetId: input.targetId, reason: input.reason, ...target })
      .returning();
  } catch (err) {
    if (pgErrorCode(err) === '23505') throw conflict(SAFETY_TEXTS.alreadyReported);
    throw err;
  }
  await queueChanged(ctx);
  return (await present(ctx, [row]))[0];
}

/** The moderators' queue: open reports oldest first (first come, first seen); handled ones newest first. */
export async function listReports(ctx: Pick<AppContext, 'db'>, status: ReportStatus | 'all') {
  const rows = await ctx.db
    .select()
    .from(reports)
    .where(status === 'all' ? undefined : eq(reports.status, status))
    .orderBy(status === 'open' ? reports.createdAt : desc(reports.createdAt))
    .limit(200);
  const [{ n }] = await ctx.db.select({ n: count() }).from(reports).where(eq(reports.status, 'open'));
  return { reports: await present(ctx, rows), openCount: Number(n) };
}

/** A moderator resolves or dismisses an open report; the reporter is told by a notification. */
export async function decideReport(
  ctx: Ctx,
  moderatorId: string,
  id: string,
  status: 'resolved' | 'dismissed',
) {
  if (!UUID.test(id)) throw notFound('Report not found');
  const [row] = await ctx.db
    .update(reports)
    .set({ status, handledBy: moderatorId, handledAt: new Date() })
    .where(and(eq(reports.id, id), eq(reports.status, 'open')))
    .returning();
  if (!row) {
    const [exists] = await ctx.db.select({ id: reports.id }).from(reports).where(eq(reports.id, id));
    throw exists ? conflict(SAFETY_TEXTS.reportAlreadyHandled) : notFound('Report not found');
  }
  if (row.reporterId) {
    await notify(ctx, row.reporterId, {
      title: SAFETY_TEXTS.reportHandledTitle,
      message: status === 'resolved' ? SAFETY_TEXTS.reportResolved : SAFETY_TEXTS.reportDismissed,
    });
  }
  await queueChanged(ctx);
  return (await present(ctx, [row]))[0];
}
