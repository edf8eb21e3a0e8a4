import { and, desc, eq } from 'drizzle-orm';
import { APPLICATION_COOLDOWN_DAYS, type Application } from '../../../shared/contracts/applications';
import { EVENT_TYPES, topics } from '../../../shared/events';
import { TEXTS } from '../../../shared/texts';
import type { AppContext } from '../../context';
import type { Actor } from '../../infra/access';
import { conflict, notFound, requireUuid } from '../../infra/errors';
import { changeUserRole, getProfile } from '../accounts/accounts.service';
import { notify } from '../notifications/notifications.service';
import { ensureStreamingAccount } from '../station/station.service';
import { applications } from './applications.table';

type Ctx = Pick<AppContext, 'db' | 'realtime' | 'log' | 'config' | 'station'>;
type Row = typeof applications.$inferSelect;
const DAY = 86_400_000;

const present = (a: Row): Application => ({
  id: a.id,
  userId: a.userId,
  fullName: a.fullName,
  email: a.email,
  showConcept: a.showConcept,
  experience: a.experience,
  availability: a.availability,
  additionalInfo: a.additionalInfo,
  status: a.status as Application['status'],
  createdAt: a.createdAt.toISOString(),
  reviewedAt: a.reviewedAt?.toISOString() ?? null,
});

/** A member may apply again once their latest application is at least 7 days old (days shown rounded up). */
export function cooldown(latest: Date | null, now = Date.now()) {
  if (!latest) return { canApply: true, daysRemaining: 0 };
  const left = latest.getTime() + APPLICATION_COOLDOWN_DAYS * DAY - now;
  return left > 0
    ? { canApply: false, daysRemaining: Math.ceil(left / DAY) }
    : { canApply: true, daysRemaining: 0 };
}

export async function myApplications(ctx: Pick<AppContext, 'db'>, userId: string) {
  const rows = await ctx.db
    .select()
    .from(applications)
    .where(eq(applications.userId, userId))
    .orderBy(desc(applications.createdAt));
  return { applications: rows.map(present), ...cooldown(rows[0]?.createdAt ?? null) };
}

async function changed(ctx: Ctx, userId: string) {
  await ctx.realtime.publish(topics.capability('applications.review'), EVENT_TYPES.applicationsChanged, {});
  await ctx.realtime.publish(topics.user(userId), EVENT_TYPES.applicationsChanged, {});
}

export async function submitApplication(
  ctx: Ctx,
  actor: Actor,
  input: Omit<Application, 'id' | 'userId' | 'status' | 'createdAt' | 'reviewedAt'>,
) {
  const mine = await myApplications(ctx, actor.userId);
  if (!mine.canApply) throw conflict(TEXTS.applications.cooldown(mine.daysRemaining));
  const [row] = await ctx.db
    .insert(applications)
    .values({ ...input, userId: actor.userId })
    .returning();
  await changed(ctx, actor.userId);
  return present(row);
}

export async function pendingApplications(ctx: Pick<AppContext, 'db'>) {
  const rows = await ctx.db
    .select()
    .from(applications)
    .where(eq(applications.status, 'pending'))
    .orderBy(desc(applications.createdAt));
  return rows.map(present);
}

/**
 * Approve or reject, only while pending. Approving makes the member a presenter and creates their
 * streaming account; if that account cannot be made, the approval stands and the admin is told.
 */
export async function reviewApplication(
  ctx: Ctx,
  reviewer: Actor,
  id: string,
  decision: 'approved' | 'rejected',
) {
  requireUuid(id, 'Application not found');
  const [row] = await ctx.db
    .update(applications)
    .set({ status: decision, reviewedBy: reviewer.userId, reviewedAt: new Date() })
    .where(and(eq(applications.id, id), eq(applications.status, 'pending')))
    .returning();
  if (!row) {
    const [exists] = await ctx.db
      .select({ id: applications.id })
      .from(applications)
      .where(eq(applications.id, id));
    if (!exists) throw notFound('Application not found');
    throw conflict(TEXTS.applications.notPending);
  }
  let notice: string | null = null;
  if (decision === 'approved') {
    // The applicant becomes a presenter; an admin who applied stays admin (approval never demotes).
    const profile = await getProfile(ctx.db, row.userId);
    if (profile && profile.role !== 'admin' && profile.role !== 'presenter') {
      await changeUserRole(ctx, row.userId, 'presenter');
    }
    const account = await ensureStreamingAccount(ctx, row.userId);
    if (!account.ok) {
      notice = `Approved, but the streaming account could not be created: ${account.error}`;
      ctx.log.warn(
        { application: id, error: account.error },
        'streaming account creation failed on approval',
      );
    }
  }
  await notify(ctx, row.userId, {
    title: decision === 'approved' ? TEXTS.applications.approvedTitle : TEXTS.applications.rejectedTitle,
    message: decision === 'approved' ? TEXTS.applications.approved : TEXTS.applications.rejected,
    link: '/apply',
  });
  await changed(ctx, row.userId);
  return { application: present(row), notice };
}
