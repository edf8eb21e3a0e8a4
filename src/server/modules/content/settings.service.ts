import { eq, inArray } from 'drizzle-orm';
import type { PublicSettings } from '../../../shared/contracts/settings';
import { EVENT_TYPES, topics } from '../../../shared/events';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { adminSettings } from './settings.table';

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
    .where(inArray(adminSettings.settingKey, ['site_title', 'site_description']));
  const value = (k: string) => {
    const v = rows.find((r) => r.settingKey === k)?.settingValue;
    return typeof v === 'string' ? v : undefined;
  };
  return {
    siteTitle: value('site_title') ?? ctx.config.SITE_TITLE,
    siteDescription: value('site_description') ?? ctx.config.SITE_DESCRIPTION,
  };
}

export async function updateSiteSettings(
  ctx: Pick<AppContext, 'db' | 'config' | 'realtime'>,
  input: { siteTitle?: string; siteDescription?: string },
) {
  if (input.siteTitle !== undefined) await setSetting(ctx.db, 'site_title', input.siteTitle, 'Site title');
  if (input.siteDescription !== undefined) {
    await setSetting(ctx.db, 'site_description', input.siteDescription, 'Site description');
  }
  const out = await getPublicSettings(ctx);
  await ctx.realtime.publish(topics.public, EVENT_TYPES.settingsChanged, out);
  return out;
}
