import { and, desc, eq, sql } from 'drizzle-orm';
import { displayNameOf } from '../../../shared/contracts/accounts';
import type { BannedSong } from '../../../shared/contracts/banned-songs';
import { EVENT_TYPES, topics } from '../../../shared/events';
import { BANNED_TEXTS } from '../../../shared/texts/banned-songs';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { conflict, notFound, requireUuid } from '../../infra/http/errors';
import { profiles } from '../accounts/accounts.table';
import { recordStaffAction, type StaffActor } from '../audit/audit.service';
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
  const row = await ctx.db.transaction(async (tx) => {
    const [r] = await tx
      .insert(bannedSongs)
      .values({ ...input, bannedBy: actorId })
      .onConflictDoNothing()
      .returning({ id: bannedSongs.id });
    if (!r) throw conflict(BANNED_TEXTS.duplicate);
    await recordStaffAction(tx, {
      actor: { userId: actorId },
      action: 'ban.add',
      target: { type: 'banned_song', id: r.id },
      summary: `${input.title} by ${input.artist}`,
      before: null,
      after: input,
    });
    return r;
  });
  await changed(ctx);
  return one(ctx.db, row.id);
}

export async function setBanActive(
  ctx: Ctx,
  id: string,
  isActive: boolean,
  actor: StaffActor = { system: 'The app' },
) {
  requireUuid(id, 'Banned song not found');
  await ctx.db.transaction(async (tx) => {
    const [was] = await tx.select().from(bannedSongs).where(eq(bannedSongs.id, id)).for('update');
    if (!was) throw notFound('Banned song not found');
    await tx.update(bannedSongs).set({ isActive }).where(eq(bannedSongs.id, id));
    if (was.isActive !== isActive)
      await recordStaffAction(tx, {
        actor,
        action: 'ban.toggle',
        target: { type: 'banned_song', id },
        summary: `${was.title} by ${was.artist}: ${isActive ? 'active' : 'inactive'}`,
        before: { isActive: was.isActive },
        after: { isActive },
      });
  });
  await changed(ctx);
  return one(ctx.db, id);
}

export async function deleteBan(ctx: Ctx, id: string, actor: StaffActor = { system: 'The app' }) {
  requireUuid(id, 'Banned song not found');
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx.delete(bannedSongs).where(eq(bannedSongs.id, id)).returning();
    if (!row) throw notFound('Banned song not found');
    await recordStaffAction(tx, {
      actor,
      action: 'ban.delete',
      target: { type: 'banned_song', id },
      summary: `${row.title} by ${row.artist}`,
      before: { title: row.title, artist: row.artist, reason: row.reason, isActive: row.isActive },
      after: null,
    });
  });
  await changed(ctx);
}
