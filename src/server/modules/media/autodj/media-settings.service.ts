import type { MediaSettings, MediaSettingsPatch } from '../../../../shared/contracts/media';
import type { AppContext } from '../../../context';
import type { DbOrTx } from '../../../db/client';
import { getSetting, setSetting } from '../../content/settings.service';

/** AutoDJ's settings, stored as site settings. The engine reads the crossfade from here. */
export const CROSSFADE_SETTING = 'media_crossfade_seconds';
export const TRACK_REPEAT_SETTING = 'media_track_repeat_minutes';
export const ARTIST_REPEAT_SETTING = 'media_artist_repeat_songs';
export const REQUESTS_VIA_AUTODJ_SETTING = 'media_requests_via_autodj';

export const MEDIA_SETTING_DEFAULTS: MediaSettings = {
  crossfadeSeconds: 2,
  trackRepeatMinutes: 60,
  artistRepeatSongs: 3,
  requestsViaAutoDj: false,
};

const FIELDS: { field: keyof MediaSettings; key: string; description: string }[] = [
  { field: 'crossfadeSeconds', key: CROSSFADE_SETTING, description: 'AutoDJ crossfade (seconds)' },
  {
    field: 'trackRepeatMinutes',
    key: TRACK_REPEAT_SETTING,
    description: 'AutoDJ: the same track not again within this many minutes',
  },
  {
    field: 'artistRepeatSongs',
    key: ARTIST_REPEAT_SETTING,
    description: 'AutoDJ: the same artist not again within this many songs',
  },
  {
    field: 'requestsViaAutoDj',
    key: REQUESTS_VIA_AUTODJ_SETTING,
    description: 'AutoDJ plays accepted song requests when no presenter is live',
  },
];

function valid(field: keyof MediaSettings, v: unknown): boolean {
  if (field === 'requestsViaAutoDj') return typeof v === 'boolean';
  return typeof v === 'number' && Number.isFinite(v) && v >= 0;
}

export async function getMediaSettings(ctx: { db: DbOrTx }): Promise<MediaSettings> {
  const values = await Promise.all(FIELDS.map((f) => getSetting<unknown>(ctx.db, f.key)));
  const out = { ...MEDIA_SETTING_DEFAULTS } as Record<keyof MediaSettings, unknown>;
  FIELDS.forEach((f, i) => {
    if (valid(f.field, values[i])) out[f.field] = values[i];
  });
  return out as MediaSettings;
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
    for (const f of FIELDS) {
      const v = patch[f.field];
      if (v !== undefined) await setSetting(tx, f.key, v, f.description);
    }
  });
  return getMediaSettings(ctx);
}
