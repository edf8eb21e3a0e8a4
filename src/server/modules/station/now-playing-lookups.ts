import { asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { TrackChange } from '../../integrations/radio/types';
import { songPlays, songs } from '../library/library.table';
import type { SongRow } from '../library/songs.service';
import { mediaPlaylists, mediaTracks } from '../media/media.table';

/**
 * What now playing reads of the media library for a track change (docs/product/listening.md#now-playing).
 */

/** What a library track adds to its song on air: its own album and cover art. */
export type TrackLook = { id: string; album: string | null; artUrl: string | null };
const trackLook = { id: mediaTracks.id, album: mediaTracks.album, artUrl: mediaTracks.artUrl };

/** The AutoDJ playlist's name now (the report keeps it as it was when the track played). */
export async function playlistNameOf(db: DbOrTx, id: string | null | undefined): Promise<string | null> {
  if (!id) return null;
  const [row] = await db
    .select({ name: mediaPlaylists.name })
    .from(mediaPlaylists)
    .where(eq(mediaPlaylists.id, id));
  return row?.name ?? null;
}

/** The media library track the engine played (the app chose it) and its song, when it still exists. */
export async function libraryTrackOf(
  db: DbOrTx,
  change: TrackChange,
): Promise<{ song: SongRow; track: TrackLook } | null> {
  if (!change.mediaTrackId) return null;
  const [row] = await db
    .select({ song: songs, track: trackLook })
    .from(mediaTracks)
    .innerJoin(songs, eq(songs.id, mediaTracks.songId))
    .where(eq(mediaTracks.id, change.mediaTrackId));
  return row ?? null;
}

/** A library track of the song (the one on the album the engine named first, then the oldest). */
export async function songTrackOf(
  db: DbOrTx,
  songId: string,
  album: string | null,
): Promise<TrackLook | null> {
  const [row] = await db
    .select(trackLook)
    .from(mediaTracks)
    .where(eq(mediaTracks.songId, songId))
    .orderBy(
      desc(sql`coalesce(${mediaTracks.album} = ${album}, false)`),
      asc(isNull(mediaTracks.album)),
      asc(isNull(mediaTracks.artUrl)),
      asc(mediaTracks.createdAt),
    )
    .limit(1);
  return row ?? null;
}

/** The latest plays, newest first, each with its song and the library track it was (when it was one). */
export function recentPlays(db: DbOrTx, limit: number) {
  return db
    .select({ s: songs, playedAt: songPlays.playedAt, track: trackLook })
    .from(songPlays)
    .innerJoin(songs, eq(songs.id, songPlays.songId))
    .leftJoin(mediaTracks, eq(mediaTracks.id, songPlays.mediaTrackId))
    .orderBy(desc(songPlays.playedAt))
    .limit(limit);
}
