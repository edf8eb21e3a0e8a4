import { z } from 'zod';
import { LIMITS } from '../limits';
import { SHOP_TEXTS } from '../texts/shop';
import { FEATURE_KEYS, THEME_IDS } from '../themes';

export { FEATURE_KEYS, FEATURE_NAMES, THEME_IDS, THEMES } from '../themes';
export const ThemeId = z.enum(THEME_IDS);
export type ThemeId = z.infer<typeof ThemeId>;
export const FeatureKey = z.enum(FEATURE_KEYS);
export type FeatureKey = z.infer<typeof FeatureKey>;

/**
 * Card backgrounds an admin can pick for an item (the class names appear here, so the stylesheet has them).
 */
export const ITEM_GRADIENTS = [
  'from-pink-500 to-violet-500',
  'from-violet-600 to-indigo-500',
  'from-amber-400 to-orange-500',
  'from-emerald-500 to-teal-500',
  'from-sky-500 to-blue-600',
  'from-rose-500 to-red-600',
  'from-slate-600 to-slate-800',
] as const;

/**
 * An item's metadata (theme id, features list, duration in months). VIP status comes from the
 * `vip` flag, never from the item's name; `unlocks` names a feature such as the bar visualiser.
 */
export const ItemMetadata = z
  .object({
    themeId: ThemeId.optional(),
    features: z.array(z.string().trim().min(1).max(80)).max(10).optional(),
    durationMonths: z.number().int().min(1).max(120).optional(),
    vip: z.boolean().optional(),
    unlocks: FeatureKey.optional(),
    usernameIcon: z.boolean().optional(),
  })
  .strict();
export type ItemMetadata = z.infer<typeof ItemMetadata>;

export const ShopCategory = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  icon: z.string().nullable(),
  sortOrder: z.number(),
  isActive: z.boolean(),
});
export type ShopCategory = z.infer<typeof ShopCategory>;

export const ShopItem = z.object({
  id: z.string(),
  categoryId: z.string(),
  name: z.string(),
  description: z.string(),
  priceGbp: z.number(),
  /** What it costs in tokens: the price rounded up. */
  tokenCost: z.number().int(),
  icon: z.string().nullable(),
  imageUrl: z.string().nullable(),
  gradientClass: z.string().nullable(),
  /** null: not counted. */
  stockQuantity: z.number().int().nullable(),
  isLimitedEdition: z.boolean(),
  isActive: z.boolean(),
  sortOrder: z.number().int(),
  metadata: ItemMetadata,
  createdAt: z.string(),
});
export type ShopItem = z.infer<typeof ShopItem>;

export const Supporter = z.object({
  id: z.string(),
  displayName: z.string(),
  picture: z.string().nullable(),
  totalSpent: z.number().int(),
});
export type Supporter = z.infer<typeof Supporter>;

export const CardPayments = z.object({
  enabled: z.boolean(),
  packs: z.array(z.number().int()),
  min: z.number().int(),
  max: z.number().int(),
  step: z.number().int(),
  defaultAmount: z.number().int(),
});

/** GET /api/shop: what the shop page shows to anyone. */
export const ShopCatalogue = z.object({
  categories: z.array(ShopCategory),
  items: z.array(ShopItem),
  supporters: z.array(Supporter),
  cardPayments: CardPayments,
});
export type ShopCatalogue = z.infer<typeof ShopCatalogue>;

export const Wallet = z.object({
  balance: z.number().int(),
  totalEarned: z.number().int(),
  totalSpent: z.number().int(),
});
export type Wallet = z.infer<typeof Wallet>;

export const PAYMENT_METHODS = ['tokens', 'admin_gift'] as const;

export const Purchase = z.object({
  id: z.string(),
  itemId: z.string().nullable(),
  itemName: z.string(),
  icon: z.string().nullable(),
  gradientClass: z.string().nullable(),
  metadata: ItemMetadata,
  status: z.literal('completed'),
  amountGbp: z.number(),
  tokensSpent: z.number().int(),
  /** Tokens a gift carried. */
  tokensGranted: z.number().int(),
  paymentMethod: z.enum(PAYMENT_METHODS),
  transactionId: z.string(),
  createdAt: z.string(),
  /** VIP: the end of the period this purchase paid for; null when lifetime or not a subscription. */
  expiresAt: z.string().nullable(),
});
export type Purchase = z.infer<typeof Purchase>;

export const ActiveFeature = z.object({
  purchaseId: z.string(),
  name: z.string(),
  icon: z.string().nullable(),
  kind: z.enum(['vip', 'theme', 'feature', 'icon', 'item']),
  /** VIP: until when; null with lifetime true means it never ends. */
  expiresAt: z.string().nullable(),
  lifetime: z.boolean(),
});
export type ActiveFeature = z.infer<typeof ActiveFeature>;

/** GET /api/shop/me: the member's wallet, purchases (newest first) and what they unlock. */
export const MyShop = z.object({
  wallet: Wallet,
  purchases: z.array(Purchase),
  activeFeatures: z.array(ActiveFeature),
  vip: z.object({ active: z.boolean(), lifetime: z.boolean(), expiresAt: z.string().nullable() }),
  ownedThemes: z.array(ThemeId),
  features: z.array(FeatureKey),
  ownedItemIds: z.array(z.string()),
  usernameIcon: z.string().nullable(),
});
export type MyShop = z.infer<typeof MyShop>;

export const BuyItemInput = z.object({
  /** Chosen by the browser per click: a repeated request with the same key charges once. */
  idempotencyKey: z.string().trim().min(8).max(100),
});
export const BuyItemResult = z.object({ purchase: Purchase, wallet: Wallet, message: z.string() });

