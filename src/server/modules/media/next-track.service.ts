import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { EVENT_TYPES, topics } from '../../../shared/events';
import type { AppContext } from '../../context';
import { type DbOrTx, queryRows } from '../../db/client';
import { setRequestStatus } from '../requests/requests.service';
import { currentSlot, stationTimeZone } from '../schedule/schedule.service';
import { nowPlayingOf } from '../station/now-playing.service';
import { mediaPlaylists, mediaPlaylistTracks, mediaPlays, mediaQueue } from './media.table';
import { getMediaSettings } from './media-settings.service';
import {
  forgetLibrary,
  type Library,
  loadLibrary,
  loadPlaylists,
  loadRecentPlays,
  type TrackInfo,
} from './next-track.state';
import {
  allowedByRules,
  applyPlay,
  decideRotation,
  type RecentPlay,
  type RotationInput,
  type RotationPlaylist,
} from './rotation';

/** What the engine plays next: the file and what it needs to play it at the station's loudness. */
export interface NextTrack {
  track: TrackInfo;
  playlistId: string | null;
  queueItemId: string;
}

export type NextTrackCtx = Pick<AppContext, 'db' | 'config' | 'log' | 'station' | 'realtime'>;

/** How many decisions the queue holds ahead (the staff queue shows them). */
export const QUEUE_LENGTH = 5;
/** Kinds that fire on the clock: checked again when the engine asks, whatever the queue planned. */
const CLOCK_KINDS = new Set(['hourly_at', 'every_n_minutes']);

/** One decision at a time per database in this process; the advisory lock covers other instances. */
const chains = new WeakMap<object, Promise<unknown>>();
function serialized<T>(key: object, fn: () => Promise<T>): Promise<T> {
  const prev = chains.get(key) ?? Promise.resolve();
  const run = prev.then(fn, fn);
  chains.set(
    key,
    run.catch(() => undefined),
  );
  return run;
}
const LOCK_KEY = 2_504_025;

/** What the decision needs from outside the media tables, read before the transaction. */
interface Outside {
  timeZone: string;
  rules: { trackRepeatMinutes: number; artistRepeatSongs: number };
  showSlotId: string | null;
  requestsViaAutoDj: boolean;
  presenterLive: boolean;
}

function presenterLive(ctx: object): boolean {
  try {
    return nowPlayingOf(ctx).snapshot.live.isLive;
  } catch {
    return false; // the station module is not set up (a bench or a tool): nobody is live
  }
}

async function readOutside(ctx: NextTrackCtx, now: Date): Promise<Outside> {
  const settings = await getMediaSettings(ctx);
  const timeZone = await stationTimeZone(ctx);
  const slot = await currentSlot(ctx, now);
  return {
    timeZone,
    rules: { trackRepeatMinutes: settings.trackRepeatMinutes, artistRepeatSongs: settings.artistRepeatSongs },
    showSlotId: (slot as { id?: string } | null | undefined)?.id ?? null,
    requestsViaAutoDj: settings.requestsViaAutoDj,
    presenterLive: presenterLive(ctx),
  };
}

interface QueueRow {
  id: string;
  trackId: string;
  playlistId: string | null;
  position: number;
}

const clonePlaylists = (lists: RotationPlaylist[]) =>
  lists.map((p) => ({ ...p, playedInPass: new Set(p.playedInPass) }));

function inputFor(
  lib: Library,
  playlists: RotationPlaylist[],
  recent: RecentPlay[],
  now: Date,
  o: Outside,
  random: () => number,
): RotationInput {
  return {
    playlists,
    tracks: lib.tracks,
    recent,
    now,
    timeZone: o.timeZone,
    rules: o.rules,
    random,
    currentShowSlotId: o.showSlotId,
  };
}

