import { and, asc, eq, ilike, inArray, notExists, or, sql } from 'drizzle-orm';
import { displayNameOf } from '../../../shared/contracts/accounts';
import type { Member } from '../../../shared/contracts/members';
import type { DbOrTx } from '../../db/client';
import { profiles } from '../accounts/accounts.table';
import { roles, userRoleAssignments } from '../roles/roles.table';
import { blocks } from '../safety/safety.table';

type ProfileRow = typeof profiles.$inferSelect;

/**
 * A member as another person sees them: never their email. A private profile (public profile off) shows
 * its name only: no picture, and the plain member role instead of its own (docs/product/members-and-community.md).
 */
export const presentMember = (p: ProfileRow): Member => ({
  id: p.id,
  displayName: displayNameOf({ fullName: p.fullName, email: p.email }),
  picture: p.publicProfile ? p.profilePicture : null,
  role: p.publicProfile ? p.role : 'user',
  createdAt: p.createdAt.toISOString(),
});

/**
 * The public member list: members who keep their profile public, by name, searchable (case-insensitive).
 * For a signed-in `viewerId`, the members blocked either way between them are left out.
 */
export async function listMembers(db: DbOrTx, q?: string, viewerId?: string) {
  const pattern = q ? `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const rows = await db
    .select()
    .from(profiles)
    .where(
      and(
        eq(profiles.publicProfile, true),
        // The name people see: the full name, else the part of the email before the at sign.
        pattern
          ? ilike(
              sql`coalesce(nullif(trim(${profiles.fullName}), ''), split_part(${profiles.email}, '@', 1))`,
              pattern,
            )
          : undefined,
        viewerId
          ? notExists(
              db
                .select({ one: sql`1` })
                .from(blocks)
                .where(
                  or(
                    and(eq(blocks.blockerId, viewerId), eq(blocks.blockedId, profiles.id)),
                    and(eq(blocks.blockedId, viewerId), eq(blocks.blockerId, profiles.id)),
                  ),
                ),
            )
          : undefined,
      ),
    )
    .orderBy(asc(sql`lower(coalesce(${profiles.fullName}, ${profiles.email}))`));
  return rows.map(presentMember);
}

export async function getMember(db: DbOrTx, id: string) {
  const [p] = await db.select().from(profiles).where(eq(profiles.id, id));
  return p ? presentMember(p) : null;
}

const socials = (p: ProfileRow) => ({
  twitter: p.publicProfile ? p.twitterUsername : null,
  twitch: p.publicProfile ? p.twitchUsername : null,
  instagram: p.publicProfile ? p.instagramUsername : null,
  youtube: p.publicProfile ? p.youtubeUsername : null,
  discord: p.publicProfile ? p.discordUsername : null,
});

/** The team page: core team (admin, presenter) and specialised roles from assignments. */
export async function teamPage(db: DbOrTx) {
  const core = await db
    .select()
    .from(profiles)
    .where(or(eq(profiles.role, 'admin'), eq(profiles.role, 'presenter')))
    .orderBy(sql`CASE ${profiles.role} WHEN 'admin' THEN 0 ELSE 1 END`, asc(profiles.fullName));
  const assigned = await db
    .select({ p: profiles, roleName: roles.name, roleFullName: roles.fullName })
    .from(userRoleAssignments)
    .innerJoin(roles, eq(roles.id, userRoleAssignments.roleId))
    .innerJoin(profiles, eq(profiles.id, userRoleAssignments.userId))
    .orderBy(asc(roles.fullName), asc(profiles.fullName));
  const groups = new Map<
    string,
    { role: string; roleName: string; members: ReturnType<typeof teamMember>[] }
  >();
  for (const a of assigned) {
    const g = groups.get(a.roleName) ?? { role: a.roleName, roleName: a.roleFullName, members: [] };
    g.members.push(teamMember(a.p));
    groups.set(a.roleName, g);
  }
  const specialised = [...groups.values()];
  const everyone = new Set([...core.map((p) => p.id), ...assigned.map((a) => a.p.id)]);
  return {
    core: core.map(teamMember),
    specialised,
    counts: { total: everyone.size, core: core.length, specialised: assigned.length },
  };
}

/** On the team page a private member is listed by name and team role, without picture or social names. */
const teamMember = (p: ProfileRow) => ({ ...presentMember(p), role: p.role, socials: socials(p) });

export async function profilesByIds(db: DbOrTx, ids: string[]) {
  if (ids.length === 0) return new Map<string, Member>();
  const rows = await db.select().from(profiles).where(inArray(profiles.id, ids));
  return new Map(rows.map((p) => [p.id, presentMember(p)]));
}

/** Whether a member has blocked someone or been blocked: only then does their member list differ. */
export async function inAnyBlock(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ one: sql`1` })
    .from(blocks)
    .where(or(eq(blocks.blockerId, userId), eq(blocks.blockedId, userId)))
    .limit(1);
  return Boolean(row);
}
