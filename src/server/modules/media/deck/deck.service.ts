import { and, asc, sql } from 'drizzle-orm';
import { DECK_RESULTS, type DeckQuery, type DeckTrackList } from '../../../../shared/contracts/media';
import type { AppContext } from '../../../context';
import { mediaPlaylists, mediaPlaylistTracks, mediaTracks } from '../media.table';

/**
 * Is the track a jingle or an ID: in a playlist played whole between songs (the jingle transition), or
 * in an hourly ID, every-N-songs jingle or every-N-minutes sweeper playlist.
 */
const isJingle = sql<boolean>`EXISTS (
  SELECT 1 FROM ${mediaPlaylistTracks}
  JOIN ${mediaPlaylists} ON ${mediaPlaylists.id} = ${mediaPlaylistTracks.playlistId}
  WHERE ${mediaPlaylistTracks.trackId} = ${mediaTracks.id}
    AND (${mediaPlaylists.transition} = 'jingle'
      OR ${mediaPlaylists.kind} IN ('hourly_at', 'every_n_songs', 'every_n_minutes')))`;

/**
 * The web booth's deck search: library tracks whose title or artist holds the words (case-insensitive),
 * songs or jingles and IDs, by title, at most DECK_RESULTS.
 */
export async function searchDeck(ctx: Pick<AppContext, 'db'>, q: DeckQuery): Promise<DeckTrackList> {
  const pattern = q.q ? `%${q.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const rows = await ctx.db
    .select({
      id: mediaTracks.id,
      title: mediaTracks.title,
      artist: mediaTracks.artist,
      durationMs: mediaTracks.durationMs,
      jingle: sql<boolean>`${isJingle}`.mapWith((v: unknown) => v === true || v === 't'),
    })
    .from(mediaTracks)
    .where(
      and(
        pattern
          ? sql`(${mediaTracks.title} ILIKE ${pattern} OR ${mediaTracks.artist} ILIKE ${pattern})`
          : undefined,
        q.kind === 'jingles' ? isJingle : sql`NOT ${isJingle}`,
      ),
    )
    .orderBy(asc(sql`lower(${mediaTracks.title})`), asc(mediaTracks.id))
    .limit(DECK_RESULTS);
  return {
    tracks: rows.map((r) => ({
      id: r.id,
      title: r.title,
      artist: r.artist,
      durationSeconds: Math.round(r.durationMs / 100) / 10,
      jingle: r.jingle,
    })),
  };
}
