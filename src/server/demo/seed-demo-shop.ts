import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { ITEM_GRADIENTS, ItemMetadata } from '../../shared/contracts/shop';
import type { AppContext } from '../context';
import { buyItem } from '../modules/shop/shop.service';
import { orders } from '../modules/shop/shop.table';
import { createCategory, createItem, giveGift } from '../modules/shop/shop-admin.service';
import { creditTokens } from '../modules/shop/wallet.service';

type Item = {
  name: string;
  description: string;
  priceGbp: number;
  icon: string;
  gradientClass?: (typeof ITEM_GRADIENTS)[number];
  stockQuantity?: number;
  isLimitedEdition?: boolean;
  metadata?: ItemMetadata;
};

const CATALOGUE: { name: string; slug: string; icon: string; items: Item[] }[] = [
  {
    name: 'Featured Upgrades',
    slug: 'featured',
    icon: '⭐',
    items: [
      {
        name: 'Bar Visualiser',
        description: 'Watch the music: live spectrum bars in the player, in your theme’s colours.',
        priceGbp: 8,
        icon: '🎚️',
        gradientClass: 'from-sky-500 to-blue-600',
        metadata: { unlocks: 'bar_visualiser', features: ['Real-time audio bars', 'Follows your theme'] },
      },
    ],
  },
  {
    name: 'Account Upgrades',
    slug: 'account',
    icon: '🚀',
    items: [
      {
        name: 'Supporter Badge',
        description: 'A thank-you badge for keeping the station on air.',
        priceGbp: 3,
        icon: '💖',
        gradientClass: 'from-rose-500 to-red-600',
      },
    ],
  },
  {
    name: 'Website Themes',
    slug: 'website',
    icon: '🎨',
    items: [
      {
        name: 'Version One',
        description: 'The first OnAir look: ocean blues.',
        priceGbp: 5,
        icon: '🌊',
        gradientClass: 'from-sky-500 to-blue-600',
        metadata: { themeId: 'version-one' },
      },
      {
        name: 'Matte Black',
        description: 'True blacks and soft greys.',
        priceGbp: 5,
        icon: '🖤',
        gradientClass: 'from-slate-600 to-slate-800',
        metadata: { themeId: 'matte-black' },
      },
      {
        name: 'Version Two',
        description: 'Deep teal with lime and aqua.',
        priceGbp: 5,
        icon: '🌿',
        gradientClass: 'from-emerald-500 to-teal-500',
        metadata: { themeId: 'version-two' },
      },
      {
        name: 'Christmas',
        description: 'Pine, berry red and gold, with falling snow.',
        priceGbp: 4,
        icon: '🎄',
        gradientClass: 'from-rose-500 to-red-600',
        isLimitedEdition: true,
        stockQuantity: 100,
        metadata: { themeId: 'christmas' },
      },
      {
        name: 'Halloween',
        description: 'Midnight purple and pumpkin orange.',
        priceGbp: 4,
        icon: '🎃',
        gradientClass: 'from-amber-400 to-orange-500',
        metadata: { themeId: 'halloween' },
      },
      {
        name: 'Disco',
        description: 'Neon magenta and cyan under a glitter ball.',
        priceGbp: 6,
        icon: '🪩',
        gradientClass: 'from-pink-500 to-violet-500',
        metadata: { themeId: 'disco' },
      },
      {
        name: 'Day & Night',
        description: 'Bright by day, starry by night, by your clock.',
        priceGbp: 7,
        icon: '🌗',
        gradientClass: 'from-violet-600 to-indigo-500',
        metadata: { themeId: 'daynight' },
      },
    ],
  },
  {
    name: 'Username Icons',
    slug: 'icons',
    icon: '😎',
    items: [
      {
        name: 'Headphones',
        description: 'A pair of cans beside your name.',
        priceGbp: 2,
        icon: '🎧',
        metadata: { usernameIcon: true },
      },
      {
        name: 'Fire',
        description: 'For the hottest requests.',
        priceGbp: 2,
        icon: '🔥',
        gradientClass: 'from-amber-400 to-orange-500',
        metadata: { usernameIcon: true },
      },
      {
        name: 'Crown',
        description: 'Royalty of the airwaves.',
        priceGbp: 3,
        icon: '👑',
        gradientClass: 'from-amber-400 to-orange-500',
        isLimitedEdition: true,
        stockQuantity: 50,
        metadata: { usernameIcon: true },
      },
    ],
  },
  {
    name: 'VIP Subscriptions',
    slug: 'vip',
    icon: '👑',
    items: [
      {
        name: 'VIP Monthly',
        description: 'VIP status for a month; buy again to extend.',
        priceGbp: 4.99,
        icon: '💎',
        gradientClass: 'from-violet-600 to-indigo-500',
        metadata: {
          vip: true,
          durationMonths: 1,
          features: ['VIP badge in chat', 'Supporter shout-out on air'],
        },
      },
      {
        name: 'VIP Yearly',
        description: 'A whole year of VIP for the price of ten months.',
        priceGbp: 49.99,
        icon: '🏆',
        gradientClass: 'from-violet-600 to-indigo-500',
        metadata: {
          vip: true,
          durationMonths: 12,
          features: ['VIP badge in chat', 'Supporter shout-out on air'],
        },
      },
    ],
  },
];

