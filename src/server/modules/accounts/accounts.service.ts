import { desc, eq, sql } from 'drizzle-orm';
import {
  displayNameOf,
  type Me,
  type Profile,
  type UpdateProfileInput,
  type UserListItem,
} from '../../../shared/contracts/accounts';
import { EVENT_TYPES, topics } from '../../../shared/events';
import { computeAccess, type ProfileRole } from '../../../shared/permissions';
import { ROLES_TEXTS } from '../../../shared/texts/roles';
import { SHOP_TEXTS } from '../../../shared/texts/shop';
import type { AppContext } from '../../context';
import { type DbOrTx, queryRows, type Tx } from '../../db/client';
import type { Actor } from '../../infra/http/access';
import { conflict, forbidden, notFound } from '../../infra/http/errors';
import { recordStaffAction, type StaffActor } from '../audit/audit.service';
import { loadAssignedRoles } from '../roles/roles.service';
import { profiles } from './accounts.table';
import { user } from './auth.table';
import { memberExtrasSlot } from './member-extras';

type ProfileRow = typeof profiles.$inferSelect;

async function countAdmins(db: DbOrTx) {
  const [{ admins }] = await queryRows<{ admins: number }>(
    db,
    sql`SELECT count(*)::int AS admins FROM profiles WHERE role = 'admin'`,
  );
  return admins;
}

/**
 * Every change that adds or removes an admin takes this transaction lock first, so the admin count it reads
 * is the one it changes (two admins demoting each other at the same moment cannot both succeed).
 */
