import { rm } from 'node:fs/promises';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type {
  MediaTrack,
  TrackList,
  TrackListQuery,
  UpdateTrackInput,
} from '../../../../shared/contracts/media';
import { MEDIA_TEXTS } from '../../../../shared/texts/media';
import type { AppContext } from '../../../context';
import { type DbOrTx, queryRows } from '../../../db/client';
import { notFound } from '../../../infra/http/errors';
import { recordStaffAction, type StaffActor } from '../../audit/audit.service';
import { upsertSong } from '../../library/songs.service';
import { nowPlayingSlot } from '../../station/now-playing.service';
import { mediaPlaylists, mediaPlaylistTracks, mediaTracks } from '../media.table';
import { storeArt } from './art.service';
import type { TrackRow } from './ingest.service';
import { audioCacheSlot, fileWithoutBucket, inBucket, mediaStoreOf } from './track-files';

type TrackPlaylists = MediaTrack['playlists'];

export const presentTrack = (t: TrackRow, playlists: TrackPlaylists): MediaTrack => ({
  id: t.id,
  songId: t.songId,
  title: t.title,
  artist: t.artist,
  album: t.album,
  durationSeconds: Math.round(t.durationMs / 100) / 10,
  hasArt: t.artUrl !== null,
  fileName: t.fileName,
  origin: t.origin === 'folder' ? 'folder' : 'upload',
  format: t.format,
  sizeBytes: t.sizeBytes,
  year: t.year,
  genre: t.genre,
  isrc: t.isrc,
  artUrl: t.artUrl,
  loudnessLufs: t.loudnessLufs,
  removeAfterAir: t.removeAfterAir,
  cue: { cueIn: t.cueInSeconds, cueOut: t.cueOutSeconds, fadeIn: t.fadeInSeconds, fadeOut: t.fadeOutSeconds },
  createdAt: t.createdAt.toISOString(),
  playlists,
});

/** The playlists each of these tracks is in, by name. */
export async function playlistsOf(db: DbOrTx, trackIds: string[]): Promise<Map<string, TrackPlaylists>> {
  const byTrack = new Map<string, TrackPlaylists>(trackIds.map((id) => [id, []]));
  if (trackIds.length === 0) return byTrack;
  const rows = await db
    .select({ trackId: mediaPlaylistTracks.trackId, id: mediaPlaylists.id, name: mediaPlaylists.name })
    .from(mediaPlaylistTracks)
    .innerJoin(mediaPlaylists, eq(mediaPlaylists.id, mediaPlaylistTracks.playlistId))
    .where(inArray(mediaPlaylistTracks.trackId, trackIds))
    .orderBy(asc(sql`lower(${mediaPlaylists.name})`), asc(mediaPlaylists.id));
  for (const r of rows) byTrack.get(r.trackId)?.push({ id: r.id, name: r.name });
  return byTrack;
}

/** Rows as the library shows them, each with its playlists. */
export async function presentTracks(db: DbOrTx, rows: TrackRow[]): Promise<MediaTrack[]> {
  const lists = await playlistsOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => presentTrack(r, lists.get(r.id) ?? []));
}

/** Sort keys served by indexes (lower(title), lower(artist), created_at) or cheap over the matches. */
const ORDER = {
  title: sql`lower(${mediaTracks.title})`,
  artist: sql`lower(${mediaTracks.artist})`,
  album: sql`lower(coalesce(${mediaTracks.album}, ''))`,
  duration: sql`${mediaTracks.durationMs}`,
  created: sql`${mediaTracks.createdAt}`,
} as const;

