import { and, eq, sql } from 'drizzle-orm';
import type { SongStat } from '../../../shared/contracts/library';
import { EVENT_TYPES, topics } from '../../../shared/events';
import type { AppContext } from '../../context';
import { type DbOrTx, queryRows } from '../../db/client';
import { notFound } from '../../infra/http/errors';
import { songLikes, songPlays, songs } from './library.table';

export type SongRow = typeof songs.$inferSelect;

/** Finds or creates the song (unique on title + artist, case-insensitive). Fills a missing album. */
export async function upsertSong(
  db: DbOrTx,
  s: { title: string; artist: string; album?: string | null; art?: string | null },
): Promise<SongRow> {
  const title = s.title.trim();
  const artist = s.artist.trim();
  const [row] = await queryRows<SongRow & Record<string, unknown>>(
    db,
    sql`INSERT INTO songs (title, artist, album, spotify_art_url) VALUES (${title}, ${artist}, ${s.album ?? null}, ${s.art ?? null})
        ON CONFLICT (lower(title), lower(artist)) DO UPDATE
          SET album = COALESCE(songs.album, EXCLUDED.album),
              spotify_art_url = COALESCE(songs.spotify_art_url, EXCLUDED.spotify_art_url)
        RETURNING id`,
  );
  const [song] = await db
    .select()
    .from(songs)
    .where(eq(songs.id, row.id as string));
  return song;
}

export async function recordPlay(
  db: DbOrTx,
  p: {
    songId: string;
    source: string;
    playedBy: string | null;
    streamerName: string | null;
    playedAt: Date;
    /** For the royalty report: listeners at the start, the AutoDJ playlist or the live show, the media track. */
    listeners?: number | null;
    playlistName?: string | null;
    showTitle?: string | null;
    mediaTrackId?: string | null;
  },
) {
  await db.insert(songPlays).values({
    songId: p.songId,
    playSource: p.source,
    playedBy: p.playedBy,
    streamerName: p.streamerName,
    playedAt: p.playedAt,
    listeners: p.listeners ?? null,
    playlistName: p.playlistName ?? null,
    showTitle: p.showTitle ?? null,
    mediaTrackId: p.mediaTrackId ?? null,
  });
}

// Likes and plays counted in one pass each (not once per song: 5,000 songs with 200,000 plays took
// seconds that way on PostgreSQL; see bench/explain-queries.ts).
const statsSelect = sql`
  SELECT s.id, s.title, s.artist, s.album, s.spotify_art_url AS art,
         coalesce(l.n, 0) AS like_count, coalesce(p.n, 0) AS play_count, p.last AS last_played_at
  FROM songs s
  LEFT JOIN (SELECT song_id, count(*)::int AS n FROM song_likes GROUP BY song_id) l ON l.song_id = s.id
  LEFT JOIN (SELECT song_id, count(*)::int AS n, max(played_at) AS last FROM song_plays GROUP BY song_id) p
    ON p.song_id = s.id`;

interface StatRow {
  id: string;
  title: string;
  artist: string;
  album: string | null;
  art: string | null;
  like_count: number;
  play_count: number;
  last_played_at: Date | string | null;
}

const present = (r: StatRow): SongStat => ({
  id: r.id,
  title: r.title,
  artist: r.artist,
  album: r.album,
  art: r.art,
  likeCount: Number(r.like_count),
  playCount: Number(r.play_count),
  lastPlayedAt: r.last_played_at ? new Date(r.last_played_at).toISOString() : null,
});

/** Most liked (likes > 0) or most played (plays > 0), up to 100, optionally filtered by title or artist. */
export async function rankedSongs(
  db: DbOrTx,
  by: 'likes' | 'plays',
  q?: string,
  limit = 100,
): Promise<SongStat[]> {
  const pattern = q ? `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const [first, second] = by === 'likes' ? ['like_count', 'play_count'] : ['play_count', 'like_count'];
  const rows = await queryRows<StatRow>(
    db,
    sql`SELECT * FROM (${statsSelect}) t
        WHERE ${sql.raw(first)} > 0
          AND (${pattern}::text IS NULL OR t.title ILIKE ${pattern} OR t.artist ILIKE ${pattern})
        ORDER BY ${sql.raw(first)} DESC, ${sql.raw(second)} DESC, t.title ASC
        LIMIT ${limit}`,
  );
  return rows.map(present);
}

/** Like or unlike a song the station knows (by id). */
export async function toggleLike(ctx: Pick<AppContext, 'db' | 'realtime'>, userId: string, songId: string) {
  const [song] = await ctx.db.select({ id: songs.id }).from(songs).where(eq(songs.id, songId));
  if (!song) throw notFound('Song not found');
  const removed = await ctx.db
    .delete(songLikes)
    .where(and(eq(songLikes.userId, userId), eq(songLikes.songId, song.id)))
    .returning({ songId: songLikes.songId });
  if (removed.length === 0)
    await ctx.db.insert(songLikes).values({ userId, songId: song.id }).onConflictDoNothing();
  const [{ n }] = await queryRows<{ n: number }>(
    ctx.db,
    sql`SELECT count(*)::int AS n FROM song_likes WHERE song_id = ${song.id}`,
  );
  const result = { liked: removed.length === 0, songId: song.id, likeCount: Number(n) };
  await ctx.realtime.publish(topics.user(userId), EVENT_TYPES.likesChanged, result);
  return result;
}

export async function myLikes(db: DbOrTx, userId: string) {
  const rows = await db
    .select({ id: songs.id, title: songs.title, artist: songs.artist })
    .from(songLikes)
    .innerJoin(songs, eq(songs.id, songLikes.songId))
    .where(eq(songLikes.userId, userId))
    .orderBy(sql`${songLikes.createdAt} DESC`);
  return { songIds: rows.map((r) => r.id), songs: rows.map((r) => ({ title: r.title, artist: r.artist })) };
}
