import type {
  ItemMetadata,
  Order,
  OrderStatus,
  Purchase,
  ShopCategory,
  ShopItem,
} from '../../../shared/contracts/shop';
import { LIMITS } from '../../../shared/limits';
import type { orders, shopCategories, shopItems, userPurchases } from './shop.table';

type CategoryRow = typeof shopCategories.$inferSelect;
type ItemRow = typeof shopItems.$inferSelect;
type PurchaseRow = typeof userPurchases.$inferSelect;
type OrderRow = typeof orders.$inferSelect;

/** An item costs its price rounded up, in tokens (1 token = £1). */
export const tokenCostOf = (pricePence: number) => Math.ceil(pricePence / LIMITS.pencePerToken);

/** A VIP subscription is bought again and again; any other item is owned once. */
export const isRepeatable = (metadata: ItemMetadata) => metadata.vip === true;

export const presentCategory = (c: CategoryRow): ShopCategory => ({
  id: c.id,
  name: c.name,
  slug: c.slug,
  icon: c.icon,
  sortOrder: c.sortOrder,
  isActive: c.isActive,
});

export const presentItem = (i: ItemRow): ShopItem => ({
  id: i.id,
  categoryId: i.categoryId,
  name: i.name,
  description: i.description,
  priceGbp: i.pricePence / 100,
  tokenCost: tokenCostOf(i.pricePence),
  icon: i.icon,
  imageUrl: i.imageUrl,
  gradientClass: i.gradientClass,
  stockQuantity: i.stockQuantity,
  isLimitedEdition: i.isLimitedEdition,
  isActive: i.isActive,
  sortOrder: i.sortOrder,
  metadata: i.metadata ?? {},
  createdAt: i.createdAt.toISOString(),
});

export const presentPurchase = (
  p: PurchaseRow,
  item: Pick<ItemRow, 'icon' | 'gradientClass' | 'metadata'> | null,
): Purchase => ({
  id: p.id,
  itemId: p.shopItemId,
  itemName: p.itemName,
  icon: item?.icon ?? null,
  gradientClass: item?.gradientClass ?? null,
  metadata: item?.metadata ?? {},
  status: 'completed',
  amountGbp: p.amountPence / 100,
  tokensSpent: p.tokensSpent,
  tokensGranted: p.tokensGranted,
  paymentMethod: p.paymentMethod,
  transactionId: p.transactionId,
  createdAt: p.createdAt.toISOString(),
  expiresAt: p.expiresAt?.toISOString() ?? null,
});

export const presentOrder = (o: OrderRow): Order => ({
  id: o.id,
  userId: o.userId,
  tokens: o.tokens,
  amountGbp: o.amountPence / 100,
  currency: o.currency,
  status: o.status as OrderStatus,
  refundedTokens: o.refundedTokens,
  disputeStatus: (o.disputeStatus as Order['disputeStatus']) ?? null,
  createdAt: o.createdAt.toISOString(),
  paidAt: o.paidAt?.toISOString() ?? null,
});

/** Adds whole months in UTC, keeping the day where the month allows it (31 Jan + 1 month → 28/29 Feb). */
export function addMonths(from: Date, months: number): Date {
  const d = new Date(from.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}
