import { asc, desc, eq, gt, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { type DbOrTx, queryRows } from '../../db/client';
import { mediaPlaylists, mediaPlaylistTracks, mediaPlays } from './media.table';
import type { PlaylistKind, PlayOrder, RecentPlay, RotationPlaylist, RotationTrack } from './rotation';
import type { ScheduleWindow } from './rotation-schedule';

/**
 * What the next-track decision reads. The library (tracks, playlists' track lists, banned songs) is
 * kept in memory per database and rebuilt when its fingerprint (counts and last changes of the tables
 * it comes from) moves, so changes made by any part of the app, or by another instance, are seen at the
 * next decision. What moves with every play (cursors, shuffle passes, recent plays) is read each time.
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
  fingerprint: string;
  tracks: Map<string, RotationTrack>;
  info: Map<string, TrackInfo>;
  /** Track ids per playlist, in playlist order. */
  playlistTracks: Map<string, string[]>;
}

const caches = new WeakMap<object, Library>();

/** Drops the cached library (a playlist or track change in this process). */
export function forgetLibrary(db: object) {
  caches.delete(db);
}

async function fingerprintOf(db: DbOrTx): Promise<string> {
  const [row] = await queryRows<Record<string, unknown>>(
    db,
    sql`SELECT (SELECT count(*) FROM media_tracks) AS tc,
               (SELECT max(updated_at) FROM media_tracks) AS tu,
               (SELECT count(*) FROM media_tracks WHERE remove_after_air) AS tr,
               (SELECT count(*) FROM media_playlists) AS pc,
               (SELECT max(updated_at) FROM media_playlists) AS pu,
               (SELECT count(*) FROM media_playlist_tracks) AS ptc,
               (SELECT count(*) FROM banned_songs WHERE is_active) AS bc,
               (SELECT max(banned_at) FROM banned_songs) AS bu`,
  );
  return JSON.stringify(row);
}

const banKey = (title: string, artist: string) =>
  `${title.trim().toLowerCase()}\u0000${artist.trim().toLowerCase()}`;

async function buildLibrary(db: DbOrTx, fingerprint: string): Promise<Library> {
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
  return { fingerprint, tracks, info, playlistTracks };
}

/** The library as it is now: from memory when nothing changed since it was read. */
export async function loadLibrary(db: DbOrTx, cacheKey: object): Promise<Library> {
  const fingerprint = await fingerprintOf(db);
  const cached = caches.get(cacheKey);
  if (cached && cached.fingerprint === fingerprint) return cached;
  const lib = await buildLibrary(db, fingerprint);
  caches.set(cacheKey, lib);
  return lib;
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

export type StateCtx = Pick<AppContext, 'db'>;
