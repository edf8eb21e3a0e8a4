import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { EVENT_TYPES, topics } from '../../../../shared/events';
import type { AppContext } from '../../../context';
import { queryRows } from '../../../db/client';
import { setRequestStatus } from '../../requests/requests.service';
import { currentSlot, stationTimeZone } from '../../schedule/schedule.service';
import { nowPlayingSlot } from '../../station/now-playing.service';
import type { NextTrack } from './engine-next';
import { getMediaSettings } from './media-settings.service';
import {
  forgetMemory,
  loadMemory,
  type Memory,
  type QueueRow,
  type TrackInfo,
  trimRecent,
} from './next-track.state';
import { markStarted, type Writes, write } from './next-track.writes';
import { clonePlaylists, firstBroken } from './queue-check';
import {
  allowedByRules,
  applyPlay,
  decideRotation,
  type RotationInput,
  type RotationPlaylist,
} from './rotation';

export type NextTrackCtx = Pick<AppContext, 'db' | 'config' | 'log' | 'station' | 'realtime'>;

/** How many decisions the queue holds ahead (the staff queue shows them). */
export const QUEUE_LENGTH = 5;
/** Kinds that fire on the clock: checked again when the engine asks, whatever the queue planned. */
const CLOCK_KINDS = new Set(['hourly_at', 'every_n_minutes']);
/** Settings, time zone and the show on air are read at most this often (a change shows within it). */
const OUTSIDE_TTL_MS = 5_000;

/** One decision at a time per database in this process; the advisory lock covers other instances. */
const chains = new WeakMap<object, Promise<unknown>>();
function serialized<T>(key: object, fn: () => Promise<T>): Promise<T> {
  const run = (chains.get(key) ?? Promise.resolve()).then(fn, fn);
  chains.set(
    key,
    run.catch(() => undefined),
  );
  return run;
}

/** What the decision needs from outside the media tables, read before the transaction. */
interface Outside {
  timeZone: string;
  rules: { trackRepeatMinutes: number; artistRepeatSongs: number };
  showSlotId: string | null;
  requestsViaAutoDj: boolean;
}
const outsides = new WeakMap<object, { at: number; value: Outside }>();

/** AutoDJ's settings changed in this process: the next decision reads them again. */
export function forgetOutside(db: object) {
  outsides.delete(db);
}

async function fetchOutside(ctx: NextTrackCtx, now: Date): Promise<Outside> {
  const settings = await getMediaSettings(ctx);
  const slot = await currentSlot(ctx, now);
  const value: Outside = {
    timeZone: await stationTimeZone(ctx),
    rules: { trackRepeatMinutes: settings.trackRepeatMinutes, artistRepeatSongs: settings.artistRepeatSongs },
    showSlotId: (slot as { id?: string } | null | undefined)?.id ?? null,
    requestsViaAutoDj: settings.requestsViaAutoDj,
  };
  outsides.set(ctx.db, { at: now.getTime(), value });
  return value;
}

const refreshing = new WeakSet<object>();

/**
 * Settings, time zone and the show on air: read once, then refreshed in the background when older than
 * OUTSIDE_TTL_MS, so the engine's question never waits for them (a change applies within seconds).
 */
async function readOutside(ctx: NextTrackCtx, now: Date): Promise<Outside> {
  const had = outsides.get(ctx.db);
  if (!had) return fetchOutside(ctx, now);
  if (Math.abs(now.getTime() - had.at) >= OUTSIDE_TTL_MS && !refreshing.has(ctx.db)) {
    refreshing.add(ctx.db);
    void fetchOutside(ctx, now)
      .catch((err) => ctx.log.warn({ err }, 'AutoDJ could not read its settings'))
      .finally(() => refreshing.delete(ctx.db));
  }
  return had.value;
}

function presenterLive(ctx: object): boolean {
  try {
    return nowPlayingSlot.of(ctx).snapshot.live.isLive;
  } catch {
    return false; // the station module is not set up (a bench or a tool): nobody is live
  }
}

function inputFor(m: Memory, playlists: RotationPlaylist[], now: Date, o: Outside, random: () => number) {
  return {
    playlists,
    tracks: m.lib.tracks,
    recent: m.recent,
    now,
    timeZone: o.timeZone,
    rules: o.rules,
    random,
    currentShowSlotId: o.showSlotId,
  } satisfies RotationInput;
}

/** Plans the queue up to QUEUE_LENGTH from the state after the items already queued. */
function plan(m: Memory, startAt: Date, o: Outside, random: () => number): QueueRow[] {
  const working = { playlists: clonePlaylists(m.playlists), recent: [...m.recent], tracks: m.lib.tracks };
  let t = startAt.getTime();
  for (const q of m.queue) {
    applyPlay(working, q, new Date(t));
    t += m.lib.info.get(q.trackId)?.durationMs ?? 0;
  }
  let position = (m.queue.at(-1)?.position ?? 0) + 1;
  const rows: QueueRow[] = [];
  for (let n = m.queue.length; n < QUEUE_LENGTH; n++) {
    const at = new Date(t);
    const pick = decideRotation({ ...inputFor(m, working.playlists, at, o, random), recent: working.recent });
    if (!pick) break;
    rows.push({
      id: randomUUID(),
      trackId: pick.trackId,
      playlistId: pick.playlistId || null,
      requestId: null,
      position,
    });
    position += 1;
    applyPlay(working, pick, at);
    t += m.lib.info.get(pick.trackId)?.durationMs ?? 0;
  }
  m.queue.push(...rows);
  return rows;
}

