import { eq, inArray } from 'drizzle-orm';
import type { PublicSettings } from '../../../shared/contracts/settings';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { adminSettings } from './settings.table';

/** Keys of the settings the site settings form edits (spec 2 §3 names site_title, site_description, stream_url). */
export const SITE_TITLE_SETTING = 'site_title';
export const SITE_DESCRIPTION_SETTING = 'site_description';
export const STREAM_URL_SETTING = 'stream_url';
export const STATION_TIMEZONE_SETTING = 'station_timezone';
export const REQUEST_COOLDOWN_SETTING = 'requests_cooldown_minutes';
export const RECENT_PLAY_SETTING = 'requests_recent_play_minutes';
export const PRESENTER_RULES_SETTING = 'presenter_rules';

export async function getSetting<T>(db: DbOrTx, key: string): Promise<T | undefined> {
  const [row] = await db.select().from(adminSettings).where(eq(adminSettings.settingKey, key));
  return row?.settingValue as T | undefined;
}

export async function setSetting(db: DbOrTx, key: string, value: unknown, description?: string) {
  await db
    .insert(adminSettings)
    .values({ settingKey: key, settingValue: value, description: description ?? null })
    .onConflictDoUpdate({
      target: adminSettings.settingKey,
      set: { settingValue: value, updatedAt: new Date(), ...(description ? { description } : {}) },
    });
}

/** The settings every page needs (site title and description); defaults come from configuration. */
export async function getPublicSettings(ctx: Pick<AppContext, 'db' | 'config'>): Promise<PublicSettings> {
  const rows = await ctx.db
    .select()
    .from(adminSettings)
    .where(inArray(adminSettings.settingKey, [SITE_TITLE_SETTING, SITE_DESCRIPTION_SETTING]));
  const value = (k: string) => {
    const v = rows.find((r) => r.settingKey === k)?.settingValue;
    return typeof v === 'string' ? v : undefined;
  };
  return {
    siteTitle: value(SITE_TITLE_SETTING) ?? ctx.config.SITE_TITLE,
    siteDescription: value(SITE_DESCRIPTION_SETTING) ?? ctx.config.SITE_DESCRIPTION,
  };
}

export async function getPresenterRules(ctx: Pick<AppContext, 'db'>): Promise<string> {
  const v = await getSetting<string>(ctx.db, PRESENTER_RULES_SETTING);
  return typeof v === 'string' ? v : '';
}