async function lockAdminCount(tx: Tx) {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(727275)`);
}

/**
 * Creates the profile of a user better-auth has just inserted. The first profile on an empty site
 * becomes its admin; the admin-count lock makes two simultaneous first sign-ups agree on one admin.
 */
export async function createProfileForNewUser(db: DbOrTx, u: { id: string; email: string; name: string }) {
  await db.transaction(async (tx) => {
    await lockAdminCount(tx);
    const admins = await countAdmins(tx);
    await tx
      .insert(profiles)
      .values({
        id: u.id,
        email: u.email,
        fullName: u.name.trim() || null,
        role: admins === 0 ? 'admin' : 'user',
      })
      .onConflictDoNothing();
  });
}

export function presentProfile(p: ProfileRow): Profile {
  return {
    id: p.id,
    fullName: p.fullName,
    email: p.email,
    role: p.role as ProfileRole,
    profilePicture: p.profilePicture,
    twitterUsername: p.twitterUsername,
    twitchUsername: p.twitchUsername,
    instagramUsername: p.instagramUsername,
    youtubeUsername: p.youtubeUsername,
    tiktokUsername: p.tiktokUsername,
    discordUsername: p.discordUsername,
    showName: p.showName,
    showDescription: p.showDescription,
    bio: p.bio,
    themePreference: p.themePreference,
    showInTopSupporters: p.showInTopSupporters,
    publicProfile: p.publicProfile,
    createdAt: p.createdAt.toISOString(),
  };
}

export async function getProfile(db: DbOrTx, userId: string): Promise<ProfileRow | null> {
  const [p] = await db.select().from(profiles).where(eq(profiles.id, userId));
  return p ?? null;
}

/** Resolves the caller's rights from their profile role and assigned roles (one place: computeAccess). */
export async function loadActor(
  db: DbOrTx,
  session: { userId: string; sessionId: string; email: string; name: string },
): Promise<Actor | null> {
  let profile = await getProfile(db, session.userId);
  if (!profile) {
    // A user without a profile (its creation failed half-way): create it now rather than lock them out.
    await createProfileForNewUser(db, { id: session.userId, email: session.email, name: session.name });
    profile = await getProfile(db, session.userId);
    if (!profile) return null;
  }
  const assigned = await loadAssignedRoles(db, session.userId);
  return {
    userId: session.userId,
    email: profile.email,
    signUpName: session.name,
    sessionId: session.sessionId,
    access: computeAccess(profile.role, assigned),
    profile: presentProfile(profile),
  };
}

/**
 * The caller's account, profile and rights. Answers from the profile the actor was resolved with (kept
 * current by the actor cache); `fresh` reads it again, right after the caller changed it.
 */
export async function getMe(
  ctx: Pick<AppContext, 'db'>,
  actor: Actor,
  opts: { fresh?: boolean } = {},
): Promise<Me> {
  let profile = opts.fresh ? undefined : actor.profile;
  if (!profile) {
    const row = await getProfile(ctx.db, actor.userId);
    if (!row) throw notFound('Profile not found');
    profile = presentProfile(row);
  }
  return {
    user: { id: actor.userId, email: actor.email, name: actor.signUpName },
    profile,
    displayName: displayNameOf({
      fullName: profile.fullName,
      signUpName: actor.signUpName,
      email: profile.email,
    }),
    roles: actor.access.roles,
    permissions: actor.access.permissions,
    capabilities: actor.access.capabilities,
    isAdmin: actor.access.isAdmin,
    isPresenter: actor.access.isPresenter,
    tokenBalance: await memberExtrasSlot.of(ctx).tokenBalance(ctx.db, actor.userId),
  };
}

export async function updateOwnProfile(
  ctx: Pick<AppContext, 'db' | 'realtime'>,
  actor: Actor,
  input: UpdateProfileInput,
) {
  const values = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
  // A premium theme is chosen only by someone who owns it (a shop purchase); default is free.
  const theme = input.themePreference;
  if (theme && !(await memberExtrasSlot.of(ctx).ownsTheme(ctx.db, actor.userId, theme)))
    throw forbidden(SHOP_TEXTS.themeNotOwned);
  if (Object.keys(values).length > 0) {
    await ctx.db
      .update(profiles)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(profiles.id, actor.userId));
    // Open member lists follow a change of what they show (privacy, names).
    await ctx.realtime.publish(topics.public, EVENT_TYPES.membersChanged, { id: actor.userId });
  }
  return getMe(ctx, actor, { fresh: true });
}

function presentUser(p: ProfileRow, signUpName: string | null): UserListItem {
  return {
    id: p.id,
    fullName: p.fullName,
    email: p.email,
    role: p.role as ProfileRole,
    createdAt: p.createdAt.toISOString(),
    displayName: displayNameOf({ fullName: p.fullName, signUpName, email: p.email }),
  };
}

/** All members, newest first (admin user management). */
export async function listUsers(ctx: Pick<AppContext, 'db'>): Promise<UserListItem[]> {
  const rows = await ctx.db
    .select({ p: profiles, name: user.name })
    .from(profiles)
    .innerJoin(user, eq(user.id, profiles.id))
    .orderBy(desc(profiles.createdAt));
  return rows.map((r) => presentUser(r.p, r.name));
}

/**
 * Sets a member's profile role inside the caller's transaction. The last admin is never demoted: the count
 * and the change happen under the admin-count lock. The caller tells the member after commit (roleChanged).
 */
export async function setProfileRole(tx: Tx, targetId: string, role: ProfileRole): Promise<ProfileRow> {
  await lockAdminCount(tx);
  const current = await getProfile(tx, targetId);
  if (!current) throw notFound('User not found');
  if (current.role === 'admin' && role !== 'admin' && (await countAdmins(tx)) <= 1) {
    throw conflict(ROLES_TEXTS.lastAdmin);
  }
  const [p] = await tx
    .update(profiles)
    .set({ role, updatedAt: new Date() })
    .where(eq(profiles.id, targetId))
    .returning();
  return p;
}

/** The member's open pages re-read their rights. */
export async function roleChanged(ctx: Pick<AppContext, 'realtime'>, userId: string) {
  await ctx.realtime.publish(topics.user(userId), EVENT_TYPES.meChanged, { reason: 'role' });
}

/** Changes a member's profile role; the member's open pages learn of it at once. */
export async function changeUserRole(
  ctx: Pick<AppContext, 'db' | 'realtime'>,
  actor: StaffActor,
  targetId: string,
  role: ProfileRole,
): Promise<UserListItem> {
  const p = await ctx.db.transaction(async (tx) => {
    const before = await getProfile(tx, targetId);
    const after = await setProfileRole(tx, targetId, role);
    if (before && before.role !== after.role)
      await recordStaffAction(tx, {
        actor,
        action: 'user.role',
        target: { type: 'user', id: targetId },
        summary: `${displayNameOf(after)}: ${before.role} → ${after.role}`,
        before: { role: before.role },
        after: { role: after.role },
      });
    return after;
  });
  await roleChanged(ctx, targetId);
  const [u] = await ctx.db.select({ name: user.name }).from(user).where(eq(user.id, targetId));
  return presentUser(p, u?.name ?? null);
}

/** One member as the admin's user list shows them. */
export async function getUserListItem(ctx: Pick<AppContext, 'db'>, id: string): Promise<UserListItem | null> {
  const [row] = await ctx.db
    .select({ p: profiles, name: user.name })
    .from(profiles)
    .innerJoin(user, eq(user.id, profiles.id))
    .where(eq(profiles.id, id));
  return row ? presentUser(row.p, row.name) : null;
}

/**
 * A member became a presenter: `member.promoted` is emitted (the station makes their streaming account).
 * Answers whether every reaction succeeded, with the first error; a failure never undoes the promotion.
 */
export async function memberPromoted(
  ctx: Pick<AppContext, 'events'>,
  userId: string,
): Promise<{ ok: boolean; error?: string }> {
  const answers = await ctx.events.emit('member.promoted', { userId });
  return answers.find((a) => !a.ok) ?? { ok: true };
}