export const CheckoutInput = z.object({
  tokens: z.unknown().refine(isTokenAmount, { message: SHOP_TEXTS.tokenAmountRange }),
});
/** A card top-up: a whole number of tokens from 10 to 1000 (the packs of 10 and 16 included). */
export function isTokenAmount(v: unknown): v is number {
  return (
    typeof v === 'number' && Number.isInteger(v) && v >= LIMITS.tokenCustomMin && v <= LIMITS.tokenCustomMax
  );
}
export const CheckoutResult = z.object({ url: z.string(), orderId: z.string() });

export const ORDER_STATUSES = ['pending', 'paid', 'expired', 'failed', 'refunded', 'disputed'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const Order = z.object({
  id: z.string(),
  userId: z.string(),
  tokens: z.number().int(),
  amountGbp: z.number(),
  currency: z.string(),
  status: z.enum(ORDER_STATUSES),
  refundedTokens: z.number().int(),
  disputeStatus: z.enum(['open', 'won', 'lost']).nullable(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
});
export type Order = z.infer<typeof Order>;

/** GET /api/shop/orders/session/:sessionId: the member's own order behind a checkout session. */
export const MyOrder = z.object({ order: Order, wallet: Wallet });

export const AdminOrder = Order.extend({ memberName: z.string(), stripeSessionId: z.string().nullable() });
export type AdminOrder = z.infer<typeof AdminOrder>;
export const OrdersReport = z.object({
  orders: z.array(AdminOrder),
  totals: z.object({
    revenueGbp: z.number(),
    refundedGbp: z.number(),
    disputedGbp: z.number(),
    paidCount: z.number().int(),
    pendingCount: z.number().int(),
    tokensSold: z.number().int(),
  }),
  cardPayments: z.object({ configured: z.boolean() }),
});
export type OrdersReport = z.infer<typeof OrdersReport>;

const t = SHOP_TEXTS;

const slug = z
  .string()
  .trim()
  .min(1)
  .max(40)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Use lowercase letters, digits and hyphens.');

/** An emoji (or short text) shown as an icon; empty becomes null. */
const iconField = z
  .string()
  .trim()
  .max(16)
  .nullable()
  .transform((v) => v || null);
const sortOrderField = z.number().int().min(-10_000).max(10_000);

export const CategoryInput = z
  .object({
    name: z.string({ error: t.nameRequired }).trim().min(1, t.nameRequired).max(60),
    slug,
    icon: iconField.default(null),
    sortOrder: sortOrderField.default(0),
    isActive: z.boolean().default(true),
  })
  .strict();
export const CategoryPatch = z
  .object({
    name: CategoryInput.shape.name,
    slug,
    icon: iconField,
    sortOrder: sortOrderField,
    isActive: z.boolean(),
  })
  .partial()
  .strict();

/** A price in pounds with at most two decimals (the form's step: 0.01). */
const priceGbp = z
  .number({ error: t.priceRequired })
  .min(0, t.priceInvalid)
  .max(LIMITS.itemPriceMaxPence / 100, t.priceInvalid)
  .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, t.priceInvalid);

const imageUrl = z
  .string()
  .trim()
  .max(500)
  .nullable()
  .transform((v) => v || null)
  .refine((v) => v === null || /^https?:\/\/\S+$/.test(v) || /^\/uploads\/\S+$/.test(v), {
    message: 'Use a web address (https://…) for the image.',
  });

export const ItemInput = z
  .object({
    categoryId: z.string({ error: t.categoryRequired }).min(1, t.categoryRequired).max(64),
    name: z.string({ error: t.nameRequired }).trim().min(1, t.nameRequired).max(80),
    description: z.string({ error: t.descriptionRequired }).trim().min(1, t.descriptionRequired).max(500),
    priceGbp,
    icon: iconField.default(null),
    imageUrl: imageUrl.default(null),
    gradientClass: z.enum(ITEM_GRADIENTS).nullable().default(null),
    stockQuantity: z.number().int().min(0).max(1_000_000).nullable().default(null),
    isLimitedEdition: z.boolean().default(false),
    isActive: z.boolean().default(true),
    sortOrder: sortOrderField.default(0),
    metadata: ItemMetadata.default({}),
  })
  .strict();
export const ItemPatch = z
  .object({
    categoryId: ItemInput.shape.categoryId,
    name: ItemInput.shape.name,
    description: ItemInput.shape.description,
    priceGbp,
    icon: iconField,
    imageUrl,
    gradientClass: z.enum(ITEM_GRADIENTS).nullable(),
    stockQuantity: z.number().int().min(0).max(1_000_000).nullable(),
    isLimitedEdition: z.boolean(),
    isActive: z.boolean(),
    sortOrder: sortOrderField,
    metadata: ItemMetadata,
  })
  .partial()
  .strict();

export const AdminCatalogue = z.object({ categories: z.array(ShopCategory), items: z.array(ShopItem) });

export const GiftInput = z
  .object({
    userId: z.string({ error: 'Choose a member.' }).min(1, 'Choose a member.').max(64),
    itemId: z.string().min(1).max(64).nullable().default(null),
    tokens: z
      .number({ error: t.giftTokensRange })
      .int(t.giftTokensRange)
      .min(0, t.giftTokensRange)
      .max(LIMITS.giftTokensMax, t.giftTokensRange)
      .default(0),
  })
  .strict()
  .refine((g) => g.itemId !== null || g.tokens > 0, { message: t.giftNothing, path: ['tokens'] });
export const GiftResult = z.object({ purchase: Purchase, wallet: Wallet, message: z.string() });

export const Recipient = z.object({
  id: z.string(),
  displayName: z.string(),
  balance: z.number().int(),
});
export const RecipientList = z.object({ members: z.array(Recipient) });