/** One page of the library, searched over title, artist and album (case-insensitive substring). */
export async function listTracks(ctx: Pick<AppContext, 'db'>, q: TrackListQuery): Promise<TrackList> {
  const pattern = q.q ? `%${q.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const where = pattern
    ? sql`(${mediaTracks.title} ILIKE ${pattern} OR ${mediaTracks.artist} ILIKE ${pattern} OR ${mediaTracks.album} ILIKE ${pattern})`
    : undefined;
  const dir = q.dir ?? (q.sort === 'created' ? 'desc' : 'asc');
  const order = sql`${ORDER[q.sort]} ${sql.raw(dir === 'desc' ? 'DESC' : 'ASC')}, ${mediaTracks.id} ASC`;
  const page = () =>
    ctx.db
      .select()
      .from(mediaTracks)
      .where(where)
      .orderBy(order)
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize);
  const count = async () =>
    (
      await ctx.db
        .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
        .from(mediaTracks)
        .where(where)
    )[0].n;
  if (!where) {
    // The whole library: the page comes off the sort's index (top-N), the count from one scan.
    const [rows, total] = await Promise.all([page(), count()]);
    return { tracks: await presentTracks(ctx.db, rows), total };
  }
  // A search: the page and the number of matches in one pass (a second scan only past the last page).
  const rows = await ctx.db
    .select({ t: mediaTracks, n: sql<number>`count(*) OVER ()`.mapWith(Number) })
    .from(mediaTracks)
    .where(where)
    .orderBy(order)
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  const n = rows[0]?.n ?? (q.page > 1 ? await count() : 0);
  return {
    tracks: await presentTracks(
      ctx.db,
      rows.map((r) => r.t),
    ),
    total: n,
  };
}

export async function getTrack(ctx: Pick<AppContext, 'db'>, id: string): Promise<TrackRow> {
  const [row] = await ctx.db.select().from(mediaTracks).where(eq(mediaTracks.id, id));
  if (!row) throw notFound(MEDIA_TEXTS.trackNotFound);
  return row;
}

/**
 * New title, artist, album, year, genre or ISRC. The track then belongs to the song title and artist name
 * (found or created): likes, plays and charts of the old song stay with it; the track's next plays count
 * for the new one.
 */
export async function updateTrack(ctx: Pick<AppContext, 'db'>, id: string, input: UpdateTrackInput) {
  const before = await getTrack(ctx, id);
  const title = input.title ?? before.title;
  const artist = input.artist ?? before.artist;
  const album = input.album === undefined ? before.album : input.album || null;
  const year = input.year === undefined ? before.year : input.year;
  const genre = input.genre === undefined ? before.genre : input.genre || null;
  const isrc = input.isrc === undefined ? before.isrc : input.isrc || null;
  const row = await ctx.db.transaction(async (tx) => {
    const song = await upsertSong(tx, { title, artist });
    const [updated] = await tx
      .update(mediaTracks)
      .set({ title, artist, album, year, genre, isrc, songId: song.id, updatedAt: new Date() })
      .where(eq(mediaTracks.id, id))
      .returning();
    return updated;
  });
  return (await presentTracks(ctx.db, [row]))[0];
}

/** Replaces the track's cover art (a picture, squared and shrunk like profile pictures). */
export async function replaceTrackArt(
  ctx: Pick<AppContext, 'db' | 'storage'>,
  id: string,
  bytes: Buffer,
): Promise<MediaTrack | null> {
  const before = await getTrack(ctx, id);
  const url = await storeArt(ctx.storage, bytes, before.contentHash.slice(0, 16));
  if (!url) return null;
  const [row] = await ctx.db
    .update(mediaTracks)
    .set({ artUrl: url, updatedAt: new Date() })
    .where(eq(mediaTracks.id, id))
    .returning();
  await removeArtIfUnused(ctx, before.artUrl);
  return (await presentTracks(ctx.db, [row]))[0];
}

async function removeArtIfUnused(ctx: Pick<AppContext, 'db' | 'storage'>, url: string | null) {
  if (!url) return;
  const [{ n }] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(mediaTracks)
    .where(eq(mediaTracks.artUrl, url));
  // The song may show it as its art too (the engine reports a track's art): leave it then.
  const [{ s }] = await queryRows<{ s: number }>(
    ctx.db,
    sql`SELECT count(*)::int AS s FROM songs WHERE spotify_art_url = ${url}`,
  );
  if (Number(n) === 0 && Number(s) === 0) await ctx.storage.remove(url);
}

/** Whether AutoDJ is playing this track's song right now. */
function onAirNow(ctx: AppContext, track: TrackRow) {
  const np = nowPlayingSlot.of(ctx).snapshot.nowPlaying;
  return np !== null && np.source !== 'live' && np.song.id === track.songId;
}

/** Removes the row and, for an upload, the file (a folder file is the operator's: left in place). */
async function removeTrack(ctx: Pick<AppContext, 'db' | 'storage' | 'config' | 'log'>, track: TrackRow) {
  const [gone] = await ctx.db.delete(mediaTracks).where(eq(mediaTracks.id, track.id)).returning();
  if (!gone) return;
  if (gone.origin === 'upload') await removeUploadedAudio(ctx, gone.path);
  await removeArtIfUnused(ctx, gone.artUrl);
}

/** An upload's audio: its file in MEDIA_DIR, or its object in the bucket and this instance's copy. */
async function removeUploadedAudio(ctx: Pick<AppContext, 'config' | 'log'>, trackPath: string) {
  const store = mediaStoreOf(ctx.config);
  if (!inBucket(trackPath) || !store) return rm(fileWithoutBucket(ctx.config, trackPath), { force: true });
  try {
    await store.delete(trackPath);
    // Other instances' copies leave with their caches' least recently used.
    await audioCacheSlot.of(ctx).forget(trackPath);
  } catch (err) {
    ctx.log.warn({ err, key: trackPath }, 'media: a removed track’s audio could not be removed');
  }
}

/** Deletes a track; one on air now is marked and removed once it has finished playing. */
export async function deleteTrack(ctx: AppContext, id: string, actor: StaffActor) {
  const track = await getTrack(ctx, id);
  await recordStaffAction(ctx.db, {
    actor,
    action: 'track.delete',
    target: { type: 'media_track', id },
    summary: `Deleted “${track.title}” by ${track.artist || 'an unknown artist'} from the library`,
    before: { title: track.title, artist: track.artist, album: track.album, path: track.path },
  });
  if (onAirNow(ctx, track)) {
    await ctx.db.update(mediaTracks).set({ removeAfterAir: true }).where(eq(mediaTracks.id, id));
    return { deleted: false, removeAfterAir: true };
  }
  await removeTrack(ctx, track);
  return { deleted: true, removeAfterAir: false };
}

/** After a track change: the tracks deleted while on air that are no longer on air go now. */
export async function sweepRemovedAfterAir(ctx: AppContext) {
  const marked = await ctx.db.select().from(mediaTracks).where(eq(mediaTracks.removeAfterAir, true));
  for (const t of marked) if (!onAirNow(ctx, t)) await removeTrack(ctx, t);
}
