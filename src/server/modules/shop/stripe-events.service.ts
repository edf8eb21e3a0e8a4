import { and, eq, inArray } from 'drizzle-orm';
import type Stripe from 'stripe';
import { EVENT_TYPES, topics } from '../../../shared/events';
import { LIMITS } from '../../../shared/limits';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import type { StripeEvent } from '../../integrations/stripe/stripe-payments';
import { recordStaffAction } from '../audit/audit.service';
import { presentOrder } from './shop.present';
import { orders, stripeEvents } from './shop.table';
import { creditTokens, publishWallet, reverseTokens } from './wallet.service';

type Ctx = Pick<AppContext, 'db' | 'realtime' | 'log'>;
type OrderRow = typeof orders.$inferSelect;
type Wallet = Awaited<ReturnType<typeof creditTokens>>;

interface Outcome {
  outcome: string;
  order: OrderRow | null;
  wallet: Wallet | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const idOf = (v: string | { id: string } | null | undefined) => (typeof v === 'string' ? v : (v?.id ?? null));
/** Stripe amounts are in pence: whole tokens only (1 token = £1). */
const tokensIn = (pence: number) => Math.floor(pence / LIMITS.pencePerToken);

/** The order a checkout session belongs to: by our order id (metadata or client reference), else by session. */
async function lockOrderOfSession(tx: Tx, s: Stripe.Checkout.Session): Promise<OrderRow | null> {
  const ref = s.metadata?.order_id ?? s.client_reference_id ?? null;
  const where = ref && UUID.test(ref) ? eq(orders.id, ref) : eq(orders.stripeSessionId, s.id);
  const [o] = await tx.select().from(orders).where(where).for('update');
  if (!o || (o.stripeSessionId !== null && o.stripeSessionId !== s.id)) return null;
  return o;
}

async function lockOrderOfPayment(tx: Tx, paymentIntent: string | null): Promise<OrderRow | null> {
  if (!paymentIntent) return null;
  const [o] = await tx
    .select()
    .from(orders)
    .where(eq(orders.stripePaymentIntentId, paymentIntent))
    .for('update');
  return o ?? null;
}

async function setOrder(tx: Tx, id: string, patch: Partial<OrderRow>, onlyFrom?: string[]) {
  const [o] = await tx
    .update(orders)
    .set({ ...patch, updatedAt: new Date() })
    .where(onlyFrom ? and(eq(orders.id, id), inArray(orders.status, onlyFrom)) : eq(orders.id, id))
    .returning();
  return o ?? null;
}

/** Paid: the order becomes paid once (from pending, expired or failed) and its tokens are credited once. */
async function sessionPaid(tx: Tx, s: Stripe.Checkout.Session, log: Ctx['log']): Promise<Outcome> {
  const order = await lockOrderOfSession(tx, s);
  if (!order) return { outcome: 'unknown_order', order: null, wallet: null };
  if (s.amount_total !== order.amountPence || (s.currency ?? '').toLowerCase() !== order.currency) {
    log.error(
      { orderId: order.id, session: s.id, amount: s.amount_total },
      'stripe: paid amount differs from the order',
    );
    return { outcome: 'amount_mismatch', order, wallet: null };
  }
  const paid = await setOrder(
    tx,
    order.id,
    {
      status: 'paid',
      paidAt: new Date(),
      stripeSessionId: s.id,
      stripePaymentIntentId: idOf(s.payment_intent),
    },
    ['pending', 'expired', 'failed'],
  );
  if (!paid) return { outcome: 'already_paid', order, wallet: null };
  const wallet = await creditTokens(tx, order.userId, order.tokens, 'card_purchase', { orderId: order.id });
  return { outcome: 'credited', order: paid, wallet };
}

async function sessionEnded(
  tx: Tx,
  s: Stripe.Checkout.Session,
  status: 'expired' | 'failed',
): Promise<Outcome> {
  const order = await lockOrderOfSession(tx, s);
  if (!order) return { outcome: 'unknown_order', order: null, wallet: null };
  const changed = await setOrder(tx, order.id, { status, stripeSessionId: s.id }, ['pending']);
  return { outcome: changed ? status : 'unchanged', order: changed ?? order, wallet: null };
}

/** Refunds are cumulative on the charge: take back only what no earlier refund event took. */
async function chargeRefunded(tx: Tx, charge: Stripe.Charge): Promise<Outcome> {
  const order = await lockOrderOfPayment(tx, idOf(charge.payment_intent));
  if (!order || order.paidAt === null) return { outcome: 'unknown_order', order, wallet: null };
  const target = Math.min(order.tokens, tokensIn(charge.amount_refunded));
  const heldByDispute = order.disputeStatus === 'won' ? 0 : order.disputedTokens;
  const take = Math.min(target - order.refundedTokens, order.tokens - order.refundedTokens - heldByDispute);
  const status =
    order.disputeStatus === 'open' || order.disputeStatus === 'lost'
      ? 'disputed'
      : target >= order.tokens
        ? 'refunded'
        : 'paid';
  const updated = await setOrder(tx, order.id, {
    refundedTokens: Math.max(order.refundedTokens, target),
    status,
  });
  if (take <= 0) return { outcome: 'unchanged', order: updated, wallet: null };
  const wallet = await reverseTokens(tx, order.userId, take, 'refund', { orderId: order.id });
  // Refunds are issued by staff in Stripe's dashboard; Stripe's event is what the app sees of it.
  await recordStaffAction(tx, {
    actor: { system: 'Stripe (refund)' },
    action: 'shop.refund',
    target: { type: 'order', id: order.id },
    summary: `Refunded ${take} tokens of an order of ${order.tokens}`,
    before: { status: order.status, refundedTokens: order.refundedTokens },
    after: { status: updated?.status ?? status, refundedTokens: Math.max(order.refundedTokens, target) },
  });
  return { outcome: 'refunded', order: updated, wallet };
}

async function disputeOpened(tx: Tx, d: Stripe.Dispute): Promise<Outcome> {
  const order = await lockOrderOfPayment(tx, idOf(d.payment_intent));
  if (!order || order.paidAt === null || order.disputeStatus !== null)
    return { outcome: 'unchanged', order, wallet: null };
  const take = Math.min(tokensIn(d.amount), order.tokens - order.refundedTokens);
  const updated = await setOrder(tx, order.id, {
    status: 'disputed',
    disputeStatus: 'open',
    disputedTokens: Math.max(take, 0),
  });
  if (take <= 0) return { outcome: 'disputed', order: updated, wallet: null };
  const wallet = await reverseTokens(tx, order.userId, take, 'dispute', { orderId: order.id });
  return { outcome: 'disputed', order: updated, wallet };
}

const WON = new Set(['won', 'warning_closed', 'prevented']);

/** A dispute won gives the tokens back; a lost one keeps them taken. */
async function disputeClosed(tx: Tx, d: Stripe.Dispute): Promise<Outcome> {
  const order = await lockOrderOfPayment(tx, idOf(d.payment_intent));
  if (order?.disputeStatus !== 'open') return { outcome: 'unchanged', order, wallet: null };
  if (!WON.has(d.status)) {
    const lost = await setOrder(tx, order.id, { disputeStatus: 'lost' });
    return { outcome: 'dispute_lost', order: lost, wallet: null };
  }
  const status = order.refundedTokens >= order.tokens ? 'refunded' : 'paid';
  const won = await setOrder(tx, order.id, { disputeStatus: 'won', status });
  const wallet =
    order.disputedTokens > 0
      ? await creditTokens(tx, order.userId, order.disputedTokens, 'dispute_won', { orderId: order.id })
      : null;
  return { outcome: 'dispute_won', order: won, wallet };
}

async function apply(tx: Tx, event: StripeEvent, log: Ctx['log']): Promise<Outcome> {
  switch (event.type) {
    case 'checkout.session.completed': {
      const s = event.data.object;
      if (s.payment_status !== 'paid') return { outcome: 'awaiting_payment', order: null, wallet: null };
      return sessionPaid(tx, s, log);
    }
    case 'checkout.session.async_payment_succeeded':
      return sessionPaid(tx, event.data.object, log);
    case 'checkout.session.async_payment_failed':
      return sessionEnded(tx, event.data.object, 'failed');
    case 'checkout.session.expired':
      return sessionEnded(tx, event.data.object, 'expired');
    case 'charge.refunded':
      return chargeRefunded(tx, event.data.object);
    case 'charge.dispute.created':
      return disputeOpened(tx, event.data.object);
    case 'charge.dispute.closed':
      return disputeClosed(tx, event.data.object);
    default:
      return { outcome: 'ignored', order: null, wallet: null };
  }
}

/**
 * Applies one verified Stripe event exactly once: its id is recorded in the same transaction as its
 * effect, so a redelivery (or two deliveries at once) finds it and changes nothing. A paid session is
 * credited once whichever events announce it (the order moves to paid once; the ledger has one card
 * credit per order). Then the member's pages and the payments tab hear of it.
 */
export async function handleStripeEvent(ctx: Ctx, event: StripeEvent) {
  const result = await ctx.db.transaction(async (tx) => {
    const [fresh] = await tx
      .insert(stripeEvents)
      .values({ id: event.id, type: event.type })
      .onConflictDoNothing()
      .returning({ id: stripeEvents.id });
    if (!fresh) return { outcome: 'duplicate', order: null, wallet: null } as Outcome;
    const out = await apply(tx, event, ctx.log);
    if (out.order)
      await tx.update(stripeEvents).set({ orderId: out.order.id }).where(eq(stripeEvents.id, event.id));
    return out;
  });
  const { order, wallet } = result;
  if (order && result.outcome !== 'duplicate' && result.outcome !== 'unchanged') {
    if (wallet) await publishWallet(ctx, order.userId, wallet);
    await ctx.realtime.publish(topics.user(order.userId), EVENT_TYPES.shopOrder, presentOrder(order));
    await ctx.realtime.publish(topics.capability('shop.manage'), EVENT_TYPES.shopOrdersChanged, {
      id: order.id,
    });
  }
  ctx.log.info({ event: event.id, type: event.type, outcome: result.outcome }, 'stripe event');
  return { outcome: result.outcome };
}
