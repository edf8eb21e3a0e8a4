import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, gt, inArray, isNotNull, sql } from 'drizzle-orm';
import { displayNameOf } from '../../../shared/contracts/accounts';
import type {
  ActiveFeature,
  MyShop,
  ShopCatalogue,
  Supporter,
  ThemeId,
} from '../../../shared/contracts/shop';
import { FEATURE_NAMES, THEME_IDS } from '../../../shared/contracts/shop';
import { EVENT_TYPES, topics } from '../../../shared/events';
import { LIMITS } from '../../../shared/limits';
import { SHOP_TEXTS } from '../../../shared/texts/shop';
import type { AppContext } from '../../context';
import { type DbOrTx, queryRows, type Tx } from '../../db/client';
import { conflict, notFound, requireUuid } from '../../infra/http/errors';
import { profiles } from '../accounts/accounts.table';
import {
  addMonths,
  isRepeatable,
  presentCategory,
  presentItem,
  presentPurchase,
  tokenCostOf,
} from './shop.present';
import { orders, shopCategories, shopItems, userPurchases, userTokens } from './shop.table';
import { debitTokens, getWallet, lockWallet, publishWallet } from './wallet.service';

type Ctx = Pick<AppContext, 'db' | 'realtime' | 'stripe'>;
type ItemRow = typeof shopItems.$inferSelect;

/** Whether members can buy tokens by card on this station (both Stripe settings present). */
export const cardPaymentsConfigured = (ctx: Pick<AppContext, 'stripe'>) => ctx.stripe !== null;

/** Top supporters by tokens spent; members who turned 'show in top supporters' off are never listed. */
export async function topSupporters(db: DbOrTx): Promise<Supporter[]> {
  const rows = await db
    .select({ p: profiles, spent: userTokens.totalSpent })
    .from(userTokens)
    .innerJoin(profiles, eq(profiles.id, userTokens.userId))
    .where(and(gt(userTokens.totalSpent, 0), eq(profiles.showInTopSupporters, true)))
    .orderBy(desc(userTokens.totalSpent), asc(profiles.createdAt))
    .limit(LIMITS.topSupporters);
  return rows.map(({ p, spent }) => ({
    id: p.id,
    displayName: displayNameOf({ fullName: p.fullName, email: p.email }),
    picture: p.profilePicture,
    totalSpent: spent,
  }));
}

/** GET /api/shop: active categories and their active items in sort order, supporters, the buy box. */
export async function getCatalogue(ctx: Pick<AppContext, 'db' | 'stripe'>): Promise<ShopCatalogue> {
  const categories = await ctx.db
    .select()
    .from(shopCategories)
    .where(eq(shopCategories.isActive, true))
    .orderBy(asc(shopCategories.sortOrder), asc(shopCategories.name));
  const ids = categories.map((c) => c.id);
  const items =
    ids.length === 0
      ? []
      : await ctx.db
          .select()
          .from(shopItems)
          .where(and(eq(shopItems.isActive, true), inArray(shopItems.categoryId, ids)))
          .orderBy(asc(shopItems.sortOrder), asc(shopItems.createdAt));
  return {
    categories: categories.map(presentCategory),
    items: items.map(presentItem),
    supporters: await topSupporters(ctx.db),
    cardPayments: {
      enabled: cardPaymentsConfigured(ctx),
      packs: [...LIMITS.tokenPacks],
      min: LIMITS.tokenCustomMin,
      max: LIMITS.tokenCustomMax,
      step: LIMITS.tokenCustomStep,
      defaultAmount: LIMITS.tokenCustomDefault,
    },
  };
}

/** A buyable item: active, in an active category. Anything else is 'Product not found'. */
async function buyableItem(tx: Tx, itemId: string): Promise<ItemRow> {
  requireUuid(itemId, SHOP_TEXTS.productNotFound);
  const [row] = await tx
    .select({ item: shopItems })
    .from(shopItems)
    .innerJoin(shopCategories, eq(shopCategories.id, shopItems.categoryId))
    .where(and(eq(shopItems.id, itemId), eq(shopItems.isActive, true), eq(shopCategories.isActive, true)));
  if (!row) throw notFound(SHOP_TEXTS.productNotFound);
  return row.item;
}

