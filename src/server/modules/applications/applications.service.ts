import { and, desc, eq, ne, sql } from 'drizzle-orm';
import { APPLICATION_COOLDOWN_DAYS, type Application } from '../../../shared/contracts/applications';
import { EVENT_TYPES, topics } from '../../../shared/events';
import { EXTRA_ROLE_NAMES, formatRoleName } from '../../../shared/permissions';
import { APPLICATIONS_TEXTS } from '../../../shared/texts/applications';
import type { AppContext } from '../../context';
import type { DbOrTx, Tx } from '../../db/client';
import type { Actor } from '../../infra/http/access';
import { conflict, notFound, requireUuid } from '../../infra/http/errors';
import { getProfile, memberPromoted, roleChanged, setProfileRole } from '../accounts/accounts.service';
import { profiles } from '../accounts/accounts.table';
import { notify } from '../notifications/notifications.service';
import { roles, userRoleAssignments } from '../roles/roles.table';
import { applications } from './applications.table';

type Ctx = Pick<AppContext, 'db' | 'realtime' | 'log' | 'config' | 'events'>;
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

export async function myApplications(ctx: { db: DbOrTx }, userId: string) {
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
  // One application a week: the member's profile row is locked while the cooldown is read and the
  // application written, so simultaneous submissions queue and only the first gets through.
  const row = await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT 1 FROM ${profiles} WHERE ${profiles.id} = ${actor.userId} FOR UPDATE`);
    const mine = await myApplications({ db: tx }, actor.userId);
    if (!mine.canApply) throw conflict(APPLICATIONS_TEXTS.cooldown(mine.daysRemaining));
    const [inserted] = await tx
      .insert(applications)
      .values({ ...input, userId: actor.userId })
      .returning();
    return inserted;
  });
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
 * The applicant becomes a presenter, inside the approval's transaction. Approval never takes rights away:
 * an admin or presenter stays as they are; a profile role that is also a system role (news_reporter,
 * radio_manager, content_moderator) is kept as an assigned role; any other profile role (staff…) cannot be
 * carried, so the approval is refused until an admin changes that role in user management.
 */
async function makePresenter(tx: Tx, userId: string, reviewerId: string): Promise<boolean> {
  const profile = await getProfile(tx, userId);
  if (!profile || profile.role === 'admin' || profile.role === 'presenter') return false;
  if (profile.role !== 'user') {
    if (!(EXTRA_ROLE_NAMES as readonly string[]).includes(profile.role))
      throw conflict(APPLICATIONS_TEXTS.profileRoleWouldBeLost(formatRoleName(profile.role)));
    await tx.execute(
      sql`INSERT INTO ${userRoleAssignments} (user_id, role_id, assigned_by)
          SELECT ${userId}, ${roles.id}, ${reviewerId} FROM ${roles}
          WHERE ${roles.name} = ${profile.role} AND ${roles.isSystemRole}
          ON CONFLICT DO NOTHING`,
    );
  }
  await setProfileRole(tx, userId, 'presenter');
  return true;
}

/**
 * Approve or reject, only while pending. Approving makes the member a presenter in the same transaction,
 * then creates their streaming account; if that account cannot be made, the approval stands and the admin
 * is told.
 */
export async function reviewApplication(
  ctx: Ctx,
  reviewer: Actor,
  id: string,
  decision: 'approved' | 'rejected',
) {
  requireUuid(id, 'Application not found');
  const { row, promoted } = await ctx.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(applications)
      .set({ status: decision, reviewedBy: reviewer.userId, reviewedAt: new Date() })
      .where(and(eq(applications.id, id), eq(applications.status, 'pending')))
      .returning();
    if (!updated) {
      const [exists] = await tx
        .select({ id: applications.id })
        .from(applications)
        .where(eq(applications.id, id));
      if (!exists) throw notFound('Application not found');
      throw conflict(APPLICATIONS_TEXTS.notPending);
    }
    const made = decision === 'approved' && (await makePresenter(tx, updated.userId, reviewer.userId));
    return { row: updated, promoted: made };
  });
  if (promoted) await roleChanged(ctx, row.userId);
  let notice: string | null = null;
  if (decision === 'approved') {
    const account = await memberPromoted(ctx, row.userId);
    if (!account.ok) {
      notice = `Approved, but the streaming account could not be created: ${account.error}`;
      ctx.log.warn(
        { application: id, error: account.error },
        'streaming account creation failed on approval',
      );
    }
  }
  await notify(ctx, row.userId, {
    title: decision === 'approved' ? APPLICATIONS_TEXTS.approvedTitle : APPLICATIONS_TEXTS.rejectedTitle,
    message: decision === 'approved' ? APPLICATIONS_TEXTS.approved : APPLICATIONS_TEXTS.rejected,
    link: '/apply',
  });
  await changed(ctx, row.userId);
  return { application: present(row), notice };
}

/** How many reviewed applications the admin's list shows below the pending ones (newest decisions first). */
export const REVIEWED_LIST_LIMIT = 100;

/** The admin's Applications tab: every pending application, then the latest reviewed ones. */
export async function applicationsForReview(ctx: Pick<AppContext, 'db'>, which: 'pending' | 'all') {
  const pending = await pendingApplications(ctx);
  if (which === 'pending') return pending;
  const reviewed = await ctx.db
    .select()
    .from(applications)
    .where(ne(applications.status, 'pending'))
    .orderBy(desc(applications.reviewedAt), desc(applications.createdAt))
    .limit(REVIEWED_LIST_LIMIT);
  return [...pending, ...reviewed.map(present)];
}
