import { randomUUID } from 'node:crypto';
import { asc, eq, ilike, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { displayNameOf } from '../../../shared/contracts/accounts';
import type {
  CategoryInput,
  CategoryPatch,
  GiftInput,
  ItemInput,
  ItemPatch,
} from '../../../shared/contracts/shop';
import { EVENT_TYPES, topics } from '../../../shared/events';
import { SHOP_TEXTS } from '../../../shared/texts/shop';
import type { AppContext } from '../../context';
import { conflict, notFound, requireUuid } from '../../infra/http/errors';
import { profiles } from '../accounts/accounts.table';
import { recordStaffAction, type StaffActor } from '../audit/audit.service';
import { notify } from '../notifications/notifications.service';
import { isRepeatable, presentCategory, presentItem, presentPurchase } from './shop.present';
import { nextVipExpiry, refuseIfOwned, takeFromStock } from './shop.service';
import { shopCategories, shopItems, userPurchases, userTokens } from './shop.table';
import { creditTokens, getWallet, lockWallet, publishWallet } from './wallet.service';

type Ctx = Pick<AppContext, 'db' | 'realtime'>;

const catalogueChanged = (ctx: Ctx) =>
  ctx.realtime.publish(topics.public, EVENT_TYPES.shopChanged, { reason: 'catalogue' });

/** Everything, active or not, for the admin Shop tab. */
export async function adminCatalogue(ctx: Pick<AppContext, 'db'>) {
  const categories = await ctx.db
    .select()
    .from(shopCategories)
    .orderBy(asc(shopCategories.sortOrder), asc(shopCategories.name));
  const items = await ctx.db
    .select()
    .from(shopItems)
    .orderBy(asc(shopItems.sortOrder), asc(shopItems.createdAt));
  return { categories: categories.map(presentCategory), items: items.map(presentItem) };
}

async function slugFree(ctx: Pick<AppContext, 'db'>, slug: string, exceptId?: string) {
  const [taken] = await ctx.db
    .select({ id: shopCategories.id })
    .from(shopCategories)
    .where(eq(shopCategories.slug, slug));
  if (taken && taken.id !== exceptId) throw conflict(SHOP_TEXTS.slugTaken);
}

export async function createCategory(ctx: Ctx, input: z.output<typeof CategoryInput>) {
  await slugFree(ctx, input.slug);
  const [row] = await ctx.db.insert(shopCategories).values(input).onConflictDoNothing().returning();
  if (!row) throw conflict(SHOP_TEXTS.slugTaken);
  await catalogueChanged(ctx);
  return presentCategory(row);
}

export async function updateCategory(ctx: Ctx, id: string, patch: z.output<typeof CategoryPatch>) {
  requireUuid(id, SHOP_TEXTS.categoryNotFound);
  if (patch.slug) await slugFree(ctx, patch.slug, id);
  const [row] =
    Object.keys(patch).length === 0
      ? await ctx.db.select().from(shopCategories).where(eq(shopCategories.id, id))
      : await ctx.db.update(shopCategories).set(patch).where(eq(shopCategories.id, id)).returning();
  if (!row) throw notFound(SHOP_TEXTS.categoryNotFound);
  await catalogueChanged(ctx);
  return presentCategory(row);
}

/** A category with items cannot go: its items would have nowhere to be. */
export async function deleteCategory(ctx: Ctx, id: string, actor: StaffActor = { system: 'The app' }) {
  requireUuid(id, SHOP_TEXTS.categoryNotFound);
  const [used] = await ctx.db
    .select({ id: shopItems.id })
    .from(shopItems)
    .where(eq(shopItems.categoryId, id))
    .limit(1);
  if (used) throw conflict(SHOP_TEXTS.categoryNotEmpty);
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx.delete(shopCategories).where(eq(shopCategories.id, id)).returning();
    if (!row) throw notFound(SHOP_TEXTS.categoryNotFound);
    await recordStaffAction(tx, {
      actor,
      action: 'shop.category.delete',
      target: { type: 'shop_category', id },
      summary: `Category ${row.name}`,
      before: row,
      after: null,
    });
  });
  await catalogueChanged(ctx);
}

async function requireCategory(ctx: Pick<AppContext, 'db'>, id: string) {
  requireUuid(id, SHOP_TEXTS.categoryNotFound);
  const [c] = await ctx.db
    .select({ id: shopCategories.id })
    .from(shopCategories)
    .where(eq(shopCategories.id, id));
  if (!c) throw notFound(SHOP_TEXTS.categoryNotFound);
}

export async function createItem(ctx: Ctx, input: z.output<typeof ItemInput>) {
  await requireCategory(ctx, input.categoryId);
  const { priceGbp, ...rest } = input;
  const [row] = await ctx.db
    .insert(shopItems)
    .values({ ...rest, pricePence: Math.round(priceGbp * 100) })
    .returning();
  await catalogueChanged(ctx);
  return presentItem(row);
}

/** A real edit: every field can change, on the same item. */
export async function updateItem(ctx: Ctx, id: string, patch: z.output<typeof ItemPatch>) {
  requireUuid(id, SHOP_TEXTS.productNotFound);
  if (patch.categoryId) await requireCategory(ctx, patch.categoryId);
  const { priceGbp, ...rest } = patch;
  const values = {
    ...rest,
    ...(priceGbp !== undefined ? { pricePence: Math.round(priceGbp * 100) } : {}),
    updatedAt: new Date(),
  };
  const [row] = await ctx.db.update(shopItems).set(values).where(eq(shopItems.id, id)).returning();
  if (!row) throw notFound(SHOP_TEXTS.productNotFound);
  await catalogueChanged(ctx);
  return presentItem(row);
}

