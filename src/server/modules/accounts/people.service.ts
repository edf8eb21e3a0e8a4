import { asc, ilike, inArray, sql } from 'drizzle-orm';
import { displayNameOf } from '../../../shared/contracts/accounts';
import type { PersonRef } from '../../../shared/contracts/staff';
import type { DbOrTx } from '../../db/client';
import { profiles } from '../accounts/accounts.table';

type ProfileLike = Pick<
  typeof profiles.$inferSelect,
  'id' | 'fullName' | 'email' | 'profilePicture' | 'role'
>;

/** A person as the panels show them: name (or the part of the email before the at sign), never the email. */
export const toPersonRef = (p: ProfileLike): PersonRef => ({
  id: p.id,
  name: displayNameOf({ fullName: p.fullName, email: p.email }),
  picture: p.profilePicture,
  role: p.role,
});

const shownName = sql`coalesce(nullif(trim(${profiles.fullName}), ''), split_part(${profiles.email}, '@', 1))`;

/** Members by the name people see (case-insensitive), for the panels' pickers (20 unless told). */
export async function searchPeople(db: DbOrTx, opts: { q?: string; role?: 'presenter'; limit?: number }) {
  const q = opts.q?.trim();
  const pattern = q ? `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const conds = [];
  if (pattern) conds.push(ilike(shownName, pattern));
  if (opts.role === 'presenter') conds.push(inArray(profiles.role, ['presenter', 'admin']));
  const rows = await db
    .select()
    .from(profiles)
    .where(conds.length ? sql.join(conds, sql` AND `) : undefined)
    .orderBy(asc(sql`lower(${shownName})`))
    .limit(opts.limit ?? 20);
  return rows.map(toPersonRef);
}

export async function peopleByIds(db: DbOrTx, ids: (string | null)[]): Promise<Map<string, PersonRef>> {
  const wanted = [...new Set(ids.filter((id): id is string => Boolean(id)))];
  if (wanted.length === 0) return new Map();
  const rows = await db.select().from(profiles).where(inArray(profiles.id, wanted));
  return new Map(rows.map((p) => [p.id, toPersonRef(p)]));
}