/**
 * The shop's sections and items, and some members with tokens, purchases and paid card orders. A fresh
 * station already has the default sections and theme items (shop-defaults.service.ts): they are kept, and
 * the demo adds the rest into them.
 */
export async function seedDemoShop(ctx: AppContext, ids: Map<string, string>) {
  const out = { shopItems: 0, purchases: 0 };
  const { rows } = await ctx.dbh.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM shop_items WHERE name = 'Bar Visualiser'`,
  );
  if (rows[0].n > 0) return out;
  const existing = await ctx.dbh.query<{ id: string; slug: string }>('SELECT id, slug FROM shop_categories');
  const themeItems = await ctx.dbh.query<{ id: string; theme: string }>(
    `SELECT id, metadata->>'themeId' AS theme FROM shop_items WHERE metadata ? 'themeId'`,
  );
  const items = new Map<string, string>();
  for (const [i, c] of CATALOGUE.entries()) {
    const categoryId =
      existing.rows.find((row) => row.slug === c.slug)?.id ??
      (await createCategory(ctx, { name: c.name, slug: c.slug, icon: c.icon, sortOrder: i, isActive: true }))
        .id;
    for (const [k, it] of c.items.entries()) {
      const seeded = themeItems.rows.find((row) => it.metadata?.themeId && row.theme === it.metadata.themeId);
      if (seeded) {
        items.set(it.name, seeded.id);
        continue;
      }
      const item = await createItem(ctx, {
        categoryId,
        imageUrl: null,
        gradientClass: null,
        stockQuantity: null,
        isLimitedEdition: false,
        isActive: true,
        sortOrder: k,
        metadata: {},
        ...it,
      });
      items.set(it.name, item.id);
      out.shopItems += 1;
    }
  }
  const who = (name: string) => ids.get(`${name}@onair.local`)!;
  const adminId = who('admin');
  // Card top-ups already paid (revenue on the dashboard), then purchases made with those tokens.
  const paid: [string, number][] = [
    ['ben', 50],
    ['ella', 16],
    ['mia', 30],
    ['leo', 10],
  ];
  for (const [name, tokens] of paid) {
    await ctx.db.transaction(async (tx) => {
      const [o] = await tx
        .insert(orders)
        .values({
          userId: who(name),
          tokens,
          amountPence: tokens * 100,
          status: 'paid',
          paidAt: sql`now() - interval '3 days'`,
          stripeSessionId: `cs_demo_${randomUUID().slice(0, 8)}`,
        })
        .returning();
      await creditTokens(tx, o.userId, tokens, 'card_purchase', { orderId: o.id });
    });
  }
  const buys: [string, string][] = [
    ['ben', 'VIP Monthly'],
    ['ben', 'Disco'],
    ['ben', 'Crown'],
    ['ben', 'Bar Visualiser'],
    ['ella', 'Halloween'],
    ['ella', 'Headphones'],
    ['mia', 'VIP Monthly'],
    ['mia', 'Christmas'],
    ['mia', 'Fire'],
    ['leo', 'Matte Black'],
  ];
  for (const [name, item] of buys) {
    await buyItem(ctx, who(name), items.get(item)!, `demo-${name}-${item}`);
    out.purchases += 1;
  }
  await giveGift(ctx, adminId, { userId: who('noah'), itemId: items.get('Version One')!, tokens: 20 });
  out.purchases += 1;
  return out;
}
