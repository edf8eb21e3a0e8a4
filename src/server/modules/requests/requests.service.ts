import { createHmac } from 'node:crypto';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  REQUEST_STATUSES,
  REQUEST_TRANSITIONS,
  type RequestStatus,
  type SongRequest,
} from '../../../shared/contracts/requests';
import { EVENT_TYPES, topics } from '../../../shared/events';
import { REQUESTS_TEXTS } from '../../../shared/texts/requests';
import type { AppContext } from '../../context';
import { queryRows } from '../../db/client';
import type { Actor } from '../../infra/http/access';
import { AppError, conflict, notFound, requireUuid } from '../../infra/http/errors';
import { profiles } from '../accounts/accounts.table';
import { notify } from '../notifications/notifications.service';
import { isBanned } from './banned-songs.service';
import { getRequestSettings } from './request-settings.service';
import { songRequests } from './requests.table';

type Ctx = Pick<AppContext, 'db' | 'realtime' | 'station' | 'config'>;
type Row = typeof songRequests.$inferSelect;

export interface NewRequest {
  requestType: SongRequest['requestType'];
  songTitle: string;
  artist: string;
  message: string;
  requesterName: string;
}

/** The requester for the per-requester limit: the account, or a keyed hash of the client address. */
export function requesterKey(actor: Actor | null, ip: string, secret: string) {
  if (actor) return `user:${actor.userId}`;
  return `ip:${createHmac('sha256', secret).update(ip).digest('base64url').slice(0, 22)}`;
}

/**
 * A request as its viewer may see it. Request managers see who asked (account, profile name, email);
 * everyone else sees only the name typed with the request, never an account id or a profile name.
 */
function present(
  r: Row,
  requester: { fullName: string | null; email: string } | null,
  forManager: boolean,
): SongRequest {
  return {
    id: r.id,
    requestType: r.requestType as SongRequest['requestType'],
    userId: forManager ? r.userId : null,
    songTitle: r.songTitle,
    artist: r.artist,
    message: r.message,
    requesterName: r.requesterName,
    status: r.status as RequestStatus,
    createdAt: r.createdAt.toISOString(),
    requester: requester && forManager ? { fullName: requester.fullName, email: requester.email } : null,
  };
}

/** Advisory-lock namespaces: one requester at a time, one song at a time (see submitRequest). */
const LOCK_REQUESTER = 727276;
const LOCK_SONG = 727277;

function tooSoon(cooldownMinutes: number, waitMs: number) {
  return Object.assign(
    new AppError('RATE_LIMITED', REQUESTS_TEXTS.tooSoon(cooldownMinutes, Math.ceil(waitMs / 60_000))),
    { retryAfterSeconds: Math.ceil(waitMs / 1000) },
  );
}

/**
 * Every rule is checked here, so a direct API call cannot bypass what the page shows. The cooldown and
 * the one-pending-per-song rule hold under simultaneous requests: the checks and the insert run in one
 * transaction holding a lock on the requester and one on the song (always in that order), so a second
 * request waits for the first to commit and then sees it.
 */
