import type { MediaSettings, MediaSettingsPatch } from '../../../../shared/contracts/media';
import type { AppContext } from '../../../context';
import type { DbOrTx } from '../../../db/client';
import { readSettings, writeSettings } from '../../settings/settings.service';

/**
 * AutoDJ's settings, stored as site settings (their defaults are in settings/catalogue.ts). The engine
 * reads the crossfade from here.
 */
export async function getMediaSettings(ctx: { db: DbOrTx }): Promise<MediaSettings> {
  const s = await readSettings(ctx.db, [
    'media_crossfade_seconds',
    'media_track_repeat_minutes',
    'media_artist_repeat_songs',
    'media_requests_via_autodj',
  ]);
  return {
    crossfadeSeconds: s.media_crossfade_seconds,
    trackRepeatMinutes: s.media_track_repeat_minutes,
    artistRepeatSongs: s.media_artist_repeat_songs,
    requestsViaAutoDj: s.media_requests_via_autodj,
  };
}

/** The crossfade in seconds, for the engine. */
export async function crossfadeSeconds(ctx: Pick<AppContext, 'db'>): Promise<number> {
  return (await getMediaSettings(ctx)).crossfadeSeconds;
}

export async function updateMediaSettings(
  ctx: Pick<AppContext, 'db'>,
  patch: MediaSettingsPatch,
): Promise<MediaSettings> {
  await ctx.db.transaction(async (tx) => {
    await writeSettings(tx, {
      media_crossfade_seconds: patch.crossfadeSeconds,
      media_track_repeat_minutes: patch.trackRepeatMinutes,
      media_artist_repeat_songs: patch.artistRepeatSongs,
      media_requests_via_autodj: patch.requestsViaAutoDj,
    });
  });
  return getMediaSettings(ctx);
}
