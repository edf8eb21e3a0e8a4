import { and, desc, eq, gte, isNotNull, lt, sql } from 'drizzle-orm';
import { displayNameOf } from '../../../shared/contracts/accounts';
import type { StaffAction, StaffActionName, StaffActionQuery } from '../../../shared/contracts/audit';
import { LIMITS } from '../../../shared/limits';
import type { DbOrTx } from '../../db/client';
import { profiles } from '../accounts/accounts.table';
import { staffActions } from './audit.table';

/**
 * Who did it: a signed-in member (by id), or an outside system acting for staff (a refund issued in
 * Stripe's dashboard arrives as Stripe's event).
 */
export type StaffActor = { userId: string } | { system: string };

export interface StaffActionInput {
  actor: StaffActor;
  action: StaffActionName;
  target?: { type: string; id: string | number | null };
  /** One line a person reads in the Developer section. */
  summary: string;
  before?: unknown;
  after?: unknown;
}

/** JSON as stored: dates become strings, undefined goes, so before and after read back as written. */
const asJson = (v: unknown) => (v === undefined ? null : (JSON.parse(JSON.stringify(v)) as unknown));

/**
 * Records one staff action. Call it with the transaction that makes the change, so the trail has the
 * action exactly when the change happened (both or neither). Any module may call it.
 */
export async function recordStaffAction(tx: DbOrTx, input: StaffActionInput): Promise<void> {
  let actorId: string | null = null;
  let actorName: string;
  if ('userId' in input.actor) {
    actorId = input.actor.userId;
    const [p] = await tx
      .select({ fullName: profiles.fullName, email: profiles.email })
      .from(profiles)
      .where(eq(profiles.id, actorId));
    actorName = p ? displayNameOf(p) : 'Unknown member';
    if (!p) actorId = null;
  } else actorName = input.actor.system;
  await tx.insert(staffActions).values({
    actorId,
    actorName,
    action: input.action,
    targetType: input.target?.type ?? null,
    targetId: input.target?.id == null ? null : String(input.target.id),
    summary: input.summary.slice(0, 500),
    before: asJson(input.before),
    after: asJson(input.after),
  });
}

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000);

/** The latest staff actions, newest first, filtered by actor, action and days (UTC, inclusive). */
export async function listStaffActions(
  db: DbOrTx,
  q: StaffActionQuery,
): Promise<{ actions: StaffAction[]; actors: { id: string; name: string }[] }> {
  const conds = [
    q.actorId ? eq(staffActions.actorId, q.actorId) : undefined,
    q.action ? eq(staffActions.action, q.action) : undefined,
    q.from ? gte(staffActions.createdAt, new Date(`${q.from}T00:00:00Z`)) : undefined,
    q.to ? lt(staffActions.createdAt, nextDay(q.to)) : undefined,
  ];
  const [rows, actors] = await Promise.all([
    db
      .select()
      .from(staffActions)
      .where(and(...conds))
      .orderBy(desc(staffActions.createdAt), desc(staffActions.id))
      .limit(LIMITS.staffActionListLimit),
    db
      .select({ id: sql<string>`${staffActions.actorId}`, name: sql<string>`max(${staffActions.actorName})` })
      .from(staffActions)
      .where(isNotNull(staffActions.actorId))
      .groupBy(staffActions.actorId)
      .orderBy(sql`max(${staffActions.actorName})`),
  ]);
  return {
    actions: rows.map((r) => ({
      id: r.id,
      action: r.action,
      actorId: r.actorId,
      actorName: r.actorName,
      targetType: r.targetType,
      targetId: r.targetId,
      summary: r.summary,
      before: r.before ?? null,
      after: r.after ?? null,
      createdAt: r.createdAt.toISOString(),
    })),
    actors,
  };
}

/** Entries older than a year go (the daily job). */
export async function pruneStaffActions(db: DbOrTx, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - LIMITS.staffActionRetentionDays * 86_400_000);
  const gone = await db
    .delete(staffActions)
    .where(lt(staffActions.createdAt, cutoff))
    .returning({ id: staffActions.id });
  return gone.length;
}
