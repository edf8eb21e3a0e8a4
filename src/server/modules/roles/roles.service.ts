import { asc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { displayNameOf } from '../../../shared/contracts/accounts';
import type { Role, RoleAssignment } from '../../../shared/contracts/roles';
import { EVENT_TYPES, topics } from '../../../shared/events';
import { isProfileRoleName, PERMISSION_CATALOGUE } from '../../../shared/permissions';
import { ROLES_TEXTS } from '../../../shared/texts/roles';
import type { AppContext } from '../../context';
import { type DbOrTx, queryRows } from '../../db/client';
import type { Actor } from '../../infra/http/access';
import { badRequest, conflict, forbidden, notFound, requireUuid } from '../../infra/http/errors';
import { profiles } from '../accounts/accounts.table';
import { recordStaffAction } from '../audit/audit.service';
import { roles, userRoleAssignments } from './roles.table';

type RoleRow = typeof roles.$inferSelect;
type Ctx = Pick<AppContext, 'db' | 'realtime'>;

export interface RoleValues {
  name: string;
  fullName: string;
  description: string | null;
  permissions: string[];
}

/** The roles assigned to a member, with their permissions (input to computeAccess). */
export async function loadAssignedRoles(db: DbOrTx, userId: string) {
  return db
    .select({ name: roles.name, permissions: roles.permissions })
    .from(userRoleAssignments)
    .innerJoin(roles, eq(roles.id, userRoleAssignments.roleId))
    .where(eq(userRoleAssignments.userId, userId));
}

function presentRole(r: RoleRow, assignmentCount: number): Role {
  return {
    id: r.id,
    name: r.name,
    fullName: r.fullName,
    description: r.description,
    permissions: r.permissions,
    isSystemRole: r.isSystemRole,
    createdAt: r.createdAt.toISOString(),
    assignmentCount,
  };
}

function checkPermissions(perms: string[]): string[] {
  const unknown = perms.filter((p) => !(PERMISSION_CATALOGUE as readonly string[]).includes(p));
  if (unknown.length > 0)
    throw badRequest(`Unknown permission: ${unknown.join(', ')}`, { permissions: 'Unknown permission' });
  return [...new Set(perms)];
}

export async function listRoles(ctx: Pick<AppContext, 'db'>): Promise<Role[]> {
  // Counted in one grouped query (a correlated subquery here once compared the assignment's own id).
  const [rows, counts] = await Promise.all([
    ctx.db.select().from(roles).orderBy(asc(roles.createdAt), asc(roles.name)),
    ctx.db
      .select({ roleId: userRoleAssignments.roleId, n: sql<number>`count(*)::int` })
      .from(userRoleAssignments)
      .groupBy(userRoleAssignments.roleId),
  ]);
  const byRole = new Map(counts.map((c) => [c.roleId, Number(c.n)]));
  return rows.map((r) => presentRole(r, byRole.get(r.id) ?? 0));
}

async function getRole(db: DbOrTx, id: string): Promise<RoleRow> {
  requireUuid(id, 'Role not found');
  const [r] = await db.select().from(roles).where(eq(roles.id, id));
  if (!r) throw notFound('Role not found');
  return r;
}

async function holdersOf(db: DbOrTx, roleId: string) {
  const rows = await db
    .select({ userId: userRoleAssignments.userId })
    .from(userRoleAssignments)
    .where(eq(userRoleAssignments.roleId, roleId));
  return rows.map((r) => r.userId);
}

/** Members whose roles changed: their open pages re-read their rights. */
async function rolesChanged(ctx: Ctx, userIds: string[]) {
  for (const id of userIds)
    await ctx.realtime.publish(topics.user(id), EVENT_TYPES.meChanged, { reason: 'roles' });
}

/** An assigned role never takes a profile role's name: it would read as that role everywhere. */
function checkName(name: string) {
  if (isProfileRoleName(name))
    throw badRequest(ROLES_TEXTS.profileRoleName, { name: ROLES_TEXTS.profileRoleName });
}

/** What the audit trail keeps of a role. */
const roleState = (r: RoleRow) => ({
  name: r.name,
  fullName: r.fullName,
  description: r.description,
  permissions: r.permissions,
});

export async function createRole(ctx: Ctx, actor: Actor, input: RoleValues): Promise<Role> {
  checkName(input.name);
  const permissions = checkPermissions(input.permissions);
  const r = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(roles)
      .values({ ...input, permissions, isSystemRole: false })
      .onConflictDoNothing({ target: roles.name })
      .returning();
    if (!row) throw conflict(ROLES_TEXTS.nameTaken);
    await recordStaffAction(tx, {
      actor,
      action: 'role.create',
      target: { type: 'role', id: row.id },
      summary: `Role ${row.fullName} (${row.name})`,
      after: roleState(row),
    });
    return row;
  });
  return presentRole(r, 0);
}

