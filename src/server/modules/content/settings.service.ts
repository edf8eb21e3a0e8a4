import { eq, inArray } from 'drizzle-orm';
import type { PublicSettings } from '../../../shared/contracts/settings';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { adminSettings } from './settings.table';

/** Keys of the settings the site settings form edits (site_title, site_description, stream_url). */
export const SITE_TITLE_SETTING = 'site_title';
export const SITE_DESCRIPTION_SETTING = 'site_description';
export const STREAM_URL_SETTING = 'stream_url';
export const STATION_TIMEZONE_SETTING = 'station_timezone';
export const REQUEST_COOLDOWN_SETTING = 'requests_cooldown_minutes';
export const RECENT_PLAY_SETTING = 'requests_recent_play_minutes';
export const PRESENTER_RULES_SETTING = 'presenter_rules';
export const DONATION_URL_SETTING = 'donation_url';
export const DONATION_GOAL_SETTING = 'donation_goal_gbp';
export const DONATION_RAISED_SETTING = 'donation_raised_gbp';
/** The default donation box: a £100 target, nothing raised, until an admin sets them. */
const DEFAULT_DONATION_GOAL_GBP = 100;

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

/**
 * The settings every page needs (site title and description, the donation box); defaults come from
 * configuration and fixed defaults.
 */
export async function getPublicSettings(ctx: Pick<AppContext, 'db' | 'config'>): Promise<PublicSettings> {
  const rows = await ctx.db
    .select()
    .from(adminSettings)
    .where(
      inArray(adminSettings.settingKey, [
        SITE_TITLE_SETTING,
        SITE_DESCRIPTION_SETTING,
        DONATION_URL_SETTING,
        DONATION_GOAL_SETTING,
        DONATION_RAISED_SETTING,
      ]),
    );
  const stored = (k: string) => rows.find((r) => r.settingKey === k)?.settingValue;
  const text = (k: string) => {
    const v = stored(k);
    return typeof v === 'string' ? v : undefined;
  };
  const amount = (k: string) => {
    const v = stored(k);
    return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
  };
  return {
    siteTitle: text(SITE_TITLE_SETTING) ?? ctx.config.SITE_TITLE,
    siteDescription: text(SITE_DESCRIPTION_SETTING) ?? ctx.config.SITE_DESCRIPTION,
    donation: {
      url: text(DONATION_URL_SETTING) || null,
      goalGbp: amount(DONATION_GOAL_SETTING) ?? DEFAULT_DONATION_GOAL_GBP,
      raisedGbp: amount(DONATION_RAISED_SETTING) ?? 0,
    },
  };
}

export async function getPresenterRules(ctx: Pick<AppContext, 'db'>): Promise<string> {
  const v = await getSetting<string>(ctx.db, PRESENTER_RULES_SETTING);
  return typeof v === 'string' ? v : '';
}
