import { and, desc, eq, sql } from 'drizzle-orm';
import { displayNameOf } from '../../../shared/contracts/accounts';
import { isTokenAmount, type OrdersReport } from '../../../shared/contracts/shop';
import { EVENT_TYPES, topics } from '../../../shared/events';
import { LIMITS } from '../../../shared/limits';
import { SHOP_TEXTS } from '../../../shared/texts/shop';
import type { AppContext } from '../../context';
import { AppError, badRequest, notFound } from '../../infra/http/errors';
import { profiles } from '../accounts/accounts.table';
import { presentOrder } from './shop.present';
import { orders } from './shop.table';
import { getWallet } from './wallet.service';

type Ctx = Pick<AppContext, 'db' | 'realtime' | 'stripe' | 'config' | 'log'>;

/**
 * Starts a card payment: a pending order (the price from our own list: 1 token = £1, never from the
 * browser; the member from the session), then a Stripe Checkout Session whose url the browser follows.
 */
export async function startCheckout(
  ctx: Ctx,
  member: { userId: string; email: string },
  tokens: unknown,
): Promise<{ url: string; orderId: string }> {
  if (!isTokenAmount(tokens))
    throw badRequest(SHOP_TEXTS.tokenAmountRange, { tokens: SHOP_TEXTS.tokenAmountRange });
  const stripe = ctx.stripe;
  if (!stripe) throw new AppError('UNAVAILABLE', SHOP_TEXTS.cardPaymentsOff);
  const amountPence = tokens * LIMITS.pencePerToken;
  const [order] = await ctx.db
    .insert(orders)
    .values({ userId: member.userId, tokens, amountPence, currency: 'gbp', status: 'pending' })
    .returning();
  try {
    const session = await stripe.createCheckoutSession({
      orderId: order.id,
      userId: member.userId,
      email: member.email,
      tokens,
      amountPence,
      successUrl: `${ctx.config.baseUrl}/success?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${ctx.config.baseUrl}/failed`,
    });
    // The webhook may have recorded the session already (it finds the order by its id): keep its value.
    await ctx.db
      .update(orders)
      .set({
        stripeSessionId: sql`coalesce(${orders.stripeSessionId}, ${session.id})`,
        updatedAt: new Date(),
      })
      .where(eq(orders.id, order.id));
    await ctx.realtime.publish(topics.capability('shop.manage'), EVENT_TYPES.shopOrdersChanged, {
      id: order.id,
    });
    return { url: session.url, orderId: order.id };
  } catch (err) {
    stripe.logFailure(err, 'creating a checkout session');
    await ctx.db
      .update(orders)
      .set({ status: 'failed', updatedAt: new Date() })
      .where(and(eq(orders.id, order.id), eq(orders.status, 'pending')));
    throw new AppError('UNAVAILABLE', SHOP_TEXTS.checkoutFailed);
  }
}

/** The member's own order behind a checkout session; anyone else's answers 404, telling nothing. */
export async function orderForSession(ctx: Pick<AppContext, 'db'>, userId: string, sessionId: string) {
  const [o] = await ctx.db
    .select()
    .from(orders)
    .where(and(eq(orders.stripeSessionId, sessionId), eq(orders.userId, userId)));
  if (!o) throw notFound('Order not found');
  return { order: presentOrder(o), wallet: await getWallet(ctx.db, userId) };
}

/** The payments tab: the latest orders with their member, and the totals over all orders. */
export async function ordersReport(
  ctx: Pick<AppContext, 'db' | 'stripe'>,
  limit = 200,
): Promise<OrdersReport> {
  const rows = await ctx.db
    .select({ o: orders, p: profiles })
    .from(orders)
    .innerJoin(profiles, eq(profiles.id, orders.userId))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit);
  const [t] = await ctx.db
    .select({
      revenue: sql<string>`coalesce(sum(CASE WHEN ${orders.status} = 'paid' THEN ${orders.amountPence} - (${orders.amountPence}::bigint * ${orders.refundedTokens}) / ${orders.tokens} END), 0)`,
      refunded: sql<string>`coalesce(sum((${orders.amountPence}::bigint * ${orders.refundedTokens}) / ${orders.tokens}), 0)`,
      disputed: sql<string>`coalesce(sum(CASE WHEN ${orders.status} = 'disputed' THEN ${orders.amountPence} END), 0)`,
      paidCount: sql<number>`count(*) FILTER (WHERE ${orders.status} = 'paid')::int`,
      pendingCount: sql<number>`count(*) FILTER (WHERE ${orders.status} = 'pending')::int`,
      tokensSold: sql<string>`coalesce(sum(${orders.tokens} - ${orders.refundedTokens}) FILTER (WHERE ${orders.status} = 'paid'), 0)`,
    })
    .from(orders);
  return {
    orders: rows.map(({ o, p }) => ({
      ...presentOrder(o),
      memberName: displayNameOf({ fullName: p.fullName, email: p.email }),
      stripeSessionId: o.stripeSessionId,
    })),
    totals: {
      revenueGbp: Number(t.revenue) / 100,
      refundedGbp: Number(t.refunded) / 100,
      disputedGbp: Number(t.disputed) / 100,
      paidCount: Number(t.paidCount),
      pendingCount: Number(t.pendingCount),
      tokensSold: Number(t.tokensSold),
    },
    cardPayments: { configured: ctx.stripe !== null },
  };
}