/** When a new VIP period ends: duration months after the later of now and the current VIP end. */
export async function nextVipExpiry(tx: Tx, userId: string, item: ItemRow): Promise<Date | null> {
  const months = item.metadata.durationMonths;
  if (!months) return null;
  const [{ until }] = await queryRows<{ until: string | Date | null }>(
    tx,
    sql`SELECT max(expires_at) AS until FROM user_purchases WHERE user_id = ${userId} AND repeatable`,
  );
  const now = new Date();
  const current = until ? new Date(until) : null;
  return addMonths(current && current > now ? current : now, months);
}

/** Refuses an item the member owns already (themes, icons, upgrades: once; VIP: again and again). */
export async function refuseIfOwned(tx: Tx, userId: string, item: ItemRow, message: string) {
  if (isRepeatable(item.metadata)) return;
  const [owned] = await tx
    .select({ id: userPurchases.id })
    .from(userPurchases)
    .where(and(eq(userPurchases.userId, userId), eq(userPurchases.shopItemId, item.id)));
  if (owned) throw conflict(message);
}

/** Takes one from a counted stock, or refuses when none is left. */
export async function takeFromStock(tx: Tx, item: ItemRow) {
  if (item.stockQuantity === null) return false;
  const [left] = await tx
    .update(shopItems)
    .set({ stockQuantity: sql`${shopItems.stockQuantity} - 1` })
    .where(and(eq(shopItems.id, item.id), isNotNull(shopItems.stockQuantity), gt(shopItems.stockQuantity, 0)))
    .returning({ id: shopItems.id });
  if (!left) throw conflict(SHOP_TEXTS.soldOut(item.name));
  return true;
}

/**
 * Buys an item with tokens, in one transaction: the member's wallet is locked, a repeated idempotency key
 * answers the first purchase again, then ownership, stock (a conditional decrement), the conditional
 * debit, the purchase row and the ledger row. Any refusal changes nothing.
 */