/** Items members own stay (their purchases point at them): turn those off instead. */
export async function deleteItem(ctx: Ctx, id: string, actor: StaffActor = { system: 'The app' }) {
  requireUuid(id, SHOP_TEXTS.productNotFound);
  const [owned] = await ctx.db
    .select({ id: userPurchases.id })
    .from(userPurchases)
    .where(eq(userPurchases.shopItemId, id))
    .limit(1);
  if (owned) throw conflict(SHOP_TEXTS.itemOwnedNoDelete);
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx.delete(shopItems).where(eq(shopItems.id, id)).returning();
    if (!row) throw notFound(SHOP_TEXTS.productNotFound);
    await recordStaffAction(tx, {
      actor,
      action: 'shop.item.delete',
      target: { type: 'shop_item', id },
      summary: `Item ${row.name}`,
      before: row,
      after: null,
    });
  });
  await catalogueChanged(ctx);
}

/** Members to give to, found by name or email (the email itself is not shown). */
export async function findRecipients(ctx: Pick<AppContext, 'db'>, q: string) {
  const term = q.trim();
  const pattern = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await ctx.db
    .select({ p: profiles, balance: userTokens.tokenBalance })
    .from(profiles)
    .leftJoin(userTokens, eq(userTokens.userId, profiles.id))
    .where(term ? or(ilike(profiles.fullName, pattern), ilike(profiles.email, pattern)) : undefined)
    .orderBy(asc(sql`lower(coalesce(${profiles.fullName}, ${profiles.email}))`))
    .limit(20);
  return rows.map(({ p, balance }) => ({
    id: p.id,
    displayName: displayNameOf({ fullName: p.fullName, email: p.email }),
    balance: balance ?? 0,
  }));
}

/**
 * Gives an item and/or tokens to a member: one purchase at price 0 paid by 'admin_gift' and, for tokens,
 * a ledger row; the item's stock counts (a sold-out item cannot be given), a one-off item they already own
 * cannot be given twice, VIP extends their period. The member is notified and their pages update.
 */
export async function giveGift(ctx: Ctx, actorId: string, input: z.output<typeof GiftInput>) {
  const [member] = await ctx.db
    .select({ id: profiles.id })
    .from(profiles)
    .where(eq(profiles.id, input.userId));
  if (!member) throw notFound(SHOP_TEXTS.memberNotFound);
  if (input.itemId) requireUuid(input.itemId, SHOP_TEXTS.productNotFound);
  const out = await ctx.db.transaction(async (tx) => {
    await lockWallet(tx, input.userId);
    let item: typeof shopItems.$inferSelect | null = null;
    if (input.itemId) {
      [item] = await tx.select().from(shopItems).where(eq(shopItems.id, input.itemId));
      if (!item) throw notFound(SHOP_TEXTS.productNotFound);
      await refuseIfOwned(tx, input.userId, item, SHOP_TEXTS.giftAlreadyOwned(item.name));
      await takeFromStock(tx, item);
    }
    const purchaseId = randomUUID();
    const [row] = await tx
      .insert(userPurchases)
      .values({
        id: purchaseId,
        userId: input.userId,
        shopItemId: item?.id ?? null,
        itemName: item?.name ?? `${input.tokens} tokens`,
        amountPence: 0,
        tokensGranted: input.tokens,
        paymentMethod: 'admin_gift',
        transactionId: `gift:${purchaseId}`,
        repeatable: item ? isRepeatable(item.metadata) : false,
        expiresAt: item && isRepeatable(item.metadata) ? await nextVipExpiry(tx, input.userId, item) : null,
        giftedBy: actorId,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw conflict(SHOP_TEXTS.giftAlreadyOwned(item?.name ?? 'this item'));
    const wallet =
      input.tokens > 0
        ? await creditTokens(tx, input.userId, input.tokens, 'admin_gift', { purchaseId, actorId })
        : null;
    await recordStaffAction(tx, {
      actor: { userId: actorId },
      action: 'shop.gift',
      target: { type: 'user', id: input.userId },
      summary: `Gave ${[item?.name, input.tokens > 0 ? `${input.tokens} tokens` : null].filter(Boolean).join(' and ')}`,
      before: null,
      after: { itemId: item?.id ?? null, itemName: item?.name ?? null, tokens: input.tokens, purchaseId },
    });
    return { purchase: presentPurchase(row, item), wallet, item };
  });
  const wallet = out.wallet ?? (await getWallet(ctx.db, input.userId));
  if (out.wallet) await publishWallet(ctx, input.userId, wallet);
  await ctx.realtime.publish(topics.user(input.userId), EVENT_TYPES.shopPurchases, { id: out.purchase.id });
  if (out.item?.stockQuantity !== null && out.item) await catalogueChanged(ctx);
  const what = [out.item?.name, input.tokens > 0 ? `${input.tokens} tokens` : null]
    .filter(Boolean)
    .join(' and ');
  await notify(ctx, input.userId, {
    title: 'You received a gift!',
    message: `The station gave you ${what}.`,
    link: '/profile?tab=purchases',
  });
  return { purchase: out.purchase, wallet, message: `Gave ${what}.` };
}
