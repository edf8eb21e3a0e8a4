import { and, desc, eq, sql } from 'drizzle-orm';
import { displayNameOf } from '../../../shared/contracts/accounts';
import type { BannedSong } from '../../../shared/contracts/banned-songs';
import { EVENT_TYPES, topics } from '../../../shared/events';
import { TEXTS } from '../../../shared/texts';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { conflict, notFound, requireUuid } from '../../infra/errors';
import { profiles } from '../accounts/accounts.table';
import { bannedSongs } from './requests.table';

type Ctx = Pick<AppContext, 'db' | 'realtime'>;

export async function isBanned(db: DbOrTx, title: string, artist: string) {
  const [row] = await db
    .select({ id: bannedSongs.id })
    .from(bannedSongs)
    .where(
      and(
        eq(bannedSongs.isActive, true),
        sql`lower(${bannedSongs.title}) = lower(${title})`,
        sql`lower(${bannedSongs.artist}) = lower(${artist})`,
      ),
    );
  return Boolean(row);
}

/** Newest ban first; inactive ones only when asked (admins); the banner's email only for admins. */
export async function listBannedSongs(
  db: DbOrTx,
  opts: { includeInactive: boolean; withEmail: boolean; id?: string },
): Promise<BannedSong[]> {
  const rows = await db
    .select({ b: bannedSongs, p: { fullName: profiles.fullName, email: profiles.email } })
    .from(bannedSongs)
    .leftJoin(profiles, eq(profiles.id, bannedSongs.bannedBy))
    .where(
      and(
        opts.includeInactive ? undefined : eq(bannedSongs.isActive, true),
        opts.id ? eq(bannedSongs.id, opts.id) : undefined,
      ),
    )
    .orderBy(desc(bannedSongs.bannedAt));
  return rows.map(({ b, p }) => ({
    id: b.id,
    title: b.title,
    artist: b.artist,
    reason: b.reason,
    bannedAt: b.bannedAt.toISOString(),
    isActive: b.isActive,
    bannedBy: p?.email
      ? {
          name: displayNameOf({ fullName: p.fullName, email: p.email }),
          email: opts.withEmail ? p.email : null,
        }
      : null,
  }));
}

async function one(db: DbOrTx, id: string) {
  const [song] = await listBannedSongs(db, { includeInactive: true, withEmail: true, id });
  return song;
}

const changed = (ctx: Ctx) => ctx.realtime.publish(topics.public, EVENT_TYPES.bannedSongsChanged, {});

export async function banSong(
  ctx: Ctx,
  actorId: string,
  input: { title: string; artist: string; reason: string | null },
) {
  const [row] = await ctx.db
    .insert(bannedSongs)
    .values({ ...input, bannedBy: actorId })
    .onConflictDoNothing()
    .returning({ id: bannedSongs.id });
  if (!row) throw conflict(TEXTS.banned.duplicate);
  await changed(ctx);
  return one(ctx.db, row.id);
}

export async function setBanActive(ctx: Ctx, id: string, isActive: boolean) {
  requireUuid(id, 'Banned song not found');
  const [row] = await ctx.db.update(bannedSongs).set({ isActive }).where(eq(bannedSongs.id, id)).returning();
  if (!row) throw notFound('Banned song not found');
  await changed(ctx);
  return one(ctx.db, id);
}

export async function deleteBan(ctx: Ctx, id: string) {
  requireUuid(id, 'Banned song not found');
  const rows = await ctx.db
    .delete(bannedSongs)
    .where(eq(bannedSongs.id, id))
    .returning({ id: bannedSongs.id });
  if (rows.length === 0) throw notFound('Banned song not found');
  await changed(ctx);
}