export async function buyItem(ctx: Ctx, userId: string, itemId: string, idempotencyKey: string) {
  const out = await ctx.db.transaction(async (tx) => {
    const wallet = await lockWallet(tx, userId);
    const [earlier] = await tx
      .select()
      .from(userPurchases)
      .where(and(eq(userPurchases.userId, userId), eq(userPurchases.idempotencyKey, idempotencyKey)));
    if (earlier) {
      if (earlier.shopItemId !== itemId) throw conflict(SHOP_TEXTS.keyReused);
      const [item] = await tx.select().from(shopItems).where(eq(shopItems.id, itemId));
      return { purchase: presentPurchase(earlier, item ?? null), wallet: null, stockChanged: false };
    }
    const item = await buyableItem(tx, itemId);
    await refuseIfOwned(tx, userId, item, SHOP_TEXTS.alreadyOwned(item.name));
    const cost = tokenCostOf(item.pricePence);
    const stockChanged = await takeFromStock(tx, item);
    const purchaseId = randomUUID();
    const debited = await debitTokens(tx, userId, cost, { purchaseId });
    if (!debited) throw conflict(SHOP_TEXTS.notEnoughTokens(cost, wallet.tokenBalance));
    const [row] = await tx
      .insert(userPurchases)
      .values({
        id: purchaseId,
        userId,
        shopItemId: item.id,
        itemName: item.name,
        amountPence: item.pricePence,
        tokensSpent: cost,
        paymentMethod: 'tokens',
        transactionId: `tokens:${purchaseId}`,
        idempotencyKey,
        repeatable: isRepeatable(item.metadata),
        expiresAt: isRepeatable(item.metadata) ? await nextVipExpiry(tx, userId, item) : null,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw conflict(SHOP_TEXTS.alreadyOwned(item.name));
    return { purchase: presentPurchase(row, item), wallet: debited, stockChanged };
  });
  const wallet = out.wallet ?? (await getWallet(ctx.db, userId));
  if (out.wallet) {
    await publishWallet(ctx, userId, wallet);
    await ctx.realtime.publish(topics.user(userId), EVENT_TYPES.shopPurchases, { id: out.purchase.id });
    if (out.stockChanged || out.purchase.tokensSpent > 0)
      await ctx.realtime.publish(topics.public, EVENT_TYPES.shopChanged, { reason: 'purchase' });
  }
  return { purchase: out.purchase, wallet, message: SHOP_TEXTS.purchased(out.purchase.itemName) };
}

/** The member's purchases with their items, newest first. */
async function purchasesOf(db: DbOrTx, userId: string) {
  const rows = await db
    .select({ p: userPurchases, item: shopItems })
    .from(userPurchases)
    .leftJoin(shopItems, eq(shopItems.id, userPurchases.shopItemId))
    .where(and(eq(userPurchases.userId, userId), eq(userPurchases.status, 'completed')))
    .orderBy(desc(userPurchases.createdAt), desc(userPurchases.id));
  return rows.map(({ p, item }) => presentPurchase(p, item));
}

function featureKind(p: ReturnType<typeof presentPurchase>): ActiveFeature['kind'] {
  if (p.metadata.vip) return 'vip';
  if (p.metadata.themeId) return 'theme';
  if (p.metadata.unlocks) return 'feature';
  if (p.metadata.usernameIcon) return 'icon';
  return 'item';
}

/**
 * GET /api/shop/me: wallet, purchases, and what they unlock. VIP is active until the latest paid period
 * ends ('Lifetime' when an item has no duration); every other purchase stays active.
 */
export async function getMyShop(db: DbOrTx, userId: string): Promise<MyShop> {
  const purchases = await purchasesOf(db, userId);
  const owned = purchases.filter((p) => p.itemId !== null);
  const now = Date.now();
  const vipRows = owned.filter((p) => p.metadata.vip);
  const lifetime = vipRows.some((p) => p.expiresAt === null);
  const until = vipRows
    .map((p) => p.expiresAt)
    .filter((e): e is string => e !== null)
    .sort()
    .at(-1);
  const vipActive = lifetime || (until !== undefined && Date.parse(until) > now);
  const activeFeatures: ActiveFeature[] = [];
  const seen = new Set<string>();
  for (const p of owned) {
    const kind = featureKind(p);
    if (kind === 'vip') {
      if (!vipActive || seen.has('vip')) continue;
      seen.add('vip');
      activeFeatures.push({
        purchaseId: p.id,
        name: p.itemName,
        icon: p.icon,
        kind,
        expiresAt: lifetime ? null : (until ?? null),
        lifetime,
      });
      continue;
    }
    if (seen.has(p.itemId!)) continue;
    seen.add(p.itemId!);
    activeFeatures.push({
      purchaseId: p.id,
      name: p.itemName,
      icon: p.icon,
      kind,
      expiresAt: null,
      lifetime: false,
    });
  }
  const themes = new Set<ThemeId>(['default']);
  for (const p of owned) if (p.metadata.themeId) themes.add(p.metadata.themeId);
  const features = [...new Set(owned.flatMap((p) => (p.metadata.unlocks ? [p.metadata.unlocks] : [])))];
  const icon = owned.find((p) => p.metadata.usernameIcon && p.icon)?.icon ?? null;
  return {
    wallet: await getWallet(db, userId),
    purchases,
    activeFeatures,
    vip: { active: vipActive, lifetime, expiresAt: lifetime ? null : (until ?? null) },
    ownedThemes: THEME_IDS.filter((t) => themes.has(t)),
    features: features.filter((f) => f in FEATURE_NAMES),
    ownedItemIds: [...new Set(owned.map((p) => p.itemId!))],
    usernameIcon: icon,
  };
}

/** The default theme is free; any other needs a completed purchase of an item carrying that theme id. */
export async function ownsTheme(db: DbOrTx, userId: string, theme: ThemeId): Promise<boolean> {
  if (theme === 'default') return true;
  const rows = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM user_purchases p JOIN shop_items i ON i.id = p.shop_item_id
        WHERE p.user_id = ${userId} AND p.status = 'completed' AND i.metadata->>'themeId' = ${theme}`,
  );
  return Number(rows[0]?.n ?? 0) > 0;
}

/**
 * Revenue for the admin dashboard, in pounds: paid card orders, less what was refunded. Orders under
 * dispute and refunded ones are not revenue.
 */
export async function totalRevenue(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({
      pence: sql<string>`coalesce(sum(${orders.amountPence} - (${orders.amountPence}::bigint * ${orders.refundedTokens}) / ${orders.tokens}), 0)`,
    })
    .from(orders)
    .where(eq(orders.status, 'paid'));
  return Number(row?.pence ?? 0) / 100;
}
