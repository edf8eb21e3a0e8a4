import { sql } from 'drizzle-orm';
import { MUSIC_TEXTS } from '../../../shared/texts/requests';
import type { AppContext } from '../../context';
import { queryRows } from '../../db/client';

const LIMIT = 10;

/** The station's own library (songs that have played), most played first: search still helps without Spotify. */
async function searchLibrary(ctx: Pick<AppContext, 'db'>, q: string) {
  const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return queryRows<{ title: string; artist: string; album: string | null; art: string | null }>(
    ctx.db,
    sql`SELECT s.title, s.artist, s.album, s.spotify_art_url AS art FROM songs s
        WHERE s.title ILIKE ${pattern} OR s.artist ILIKE ${pattern} OR (s.title || ' ' || s.artist) ILIKE ${pattern}
        ORDER BY (SELECT count(*) FROM song_plays p WHERE p.song_id = s.id) DESC, s.title ASC
        LIMIT ${LIMIT}`,
  );
}

/** Spotify search (client credentials) when configured; otherwise, or when it fails, the station's library. */
export async function searchMusic(ctx: Pick<AppContext, 'db' | 'station' | 'log'>, q: string) {
  const spotify = ctx.station.spotify;
  if (spotify) {
    try {
      const tracks = await spotify.searchTracks(q, LIMIT);
      return {
        source: 'spotify' as const,
        notice: null,
        results: tracks.map((t) => ({ title: t.title, artist: t.artist, album: t.album, art: t.art })),
      };
    } catch (err) {
      ctx.log.warn({ err }, 'Spotify search failed; answering from the library');
      return {
        source: 'library' as const,
        notice: MUSIC_TEXTS.spotifyFailed,
        results: await searchLibrary(ctx, q),
      };
    }
  }
  return { source: 'library' as const, notice: null, results: await searchLibrary(ctx, q) };
}
