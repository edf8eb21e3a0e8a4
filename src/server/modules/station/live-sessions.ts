import { and, desc, eq, gte, isNull, max, or, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { listenerSamples } from '../admin/listener-samples.table';
import { songPlays } from '../library/library.table';
import { currentSlot } from '../schedule/schedule.service';
import { ownSlotAround } from './live-gate';
import { liveSessions, presenterStreamingAccounts } from './station.table';

/**
 * Live sessions (table live_sessions): one row per DJ connection to the built-in engine's harbor, from
 * the connect the engine reports to the disconnect (or the engine stopping or dying mid-show). The
 * recordings and the analytics read them; now playing writes them as the engine reports.
 */

export type LiveSessionRow = typeof liveSessions.$inferSelect;

/** What a live session is called when no booked slot is on air. */
export const UNBOOKED_SHOW_TITLE = 'Live show';

type Ctx = Pick<AppContext, 'db' | 'config'>;

/**
 * A DJ connected: closes whatever is still open (one DJ at a time on the harbor, so an open row is a
 * disconnect that never arrived), then opens the new session with the presenter behind the streaming
 * account and the booked slot: the presenter's own approved slot within 10 minutes of now (going live a
 * little early or late), else the approved slot on air now; its show name, else "Live show".
 */
export async function openLiveSession(
  ctx: Ctx,
  dj: { streamerUsername: string; format?: string | null; bitrate?: number | null; at?: Date },
): Promise<LiveSessionRow> {
  const at = dj.at ?? new Date();
  const [account] = await ctx.db
    .select({ userId: presenterStreamingAccounts.userId })
    .from(presenterStreamingAccounts)
    .where(eq(presenterStreamingAccounts.username, dj.streamerUsername));
  // The presenter's own slot (give or take 10 minutes: going live early for it), else the one on air.
  const slot =
    (account ? await ownSlotAround(ctx, account.userId, at) : null) ?? (await currentSlot(ctx, at));
  return ctx.db.transaction(async (tx) => {
    await closeOpenSessions(tx, at);
    const [row] = await tx
      .insert(liveSessions)
      .values({
        streamerUsername: dj.streamerUsername,
        presenterId: account?.userId ?? null,
        slotId: slot?.id ?? null,
        showTitle: slot?.showName ?? UNBOOKED_SHOW_TITLE,
        startedAt: at,
        format: dj.format ?? null,
        bitrate: dj.bitrate ?? null,
      })
      .returning();
    return row;
  });
}

/** The DJ left, or the engine stopped: every open session ends at `at` (never before it began). */
export async function closeOpenSessions(db: DbOrTx, at = new Date()): Promise<LiveSessionRow[]> {
  return db
    .update(liveSessions)
    .set({ endedAt: sql`GREATEST(${liveSessions.startedAt}, ${at.toISOString()}::timestamptz)` })
    .where(isNull(liveSessions.endedAt))
    .returning();
}

/**
 * At start-up (the built-in engine runs as the app's child, so it died with the previous run): a
 * session still open lost its disconnect. It is closed at its last known time: the latest moment the
 * previous run is known to have been alive after the session began (its last recorded play or its last
 * per-minute listener sample), else the session's own start (an empty show is better than an invented
 * one that lasts until now). Returns the sessions closed.
 */
export async function closeSessionsLeftOpen(db: DbOrTx): Promise<LiveSessionRow[]> {
  const open = await db.select().from(liveSessions).where(isNull(liveSessions.endedAt));
  const closed: LiveSessionRow[] = [];
  for (const s of open) {
    const [plays] = await db
      .select({ at: max(songPlays.playedAt) })
      .from(songPlays)
      .where(gte(songPlays.playedAt, s.startedAt));
    const [samples] = await db
      .select({ at: max(listenerSamples.sampledAt) })
      .from(listenerSamples)
      .where(gte(listenerSamples.sampledAt, s.startedAt));
    const evidence = [plays?.at, samples?.at]
      .filter((d): d is Date => d instanceof Date || typeof d === 'string')
      .map((d) => new Date(d).getTime())
      .filter((ms) => ms <= Date.now());
    const endedAt = new Date(Math.max(s.startedAt.getTime(), ...evidence));
    const [row] = await db
      .update(liveSessions)
      .set({ endedAt })
      .where(and(eq(liveSessions.id, s.id), isNull(liveSessions.endedAt)))
      .returning();
    if (row) closed.push(row);
  }
  return closed;
}

/** The session on air now, if any. */
export async function openSession(db: DbOrTx): Promise<LiveSessionRow | null> {
  const [row] = await db
    .select()
    .from(liveSessions)
    .where(isNull(liveSessions.endedAt))
    .orderBy(desc(liveSessions.startedAt))
    .limit(1);
  return row ?? null;
}

/** The open session of this member: their profile, or their streaming account's user name. */
export async function openSessionOf(
  db: DbOrTx,
  member: { userId: string; streamerUsername: string | null },
): Promise<LiveSessionRow | null> {
  const mine = member.streamerUsername
    ? or(
        eq(liveSessions.presenterId, member.userId),
        eq(liveSessions.streamerUsername, member.streamerUsername),
      )
    : eq(liveSessions.presenterId, member.userId);
  const [row] = await db
    .select()
    .from(liveSessions)
    .where(and(isNull(liveSessions.endedAt), mine))
    .orderBy(desc(liveSessions.startedAt))
    .limit(1);
  return row ?? null;
}
