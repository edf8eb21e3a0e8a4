import { asc, desc, eq, gt, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../../db/client';
import { mediaPlaylists, mediaPlaylistTracks, mediaPlays, mediaQueue } from '../media.table';
import type { PlaylistKind, PlayOrder, RecentPlay, RotationPlaylist, RotationTrack } from './rotation';
import type { ScheduleWindow } from './rotation-schedule';

/**
 * What the next-track decision reads, kept in memory per database: the library (tracks, playlists' track
 * lists, banned songs) and AutoDJ's moving state (cursors, shuffle passes, recent plays, the queue).
 * `media_state` holds two counters: `library_version` (moved by triggers on every change to the library,
 * from any module or instance) and `play_seq` (moved by AutoDJ's own writes). A decision reads the two
 * numbers, and reads the tables again only when one moved under it.
 */

export interface TrackInfo {
  id: string;
  path: string;
  title: string;
  artist: string;
  album: string | null;
  loudnessLufs: number | null;
  durationMs: number;
}

export interface Library {
  tracks: Map<string, RotationTrack>;
  info: Map<string, TrackInfo>;
  /** Track ids per playlist, in playlist order. */
  playlistTracks: Map<string, string[]>;
}

export interface QueueRow {
  id: string;
  trackId: string;
  playlistId: string | null;
  requestId: string | null;
  position: number;
}

export interface Memory {
  libraryVersion: number;
  playSeq: number;
  lib: Library;
  /** As persisted: after every play handed out, before the queued ones. */
  playlists: RotationPlaylist[];
  /** Newest first. */
  recent: RecentPlay[];
  /** The planned entries, in order (the entry the engine holds is not among them). */
  queue: QueueRow[];
  /** The entry handed to the engine that has not started yet (it airs next). */
  held: QueueRow | null;
}

const memories = new WeakMap<object, Memory>();

/** Drops what this process remembers (a change it made itself; the counters tell other instances). */
export function forgetMemory(key: object) {
  memories.delete(key);
}

const banKey = (title: string, artist: string) =>
  `${title.trim().toLowerCase()}\u0000${artist.trim().toLowerCase()}`;

async function buildLibrary(db: DbOrTx): Promise<Library> {
  const rows = await queryRows<{
    id: string;
    path: string;
    title: string;
    artist: string;
    album: string | null;
    loudness_lufs: number | null;
    duration_ms: number;
  }>(
    db,
    sql`SELECT id, path, title, artist, album, loudness_lufs, duration_ms FROM media_tracks
        WHERE NOT remove_after_air`,
  );
  const banned = await queryRows<{ title: string; artist: string }>(
    db,
    sql`SELECT title, artist FROM banned_songs WHERE is_active`,
  );
  const bannedKeys = new Set(banned.map((b) => banKey(b.title, b.artist)));
  const tracks = new Map<string, RotationTrack>();
  const info = new Map<string, TrackInfo>();
  for (const r of rows) {
    tracks.set(r.id, { id: r.id, artist: r.artist, banned: bannedKeys.has(banKey(r.title, r.artist)) });
    info.set(r.id, {
      id: r.id,
      path: r.path,
      title: r.title,
      artist: r.artist,
      album: r.album,
      loudnessLufs: r.loudness_lufs == null ? null : Number(r.loudness_lufs),
      durationMs: Number(r.duration_ms),
    });
  }
  const links = await db
    .select({ playlistId: mediaPlaylistTracks.playlistId, trackId: mediaPlaylistTracks.trackId })
    .from(mediaPlaylistTracks)
    .orderBy(asc(mediaPlaylistTracks.playlistId), asc(mediaPlaylistTracks.position));
  const playlistTracks = new Map<string, string[]>();
  for (const l of links) {
    if (!tracks.has(l.trackId)) continue;
    const list = playlistTracks.get(l.playlistId) ?? [];
    list.push(l.trackId);
    playlistTracks.set(l.playlistId, list);
  }
  return { tracks, info, playlistTracks };
}

async function loadQueue(db: DbOrTx): Promise<{ queue: QueueRow[]; held: QueueRow | null }> {
  const rows = await db
    .select({
      id: mediaQueue.id,
      trackId: mediaQueue.trackId,
      playlistId: mediaQueue.playlistId,
      requestId: mediaQueue.requestId,
      position: mediaQueue.position,
      handedAt: mediaQueue.handedAt,
    })
    .from(mediaQueue)
    .orderBy(desc(mediaQueue.handedAt), asc(mediaQueue.position));
  const strip = ({ handedAt: _, ...r }: (typeof rows)[number]): QueueRow => r;
  const held = rows.find((r) => r.handedAt !== null);
  return { queue: rows.filter((r) => r.handedAt === null).map(strip), held: held ? strip(held) : null };
}

/**
 * AutoDJ's state. From memory without a read when `verify` is false (a decision: its write checks the
 * counters, and a stale copy fails there and is read again); otherwise the counters are read first.
 */
export async function loadMemory(
  db: DbOrTx,
  key: object,
  now: Date,
  trackRepeatMinutes: number,
  verify: boolean,
): Promise<Memory> {
  const had = memories.get(key);
  if (had && !verify) return had;
  const [v] = await queryRows<{ lv: string | number; ps: string | number }>(
    db,
    sql`SELECT library_version AS lv, play_seq AS ps FROM media_state WHERE id = 1`,
  );
  const libraryVersion = Number(v?.lv ?? 0);
  const playSeq = Number(v?.ps ?? 0);
  if (had && had.libraryVersion === libraryVersion && had.playSeq === playSeq) return had;
  const lib = had && had.libraryVersion === libraryVersion ? had.lib : await buildLibrary(db);
  const memory: Memory = {
    libraryVersion,
    playSeq,
    lib,
    playlists: await loadPlaylists(db, lib),
    recent: await loadRecentPlays(db, now, trackRepeatMinutes),
    ...(await loadQueue(db)),
  };
  memories.set(key, memory);
  return memory;
}

/** Keeps the recent plays the rules can look at: the last 250, and any within the repeat window. */
export function trimRecent(recent: RecentPlay[], now: Date, trackRepeatMinutes: number) {
  const since = now.getTime() - trackRepeatMinutes * 60_000;
  while (recent.length > 250 && (recent.at(-1)?.at.getTime() ?? 0) <= since) recent.pop();
}

/** The playlists with their moving state (cursor, shuffle pass, last play). */
export async function loadPlaylists(db: DbOrTx, lib: Library): Promise<RotationPlaylist[]> {
  const rows = await db.select().from(mediaPlaylists);
  const passed = await db
    .select({ playlistId: mediaPlaylistTracks.playlistId, trackId: mediaPlaylistTracks.trackId })
    .from(mediaPlaylistTracks)
    .where(eq(mediaPlaylistTracks.playedInPass, true));
  const inPass = new Map<string, Set<string>>();
  for (const p of passed) {
    const s = inPass.get(p.playlistId) ?? new Set<string>();
    s.add(p.trackId);
    inPass.set(p.playlistId, s);
  }
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind as PlaylistKind,
    weight: r.weight,
    every: r.every,
    minute: r.minute,
    schedule: r.schedule as ScheduleWindow[],
    showSlotId: r.showSlotId,
    order: r.order as PlayOrder,
    enabled: r.enabled,
    cursor: r.cursor,
    trackIds: lib.playlistTracks.get(r.id) ?? [],
    playedInPass: inPass.get(r.id) ?? new Set(),
    lastPlayedAt: r.lastPlayedAt,
  }));
}

/** The plays the rules look at: the last 250, and every play within the track-repeat window. */
export async function loadRecentPlays(
  db: DbOrTx,
  now: Date,
  trackRepeatMinutes: number,
): Promise<RecentPlay[]> {
  const cols = {
    trackId: mediaPlays.trackId,
    artist: mediaPlays.artist,
    playlistId: mediaPlays.playlistId,
    at: mediaPlays.playedAt,
  };
  const last = await db.select(cols).from(mediaPlays).orderBy(desc(mediaPlays.playedAt)).limit(250);
  const since = new Date(now.getTime() - trackRepeatMinutes * 60_000);
  if (last.length < 250 || last[last.length - 1].at.getTime() <= since.getTime()) return last;
  return db
    .select(cols)
    .from(mediaPlays)
    .where(gt(mediaPlays.playedAt, since))
    .orderBy(desc(mediaPlays.playedAt))
    .limit(20_000);
}