/**
 * Drops planned tracks banned or removed since they were queued, and the planned tracks from the first
 * that breaks the repeat rules where the library now allows better (tracks arrived); returns their ids.
 */
function dropStale(m: Memory, now: Date, o: Outside, random: () => number): string[] {
  const stale = m.queue.filter((q) => m.lib.tracks.get(q.trackId)?.banned !== false).map((q) => q.id);
  if (stale.length > 0) m.queue = m.queue.filter((q) => !stale.includes(q.id));
  const broken = firstBroken(m, now, {
    timeZone: o.timeZone,
    rules: o.rules,
    random,
    currentShowSlotId: o.showSlotId,
  });
  if (broken >= 0) {
    stale.push(...m.queue.slice(broken).map((q) => q.id));
    m.queue = m.queue.slice(0, broken);
  }
  return stale;
}

/** Accepted requests for library tracks, oldest first (requests via AutoDJ). */
async function approvedRequests(ctx: NextTrackCtx) {
  return queryRows<{ id: string; track_id: string }>(
    ctx.db,
    sql`SELECT r.id, t.id AS track_id FROM requests r
        JOIN media_tracks t ON lower(t.title) = lower(r.song_title) AND lower(t.artist) = lower(r.artist)
        WHERE r.status = 'approved' AND r.request_type = 'song_request' AND NOT t.remove_after_air
        ORDER BY r.created_at LIMIT 50`,
  );
}

async function tellStaff(ctx: Pick<AppContext, 'realtime'>) {
  await ctx.realtime.publish(topics.capability('media.manage'), EVENT_TYPES.mediaProgrammingChanged, {});
}

/**
 * Runs one AutoDJ step: decide on the remembered state, write it in one guarded statement; when the
 * state moved under it (another instance, a library change), read it again and decide again.
 */
async function step<T>(
  ctx: NextTrackCtx,
  now: Date,
  o: Outside,
  verify: boolean,
  fn: (m: Memory) => { writes: Writes | null; result: T },
): Promise<T> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const m = await loadMemory(ctx.db, ctx.db, now, o.rules.trackRepeatMinutes, verify || attempt > 0);
    try {
      const out = fn(m);
      if (!out.writes || (await write(ctx.db, m, out.writes))) return out.result;
    } catch (err) {
      forgetMemory(ctx.db);
      throw err;
    }
    forgetMemory(ctx.db);
  }
  throw new Error('AutoDJ state kept changing during the decision');
}

/**
 * The engine's "next track" question (AzuraCast's way): hands out the head of the AutoDJ queue (or a
 * clock playlist that has come due, or an accepted request when requests via AutoDJ are on and nobody is
 * live), records the play, moves the playlist's cursor or shuffle pass on, and plans the queue five
 * ahead again. Null only when the library has no playable track at all.
 */
