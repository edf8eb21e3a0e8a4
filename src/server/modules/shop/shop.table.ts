import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { ItemMetadata } from '../../../shared/contracts/shop';
import { createdAtColumn, idColumn, updatedAtColumn, uuidRefColumn } from '../../db/columns';
import { memberColumn, profiles } from '../accounts/accounts.table';

/** Shop sections: featured, account, website, icons, vip by default. */
export const shopCategories = pgTable('shop_categories', {
  id: idColumn(),
  name: text('name').notNull(),
  slug: text('slug').notNull().unique('shop_categories_slug_uq'),
  icon: text('icon'),
  sortOrder: integer('sort_order').notNull().default(0),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: createdAtColumn(),
});

/** Items bought with tokens. Prices are kept in pence; an item costs its price rounded up, in tokens. */
export const shopItems = pgTable(
  'shop_items',
  {
    id: idColumn(),
    categoryId: uuidRefColumn('category_id', () => shopCategories.id, 'restrict'),
    name: text('name').notNull(),
    description: text('description').notNull(),
    pricePence: integer('price_pence').notNull(),
    icon: text('icon'),
    imageUrl: text('image_url'),
    gradientClass: text('gradient_class'),
    /** null: not counted; otherwise what is left, never below 0. */
    stockQuantity: integer('stock_quantity'),
    isLimitedEdition: boolean('is_limited_edition').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    metadata: jsonb('metadata').$type<ItemMetadata>().notNull().default({}),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    index('shop_items_category_idx').on(t.categoryId, t.sortOrder),
    check('shop_items_price_ck', sql`${t.pricePence} >= 0`),
    check('shop_items_stock_ck', sql`${t.stockQuantity} IS NULL OR ${t.stockQuantity} >= 0`),
  ],
);

/**
 * A member's tokens (user_tokens). The balance may go below zero only when a refund or a
 * dispute takes back tokens already spent; a purchase needs balance >= cost. Always:
 * balance = total_earned - total_spent = the sum of the member's ledger rows.
 */
export const userTokens = pgTable('user_tokens', {
  userId: text('user_id')
    .primaryKey()
    .references(() => profiles.id, { onDelete: 'cascade' }),
  tokenBalance: integer('token_balance').notNull().default(0),
  totalEarned: integer('total_earned').notNull().default(0),
  totalSpent: integer('total_spent').notNull().default(0),
  updatedAt: updatedAtColumn(),
});

export const LEDGER_REASONS = [
  'card_purchase',
  'admin_gift',
  'item_purchase',
  'refund',
  'dispute',
  'dispute_won',
] as const;
export type LedgerReason = (typeof LEDGER_REASONS)[number];

/** Every change of a balance, with the balance it left. */
export const tokenLedger = pgTable(
  'token_ledger',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: memberColumn('user_id'),
    delta: integer('delta').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    reason: text('reason').$type<LedgerReason>().notNull(),
    orderId: uuid('order_id'),
    purchaseId: uuid('purchase_id'),
    actorId: text('actor_id'),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index('token_ledger_user_idx').on(t.userId, t.id),
    check('token_ledger_delta_ck', sql`${t.delta} <> 0`),
    // A paid order is credited once, whatever arrives twice.
    uniqueIndex('token_ledger_card_credit_uq').on(t.orderId).where(sql`${t.reason} = 'card_purchase'`),
  ],
);

/** Completed purchases with tokens, and gifts from staff (user_purchases). */
export const userPurchases = pgTable(
  'user_purchases',
  {
    id: idColumn(),
    userId: memberColumn('user_id'),
    shopItemId: uuid('shop_item_id').references(() => shopItems.id, { onDelete: 'restrict' }),
    itemName: text('item_name').notNull(),
    status: text('status').notNull().default('completed'),
    amountPence: integer('amount_pence').notNull().default(0),
    tokensSpent: integer('tokens_spent').notNull().default(0),
    tokensGranted: integer('tokens_granted').notNull().default(0),
    paymentMethod: text('payment_method').$type<'tokens' | 'admin_gift'>().notNull(),
    transactionId: text('transaction_id').notNull(),
    idempotencyKey: text('idempotency_key'),
    /** A VIP subscription is bought again and again; anything else is owned once. */
    repeatable: boolean('repeatable').notNull().default(false),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    giftedBy: text('gifted_by'),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index('user_purchases_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('user_purchases_transaction_uq').on(t.transactionId),
    uniqueIndex('user_purchases_idempotency_uq')
      .on(t.userId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} IS NOT NULL`),
    uniqueIndex('user_purchases_owned_once_uq')
      .on(t.userId, t.shopItemId)
      .where(sql`NOT ${t.repeatable} AND ${t.shopItemId} IS NOT NULL`),
  ],
);

/** Card payments for tokens through Stripe Checkout: one row per checkout session. */
export const orders = pgTable(
  'orders',
  {
    id: idColumn(),
    userId: memberColumn('user_id'),
    tokens: integer('tokens').notNull(),
    amountPence: integer('amount_pence').notNull(),
    currency: text('currency').notNull().default('gbp'),
    status: text('status').notNull().default('pending'),
    stripeSessionId: text('stripe_session_id').unique('orders_stripe_session_uq'),
    stripePaymentIntentId: text('stripe_payment_intent_id'),
    refundedTokens: integer('refunded_tokens').notNull().default(0),
    disputedTokens: integer('disputed_tokens').notNull().default(0),
    disputeStatus: text('dispute_status'),
    createdAt: createdAtColumn(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    index('orders_user_idx').on(t.userId, t.createdAt),
    index('orders_payment_intent_idx').on(t.stripePaymentIntentId),
    index('orders_created_idx').on(t.createdAt),
    check('orders_tokens_ck', sql`${t.tokens} > 0 AND ${t.amountPence} > 0`),
  ],
);

/** Every Stripe event id handled: the same event delivered again changes nothing. */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  orderId: uuid('order_id'),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});