export async function submitRequest(ctx: Ctx, actor: Actor | null, ip: string, input: NewRequest) {
  const settings = await getRequestSettings(ctx);
  if (!settings.enabled) throw conflict(REQUESTS_TEXTS.disabled);
  if (!settings.liveNow) throw conflict(REQUESTS_TEXTS.noLiveDj);

  const key = requesterKey(actor, ip, ctx.config.authSecret);
  const isSong = input.requestType === 'song_request';
  const row = await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${LOCK_REQUESTER}::int, hashtext(${key}))`);
    if (settings.cooldownMinutes > 0) {
      const [last] = await tx
        .select({ createdAt: songRequests.createdAt })
        .from(songRequests)
        .where(eq(songRequests.requesterKey, key))
        .orderBy(desc(songRequests.createdAt))
        .limit(1);
      const waitMs = last ? last.createdAt.getTime() + settings.cooldownMinutes * 60_000 - Date.now() : 0;
      if (waitMs > 0) throw tooSoon(settings.cooldownMinutes, waitMs);
    }

    if (isSong) {
      await tx.execute(
        sql`SELECT pg_advisory_xact_lock(${LOCK_SONG}::int, hashtext(lower(${input.songTitle}) || chr(31) || lower(${input.artist})))`,
      );
      if (await isBanned(tx, input.songTitle, input.artist)) throw conflict(REQUESTS_TEXTS.banned);
      const [queued] = await tx
        .select({ id: songRequests.id })
        .from(songRequests)
        .where(
          and(
            eq(songRequests.requestType, 'song_request'),
            inArray(songRequests.status, ['pending', 'approved']),
            sql`lower(${songRequests.songTitle}) = lower(${input.songTitle})`,
            sql`lower(${songRequests.artist}) = lower(${input.artist})`,
          ),
        )
        .limit(1);
      if (queued) throw conflict(REQUESTS_TEXTS.alreadyRequested);
      if (settings.recentPlayMinutes > 0) {
        const played = await queryRows<{ n: number }>(
          tx,
          sql`SELECT count(*)::int AS n FROM song_plays p JOIN songs s ON s.id = p.song_id
              WHERE lower(s.title) = lower(${input.songTitle}) AND lower(s.artist) = lower(${input.artist})
                AND p.played_at > now() - (${settings.recentPlayMinutes}::int * interval '1 minute')`,
        );
        if (played[0].n > 0) throw conflict(REQUESTS_TEXTS.playedRecently(settings.recentPlayMinutes));
      }
    }

    const [inserted] = await tx
      .insert(songRequests)
      .values({
        requestType: input.requestType,
        userId: actor?.userId ?? null,
        songTitle: isSong ? input.songTitle : input.message,
        artist: isSong ? input.artist : 'N/A',
        message: input.message || null,
        requesterName: input.requesterName,
        requesterKey: key,
      })
      .returning();
    return inserted;
  });
  await ctx.realtime.publish(topics.public, EVENT_TYPES.requestsChanged, { id: row.id });
  return present(row, null, true); // the requester's own request, answered to them
}

export async function listRequests(
  ctx: Pick<AppContext, 'db'>,
  opts: { status?: RequestStatus; limit: number; forManager: boolean },
) {
  const where = opts.status ? eq(songRequests.status, opts.status) : undefined;
  const rows = await ctx.db
    .select({ r: songRequests, p: { fullName: profiles.fullName, email: profiles.email } })
    .from(songRequests)
    .leftJoin(profiles, eq(profiles.id, songRequests.userId))
    .where(where)
    .orderBy(desc(songRequests.createdAt))
    .limit(opts.limit);
  const grouped = await ctx.db
    .select({ status: songRequests.status, n: count() })
    .from(songRequests)
    .groupBy(songRequests.status);
  const counts = Object.fromEntries(REQUEST_STATUSES.map((s) => [s, 0])) as Record<RequestStatus, number>;
  for (const g of grouped) counts[g.status as RequestStatus] = Number(g.n);
  const total = opts.status ? counts[opts.status] : Object.values(counts).reduce((a, b) => a + b, 0);
  return {
    requests: rows.map(({ r, p }) =>
      present(r, p?.email ? { fullName: p.fullName, email: p.email } : null, opts.forManager),
    ),
    total,
    counts,
  };
}

/** Manager actions; any other transition is refused. The member hears when theirs is played. */
export async function setRequestStatus(ctx: Ctx, id: string, status: RequestStatus) {
  requireUuid(id, 'Request not found');
  const [current] = await ctx.db.select().from(songRequests).where(eq(songRequests.id, id));
  if (!current) throw notFound('Request not found');
  const from = current.status as RequestStatus;
  if (!REQUEST_TRANSITIONS[from].includes(status)) throw conflict(REQUESTS_TEXTS.badTransition(from, status));
  const [row] = await ctx.db
    .update(songRequests)
    .set({ status, updatedAt: new Date() })
    .where(and(eq(songRequests.id, id), eq(songRequests.status, from)))
    .returning();
  if (!row) throw conflict(REQUESTS_TEXTS.badTransition(from, status));
  await ctx.realtime.publish(topics.public, EVENT_TYPES.requestsChanged, { id });
  if (status === 'played' && row.userId) {
    const what =
      row.requestType === 'song_request'
        ? `"${row.songTitle}" by ${row.artist}`
        : `your ${row.requestType.replace('_', ' ')}`;
    await notify(ctx, row.userId, {
      title: REQUESTS_TEXTS.playedNotificationTitle,
      message: `We just played ${what}. Thanks for listening!`,
      link: '/requests',
    });
  }
  return present(row, null, true); // answered to the manager who changed it
}
