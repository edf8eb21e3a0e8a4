import { describe, expect, it } from 'vitest';
import { appForFile } from '../../test/app-for-file';
import { giveTokens } from '../../test/fixtures/shop';
import { Client, createTestApp, signUpMember } from '../../test/test-app';
import { deleteSetting, readSetting } from '../settings/settings.service';
import { ensureShopDefaults } from './shop-defaults.service';

const t = appForFile({ admin: 'Shop Admin' });

type Catalogue = {
  categories: { id: string; slug: string; name: string }[];
  items: {
    id: string;
    name: string;
    categoryId: string;
    tokenCost: number;
    metadata: { themeId?: string };
  }[];
};
const shop = async () => (await new Client(t.app).get('/api/shop')).json() as Catalogue;
const count = async (table: string) =>
  (await t.dbh.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0].n;

describe('a fresh station’s shop', () => {
  it('has the default sections and the premium themes for sale from the first start', async () => {
    const { categories, items } = await shop();
    expect(categories.map((c) => c.slug)).toEqual(['featured', 'account', 'website', 'icons', 'vip']);
    expect(categories.map((c) => c.name)).toEqual([
      'Featured Upgrades',
      'Account Upgrades',
      'Website Themes',
      'Username Icons',
      'VIP Subscriptions',
    ]);
    const website = categories.find((c) => c.slug === 'website')!;
    expect(items.every((i) => i.categoryId === website.id)).toBe(true);
    expect(items.map((i) => i.metadata.themeId)).toEqual([
      'version-one',
      'matte-black',
      'version-two',
      'christmas',
      'halloween',
      'disco',
      'daynight',
    ]);
    expect(items.map((i) => i.name)).toContain('Day & Night');
  });

  it('sells a theme a member can then wear', async () => {
    const member = await signUpMember(t.app, 'Theme Fan');
    await giveTokens(t.admin, member.userId, 10);
    const disco = (await shop()).items.find((i) => i.metadata.themeId === 'disco')!;
    const bought = await member.post(`/api/shop/items/${disco.id}/buy`, { idempotencyKey: 'fresh-disco' });
    expect(bought.statusCode, bought.body).toBe(200);
    const worn = await member.patch('/api/me', { themePreference: 'disco' });
    expect(worn.statusCode, worn.body).toBe(200);
    expect(worn.json().me.profile.themePreference).toBe('disco');
  });

  it('is seeded once: what an admin deletes is never brought back, on a restart or another instance', async () => {
    const before = await shop();
    const icons = before.categories.find((c) => c.slug === 'icons')!;
    expect((await t.admin.delete(`/api/shop/categories/${icons.id}`)).statusCode).toBe(200);
    const halloween = before.items.find((i) => i.metadata.themeId === 'halloween')!;
    expect((await t.admin.delete(`/api/shop/items/${halloween.id}`)).statusCode).toBe(200);

    expect(await ensureShopDefaults(t.app.ctx.db)).toBe(false);
    const again = await createTestApp({ db: t.dbh });
    await again.app.close();
    const after = await shop();
    expect(after.categories.map((c) => c.slug)).toEqual(['featured', 'account', 'website', 'vip']);
    expect(after.items.map((i) => i.metadata.themeId)).not.toContain('halloween');
    expect(after.items).toHaveLength(6);
  });

  it('leaves a station that already had a shop as it is', async () => {
    await deleteSetting(t.app.ctx.db, 'shop_defaults_seeded_at');
    const [categories, items] = [await count('shop_categories'), await count('shop_items')];
    expect(await ensureShopDefaults(t.app.ctx.db)).toBe(false);
    expect([await count('shop_categories'), await count('shop_items')]).toEqual([categories, items]);
    // And it is recorded: it is never tried again.
    expect(await readSetting(t.app.ctx.db, 'shop_defaults_seeded_at')).toEqual(expect.any(String));
  });
});
