import { sql } from 'drizzle-orm';
import type { ITEM_GRADIENTS } from '../../../shared/contracts/shop';
import { THEME_IDS, THEMES, type ThemeId } from '../../../shared/themes';
import type { Db } from '../../db/client';
import { writeSettingOnce } from '../settings/settings.service';
import { shopCategories, shopItems } from './shop.table';

/**
 * A fresh station's shop: the fallback sections (featured, account, website, icons, vip) and
 * the premium website themes as items, so members can buy and wear them from the first day. Seeded once:
 * a settings row (shop_defaults_seeded_at) records it, so sections or items an admin deletes later are never brought back, and a
 * station that already had a shop before this existed is left as it is.
 */
export const DEFAULT_CATEGORIES = [
  { name: 'Featured Upgrades', slug: 'featured', icon: '⭐' },
  { name: 'Account Upgrades', slug: 'account', icon: '🚀' },
  { name: 'Website Themes', slug: 'website', icon: '🎨' },
  { name: 'Username Icons', slug: 'icons', icon: '😎' },
  { name: 'VIP Subscriptions', slug: 'vip', icon: '👑' },
] as const;

type Gradient = (typeof ITEM_GRADIENTS)[number];

/** How each premium theme is sold: its price in pounds (= tokens), icon and card colours. */
const THEME_ITEMS: Record<
  Exclude<ThemeId, 'default'>,
  { priceGbp: number; icon: string; gradient: Gradient }
> = {
  'version-one': { priceGbp: 5, icon: '🌊', gradient: 'from-sky-500 to-blue-600' },
  'matte-black': { priceGbp: 5, icon: '🖤', gradient: 'from-slate-600 to-slate-800' },
  'version-two': { priceGbp: 5, icon: '🌿', gradient: 'from-emerald-500 to-teal-500' },
  christmas: { priceGbp: 4, icon: '🎄', gradient: 'from-rose-500 to-red-600' },
  halloween: { priceGbp: 4, icon: '🎃', gradient: 'from-amber-400 to-orange-500' },
  disco: { priceGbp: 6, icon: '🪩', gradient: 'from-pink-500 to-violet-500' },
  daynight: { priceGbp: 7, icon: '🌗', gradient: 'from-violet-600 to-indigo-500' },
};

/** The theme items of a fresh shop, in the themes' order (the default theme is free: nothing to sell). */
export const DEFAULT_THEME_ITEMS = THEME_IDS.filter((id) => id !== 'default').map((themeId) => ({
  themeId,
  name: THEMES[themeId].name,
  description: THEMES[themeId].description,
  ...THEME_ITEMS[themeId],
}));

/**
 * Gives a fresh station its shop, once (at start-up, on every instance: the settings row decides, in one
 * transaction, so two instances starting together seed it once). Returns whether it seeded.
 */
export async function ensureShopDefaults(db: Db): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (!(await writeSettingOnce(tx, 'shop_defaults_seeded_at', new Date().toISOString()))) return false;
    // A station that already has a shop keeps it as it is.
    const [{ n }] = await tx.select({ n: sql<number>`count(*)::int` }).from(shopCategories);
    if (n > 0) return false;
    const categories = await tx
      .insert(shopCategories)
      .values(DEFAULT_CATEGORIES.map((c, i) => ({ ...c, sortOrder: i, isActive: true })))
      .returning();
    const website = categories.find((c) => c.slug === 'website')!;
    await tx.insert(shopItems).values(
      DEFAULT_THEME_ITEMS.map((t, i) => ({
        categoryId: website.id,
        name: t.name,
        description: t.description,
        pricePence: Math.round(t.priceGbp * 100),
        icon: t.icon,
        gradientClass: t.gradient,
        sortOrder: i,
        metadata: { themeId: t.themeId },
      })),
    );
    return true;
  });
}