/** System roles keep their name and permissions; only their display name and description change. */
export async function updateRole(ctx: Ctx, actor: Actor, id: string, input: RoleValues): Promise<Role> {
  const current = await getRole(ctx.db, id);
  const permissions = checkPermissions(input.permissions);
  if (current.isSystemRole) {
    const samePerms =
      permissions.length === current.permissions.length &&
      permissions.every((p) => current.permissions.includes(p));
    if (input.name !== current.name || !samePerms) throw forbidden(ROLES_TEXTS.systemRoleLocked);
  } else if (input.name !== current.name) {
    checkName(input.name);
    const [clash] = await ctx.db.select({ id: roles.id }).from(roles).where(eq(roles.name, input.name));
    if (clash) throw conflict(ROLES_TEXTS.nameTaken);
  }
  const r = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(roles)
      .set({ name: input.name, fullName: input.fullName, description: input.description, permissions })
      .where(eq(roles.id, id))
      .returning();
    await recordStaffAction(tx, {
      actor,
      action: 'role.update',
      target: { type: 'role', id },
      summary: `Role ${row.fullName} (${row.name})`,
      before: roleState(current),
      after: roleState(row),
    });
    return row;
  });
  await rolesChanged(ctx, await holdersOf(ctx.db, id));
  const [{ n }] = await queryRows<{ n: number }>(
    ctx.db,
    sql`SELECT count(*)::int AS n FROM user_role_assignments WHERE role_id = ${id}`,
  );
  return presentRole(r, Number(n));
}

export async function deleteRole(ctx: Ctx, actor: Actor, id: string) {
  const current = await getRole(ctx.db, id);
  if (current.isSystemRole) throw forbidden(ROLES_TEXTS.systemRoleLocked);
  const holders = await holdersOf(ctx.db, id);
  await ctx.db.transaction(async (tx) => {
    await tx.delete(roles).where(eq(roles.id, id)); // assignments go with it (cascade)
    await recordStaffAction(tx, {
      actor,
      action: 'role.delete',
      target: { type: 'role', id },
      summary: `Role ${current.fullName} (${current.name}), held by ${holders.length}`,
      before: { ...roleState(current), holders: holders.length },
      after: null,
    });
  });
  await rolesChanged(ctx, holders);
}

const assigner = alias(profiles, 'assigner');

export async function listAssignments(
  ctx: Pick<AppContext, 'db'>,
  where?: { ids?: string[] },
): Promise<RoleAssignment[]> {
  const rows = await ctx.db
    .select({
      a: userRoleAssignments,
      p: profiles,
      r: roles,
      by: { fullName: assigner.fullName, email: assigner.email },
    })
    .from(userRoleAssignments)
    .innerJoin(profiles, eq(profiles.id, userRoleAssignments.userId))
    .innerJoin(roles, eq(roles.id, userRoleAssignments.roleId))
    .leftJoin(assigner, eq(assigner.id, userRoleAssignments.assignedBy))
    .where(where?.ids ? inArray(userRoleAssignments.id, where.ids) : undefined)
    .orderBy(sql`${userRoleAssignments.assignedAt} DESC`);
  return rows.map(({ a, p, r, by }) => ({
    id: a.id,
    userId: a.userId,
    roleId: a.roleId,
    assignedBy: a.assignedBy,
    assignedAt: a.assignedAt.toISOString(),
    user: {
      id: p.id,
      fullName: p.fullName,
      email: p.email,
      displayName: displayNameOf({ fullName: p.fullName, email: p.email }),
    },
    role: { id: r.id, name: r.name, fullName: r.fullName },
    assignedByName: by?.email ? displayNameOf({ fullName: by.fullName, email: by.email }) : null,
  }));
}

export async function assignRole(ctx: Ctx, actor: Actor, input: { userId: string; roleId: string }) {
  const role = await getRole(ctx.db, input.roleId);
  const [target] = await ctx.db
    .select({ id: profiles.id })
    .from(profiles)
    .where(eq(profiles.id, input.userId));
  if (!target) throw notFound('User not found');
  const a = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(userRoleAssignments)
      .values({ userId: input.userId, roleId: role.id, assignedBy: actor.userId })
      .onConflictDoNothing()
      .returning();
    if (!row) throw conflict(ROLES_TEXTS.duplicateAssignment);
    await recordStaffAction(tx, {
      actor,
      action: 'role.assign',
      target: { type: 'user', id: input.userId },
      summary: `${await nameOf(tx, input.userId)} now holds ${role.fullName}`,
      before: null,
      after: { role: role.name },
    });
    return row;
  });
  await rolesChanged(ctx, [input.userId]);
  const [out] = await listAssignments(ctx, { ids: [a.id] });
  return out;
}

async function nameOf(db: DbOrTx, userId: string) {
  const [p] = await db
    .select({ fullName: profiles.fullName, email: profiles.email })
    .from(profiles)
    .where(eq(profiles.id, userId));
  return p ? displayNameOf(p) : 'A member';
}

export async function removeAssignment(ctx: Ctx, actor: Actor, id: string) {
  requireUuid(id, 'Assignment not found');
  const a = await ctx.db.transaction(async (tx) => {
    const [row] = await tx.delete(userRoleAssignments).where(eq(userRoleAssignments.id, id)).returning();
    if (!row) throw notFound('Assignment not found');
    const [role] = await tx
      .select({ name: roles.name, fullName: roles.fullName })
      .from(roles)
      .where(eq(roles.id, row.roleId));
    await recordStaffAction(tx, {
      actor,
      action: 'role.unassign',
      target: { type: 'user', id: row.userId },
      summary: `${await nameOf(tx, row.userId)} no longer holds ${role?.fullName ?? 'a role'}`,
      before: { role: role?.name ?? row.roleId },
      after: null,
    });
    return row;
  });
  await rolesChanged(ctx, [a.userId]);
}