export async function decideNextTrack(
  ctx: NextTrackCtx,
  opts: { now?: Date; random?: () => number } = {},
): Promise<NextTrack | null> {
  const random = opts.random ?? Math.random;
  const result = await serialized(ctx.db, async () => {
    const now = opts.now ?? new Date();
    const o = await readOutside(ctx, now);
    const requests = o.requestsViaAutoDj && !presenterLive(ctx) ? await approvedRequests(ctx) : [];
    return step(ctx, now, o, false, (m) => {
      const w: Writes = { deleteIds: dropStale(m, now, o, random), insert: [] };
      const input = inputFor(m, clonePlaylists(m.playlists), now, o, random);
      const request = requests.find(
        (r) => m.lib.tracks.get(r.track_id)?.banned === false && allowedByRules(input, r.track_id),
      );
      const fresh = request ? null : decideRotation(input);
      const head = m.queue[0];
      let pick: { trackId: string; playlistId: string | null; queueItemId: string; requestId?: string };
      // The entry handed to the engine stays in the queue, marked, until it starts ("up next" shows it).
      const unplanned = (p: typeof pick) => ({
        row: {
          id: p.queueItemId,
          trackId: p.trackId,
          playlistId: p.playlistId,
          requestId: p.requestId ?? null,
          position: 0,
        },
        at: now,
        insert: true,
      });
      if (request) {
        pick = {
          trackId: request.track_id,
          playlistId: null,
          queueItemId: randomUUID(),
          requestId: request.id,
        };
        w.hold = unplanned(pick);
      } else if (
        fresh &&
        (!head || (CLOCK_KINDS.has(fresh.reason) && head.playlistId !== fresh.playlistId))
      ) {
        // A clock playlist came due (or nothing was queued): it plays now and the queue is planned again.
        pick = { trackId: fresh.trackId, playlistId: fresh.playlistId || null, queueItemId: randomUUID() };
        w.clearQueue = true;
        m.queue = [];
        w.hold = unplanned(pick);
      } else if (head) {
        pick = { trackId: head.trackId, playlistId: head.playlistId, queueItemId: head.id };
        m.queue.shift();
        w.hold = { row: head, at: now, insert: false };
      } else {
        return { writes: null, result: null };
      }
      m.held = w.hold.row;
      const info = m.lib.info.get(pick.trackId) as TrackInfo;
      w.play = {
        id: pick.queueItemId,
        trackId: pick.trackId,
        playlistId: pick.playlistId,
        artist: info.artist,
        at: now,
      };
      applyPlay({ playlists: m.playlists, recent: m.recent, tracks: m.lib.tracks }, pick, now);
      trimRecent(m.recent, now, o.rules.trackRepeatMinutes);
      const p = m.playlists.find((x) => x.id === pick.playlistId);
      if (p) {
        const shuffle =
          p.order === 'shuffle' ? { trackId: pick.trackId, reset: p.playedInPass.size === 0 } : undefined;
        w.playlist = { id: p.id, cursor: p.cursor, at: now, shuffle };
      }
      w.insert = plan(m, new Date(now.getTime() + info.durationMs), o, random);
      return {
        writes: w,
        result: {
          track: info,
          playlistId: pick.playlistId,
          queueItemId: pick.queueItemId,
          requestId: pick.requestId,
        },
      };
    });
  });
  if (!result) return null;
  if (result.requestId) {
    await setRequestStatus(ctx, result.requestId, 'played').catch((err) =>
      ctx.log.warn({ err }, 'could not mark the AutoDJ request played'),
    );
  }
  // Staff screens follow; the engine does not wait for them.
  void tellStaff(ctx).catch((err) => ctx.log.warn({ err }, 'could not tell staff the queue moved'));
  return { track: result.track, playlistId: result.playlistId, queueItemId: result.queueItemId };
}

/** Queue upkeep under AutoDJ's lock: `change` edits the remembered queue, then the queue is refilled. */
async function upkeep<T>(
  ctx: NextTrackCtx,
  change: (m: Memory, w: Writes) => T,
  opts: { clear?: boolean } = {},
) {
  return serialized(ctx.db, async () => {
    const now = new Date();
    const o = await readOutside(ctx, now);
    return step(ctx, now, o, true, (m) => {
      const w: Writes = { deleteIds: dropStale(m, now, o, Math.random), insert: [], clearQueue: opts.clear };
      if (opts.clear) m.queue = [];
      const ok = change(m, w);
      w.insert = plan(m, now, o, Math.random);
      const changed = w.insert.length > 0 || w.deleteIds.length > 0 || Boolean(w.clearQueue);
      return { writes: changed ? w : null, result: { ok, changed } };
    });
  });
}

/** Makes sure the queue holds its next decisions (the staff queue reads it). */
export async function ensureQueue(ctx: NextTrackCtx): Promise<void> {
  const { changed } = await upkeep(ctx, () => true);
  if (changed) await tellStaff(ctx);
}

/**
 * Playlists changed: the queued decisions (none handed out yet) are taken again, so the change is heard
 * from the next track on.
 */
export async function programmingChanged(ctx: NextTrackCtx): Promise<void> {
  await upkeep(ctx, () => true, { clear: true });
  await tellStaff(ctx);
}

/**
 * Removes one planned item (staff); the queue is filled up again. 'held' for the track the engine
 * already holds (it airs next: skip it then), false when it is not queued.
 */
export async function removeQueueItem(ctx: NextTrackCtx, id: string): Promise<boolean | 'held'> {
  const { ok } = await upkeep(ctx, (m, w) => {
    if (m.held?.id === id) return 'held';
    if (!m.queue.some((q) => q.id === id)) return false;
    m.queue = m.queue.filter((q) => q.id !== id);
    w.deleteIds.push(id);
    return true;
  });
  if (ok === true) await tellStaff(ctx);
  return ok;
}

/**
 * The station started a track: when it is the one the engine held (its library song, started after it
 * was handed out), that entry leaves "up next" and its play takes the time it really started.
 */
export async function trackStarted(
  ctx: NextTrackCtx,
  started: { songId: string; source: string; startedAt: Date },
): Promise<void> {
  if (started.source !== 'autodj') return;
  const [held] = await queryRows<{ id: string }>(
    ctx.db,
    sql`SELECT q.id FROM media_queue q JOIN media_tracks t ON t.id = q.track_id
         WHERE q.handed_at IS NOT NULL AND q.handed_at <= ${started.startedAt.toISOString()}::timestamptz
           AND t.song_id = ${started.songId}::uuid`,
  );
  if (!held) return;
  const moved = await serialized(ctx.db, async () => {
    const done = await markStarted(ctx.db, held.id, started.startedAt);
    if (done) forgetMemory(ctx.db);
    return done;
  });
  if (moved) await tellStaff(ctx);
}
