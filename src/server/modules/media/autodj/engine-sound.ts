import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../../db/client';
import { MAX_CROSSFADE_SECONDS, type NextTrack, type TrackSound } from './engine-next';

/**
 * What the engine needs beyond the decision to play a track as staff set it up
 * (docs/product/media-library-and-autodj.md, cue and fade; transitions): the track's cue and fades, and
 * its playlist's transition (a jingle, or a crossfade of its own length instead of the station's).
 */
export async function soundFor(
  db: DbOrTx,
  decision: NextTrack,
  stationCrossfade: number,
): Promise<{ crossfade: number; sound: TrackSound }> {
  const [row] = await queryRows<{
    cue_in: number | null;
    cue_out: number | null;
    fade_in: number | null;
    fade_out: number | null;
    transition: string | null;
    crossfade: number | null;
  }>(
    db,
    sql`SELECT t.cue_in_seconds AS cue_in, t.cue_out_seconds AS cue_out, t.fade_in_seconds AS fade_in,
               t.fade_out_seconds AS fade_out, p.transition, p.crossfade_seconds AS crossfade
        FROM media_tracks t LEFT JOIN media_playlists p ON p.id = ${decision.playlistId}
        WHERE t.id = ${decision.track.id}`,
  );
  const num = (v: number | null | undefined) => (v == null ? null : Number(v));
  const own = num(row?.crossfade);
  return {
    crossfade: Math.min(MAX_CROSSFADE_SECONDS, own ?? stationCrossfade),
    sound: {
      cueIn: num(row?.cue_in),
      cueOut: num(row?.cue_out),
      fadeIn: num(row?.fade_in),
      fadeOut: num(row?.fade_out),
      jingle: row?.transition === 'jingle',
    },
  };
}