/** Fills the queue up to QUEUE_LENGTH, planning from the state after the items already queued. */
async function fillQueue(
  tx: DbOrTx,
  lib: Library,
  persisted: RotationPlaylist[],
  recent: RecentPlay[],
  startAt: Date,
  o: Outside,
  random: () => number,
): Promise<number> {
  const queued = await tx
    .select({
      id: mediaQueue.id,
      trackId: mediaQueue.trackId,
      playlistId: mediaQueue.playlistId,
      position: mediaQueue.position,
    })
    .from(mediaQueue)
    .orderBy(asc(mediaQueue.position));
  if (queued.length >= QUEUE_LENGTH) return 0;
  const working = { playlists: clonePlaylists(persisted), recent: [...recent], tracks: lib.tracks };
  let t = startAt.getTime();
  for (const q of queued) {
    applyPlay(working, q, new Date(t));
    t += lib.info.get(q.trackId)?.durationMs ?? 0;
  }
  let position = (queued.at(-1)?.position ?? 0) + 1;
  const rows: (typeof mediaQueue.$inferInsert)[] = [];
  for (let n = queued.length; n < QUEUE_LENGTH; n++) {
    const at = new Date(t);
    const pick = decideRotation(inputFor(lib, working.playlists, working.recent, at, o, random));
    if (!pick) break;
    rows.push({ trackId: pick.trackId, playlistId: pick.playlistId || null, position: position++ });
    applyPlay(working, pick, at);
    t += lib.info.get(pick.trackId)?.durationMs ?? 0;
  }
  if (rows.length > 0) await tx.insert(mediaQueue).values(rows);
  return rows.length;
}

/** Writes what handing a track out did to its playlist: last play, cursor, shuffle pass. */
async function persistPlay(
  tx: DbOrTx,
  lib: Library,
  persisted: RotationPlaylist[],
  recent: RecentPlay[],
  pick: { trackId: string; playlistId: string | null },
  now: Date,
) {
  const artist = lib.info.get(pick.trackId)?.artist ?? '';
  await tx
    .insert(mediaPlays)
    .values({ trackId: pick.trackId, playlistId: pick.playlistId, artist, playedAt: now });
  const before = persisted.find((p) => p.id === pick.playlistId);
  applyPlay({ playlists: persisted, recent, tracks: lib.tracks }, pick, now);
  if (!before || !pick.playlistId) return;
  await tx
    .update(mediaPlaylists)
    .set({ cursor: before.cursor, lastPlayedAt: now })
    .where(eq(mediaPlaylists.id, pick.playlistId));
  if (before.order !== 'shuffle') return;
  if (before.playedInPass.size === 0) {
    await tx
      .update(mediaPlaylistTracks)
      .set({ playedInPass: false })
      .where(eq(mediaPlaylistTracks.playlistId, pick.playlistId));
  } else {
    await tx
      .update(mediaPlaylistTracks)
      .set({ playedInPass: true })
      .where(
        and(
          eq(mediaPlaylistTracks.playlistId, pick.playlistId),
          eq(mediaPlaylistTracks.trackId, pick.trackId),
        ),
      );
  }
}

/** An accepted request for a library track that the rules allow (requests via AutoDJ). */
async function requestToPlay(ctx: NextTrackCtx, o: Outside, lib: Library, recent: RecentPlay[], now: Date) {
  if (!o.requestsViaAutoDj || o.presenterLive) return null;
  const rows = await queryRows<{ id: string; track_id: string }>(
    ctx.db,
    sql`SELECT r.id, t.id AS track_id FROM requests r
        JOIN media_tracks t ON lower(t.title) = lower(r.song_title) AND lower(t.artist) = lower(r.artist)
        WHERE r.status = 'approved' AND r.request_type = 'song_request' AND NOT t.remove_after_air
        ORDER BY r.created_at LIMIT 50`,
  );
  const input = inputFor(lib, [], recent, now, o, Math.random);
  return rows.find((r) => allowedByRules(input, r.track_id)) ?? null;
}

async function tellStaff(ctx: Pick<AppContext, 'realtime'>) {
  await ctx.realtime.publish(topics.capability('media.manage'), EVENT_TYPES.mediaProgrammingChanged, {});
}

/**
 * The engine's "next track" question (AzuraCast's way): hands out the head of the AutoDJ queue (or a
 * clock playlist that has come due, or an accepted request when requests via AutoDJ are on), records the
 * play, moves the playlist's cursor or shuffle pass on, and refills the queue. Null only when the library
 * has no playable track at all.
 */
export async function decideNextTrack(
  ctx: NextTrackCtx,
  opts: { now?: Date; random?: () => number } = {},
): Promise<NextTrack | null> {
  const random = opts.random ?? Math.random;
  const result = await serialized(ctx.db, async () => {
    const now = opts.now ?? new Date();
    const o = await readOutside(ctx, now);
    const libOutside = await loadLibrary(ctx.db, ctx.db);
    const recentOutside = await loadRecentPlays(ctx.db, now, o.rules.trackRepeatMinutes);
    const request = await requestToPlay(ctx, o, libOutside, recentOutside, now);
    return ctx.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${LOCK_KEY})`);
      const lib = await loadLibrary(tx, ctx.db);
      const persisted = await loadPlaylists(tx, lib);
      const recent = await loadRecentPlays(tx, now, o.rules.trackRepeatMinutes);
      let queued = await tx.select().from(mediaQueue).orderBy(asc(mediaQueue.position));
      // A track banned or removed since it was queued is dropped.
      const stale = queued.filter((q) => lib.tracks.get(q.trackId)?.banned !== false);
      if (stale.length > 0) {
        await tx.delete(mediaQueue).where(
          inArray(
            mediaQueue.id,
            stale.map((q) => q.id),
          ),
        );
        queued = queued.filter((q) => !stale.includes(q));
      }
      let pick: { trackId: string; playlistId: string | null; queueItemId: string; requestId?: string };
      const fresh = decideRotation(inputFor(lib, clonePlaylists(persisted), recent, now, o, random));
      const head = queued[0] as QueueRow | undefined;
      if (request && lib.tracks.get(request.track_id)?.banned === false) {
        pick = {
          trackId: request.track_id,
          playlistId: null,
          queueItemId: randomUUID(),
          requestId: request.id,
        };
      } else if (
        fresh &&
        (!head || (CLOCK_KINDS.has(fresh.reason) && head.playlistId !== fresh.playlistId))
      ) {
        // A clock playlist came due (or nothing was queued): it plays now and the queue is planned again.
        pick = { trackId: fresh.trackId, playlistId: fresh.playlistId || null, queueItemId: randomUUID() };
        await tx.delete(mediaQueue);
      } else if (head) {
        pick = { trackId: head.trackId, playlistId: head.playlistId, queueItemId: head.id };
        await tx.delete(mediaQueue).where(eq(mediaQueue.id, head.id));
      } else {
        return null;
      }
      await persistPlay(tx, lib, persisted, recent, pick, now);
      const ends = new Date(now.getTime() + (lib.info.get(pick.trackId)?.durationMs ?? 0));
      await fillQueue(tx, lib, persisted, recent, ends, o, random);
      const info = lib.info.get(pick.trackId) as TrackInfo;
      return {
        track: info,
        playlistId: pick.playlistId,
        queueItemId: pick.queueItemId,
        requestId: pick.requestId,
      };
    });
  });
  if (!result) return null;
  if (result.requestId) {
    await setRequestStatus(ctx, result.requestId, 'played').catch((err) =>
      ctx.log.warn({ err }, 'could not mark the AutoDJ request played'),
    );
  }
  await tellStaff(ctx);
  return { track: result.track, playlistId: result.playlistId, queueItemId: result.queueItemId };
}

/** Makes sure the queue holds its next decisions (the staff queue reads it). */
export async function ensureQueue(ctx: NextTrackCtx, opts: { random?: () => number } = {}): Promise<void> {
  const added = await serialized(ctx.db, async () => {
    const now = new Date();
    const o = await readOutside(ctx, now);
    return ctx.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${LOCK_KEY})`);
      const lib = await loadLibrary(tx, ctx.db);
      const persisted = await loadPlaylists(tx, lib);
      const recent = await loadRecentPlays(tx, now, o.rules.trackRepeatMinutes);
      return fillQueue(tx, lib, persisted, recent, now, o, opts.random ?? Math.random);
    });
  });
  if (added > 0) await tellStaff(ctx);
}

/**
 * Playlists or tracks changed: the queued decisions (none of them handed out yet) are taken again, so the
 * change is heard from the next track on.
 */
export async function programmingChanged(ctx: NextTrackCtx): Promise<void> {
  forgetLibrary(ctx.db);
  await serialized(ctx.db, () => ctx.db.delete(mediaQueue));
  await ensureQueue(ctx);
}

/** Removes one queued item (staff); the queue is filled up again. */
export async function removeQueueItem(ctx: NextTrackCtx, id: string): Promise<boolean> {
  const removed = await serialized(ctx.db, () =>
    ctx.db.delete(mediaQueue).where(eq(mediaQueue.id, id)).returning({ id: mediaQueue.id }),
  );
  if (removed.length === 0) return false;
  await ensureQueue(ctx);
  await tellStaff(ctx);
  return true;
}
