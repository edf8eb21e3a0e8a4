import { randomBytes } from 'node:crypto';

/**
 * Stripe's object shapes as the API and webhooks send them (the fields the app and the SDK read, with
 * Stripe's names and types), plus the decoder of Stripe's form encoding (`a[b][0][c]=v`).
 */

export const FAKE_API_VERSION = '2026-10-28.endive';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
export function stripeId(prefix: string, length = 24) {
  const bytes = randomBytes(length);
  let out = '';
  for (const b of bytes) out += ALPHABET[b % ALPHABET.length];
  return `${prefix}_${out}`;
}

export const nowSeconds = () => Math.floor(Date.now() / 1000);

type Nested = { [key: string]: Nested | string } | Nested[] | string;

/** Decodes Stripe's form encoding (`line_items[0][price_data][currency]=gbp`) into nested objects/arrays. */
export function decodeStripeForm(body: string): Record<string, unknown> {
  const root: Record<string, Nested> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const parts = key.replace(/\]/g, '').split('[');
    let node: Record<string, Nested> | Nested[] = root;
    parts.forEach((part, i) => {
      const last = i === parts.length - 1;
      const nextIsIndex = !last && /^\d+$/.test(parts[i + 1]);
      const container = node as Record<string, Nested>;
      if (last) {
        container[part] = value;
        return;
      }
      container[part] ??= nextIsIndex ? [] : {};
      node = container[part] as Record<string, Nested> | Nested[];
    });
  }
  return root;
}

export interface FakeLineItem {
  quantity: number;
  currency: string;
  unitAmount: number;
  name: string;
}

export interface FakeSession {
  id: string;
  object: 'checkout.session';
  amount_subtotal: number;
  amount_total: number;
  cancel_url: string | null;
  client_reference_id: string | null;
  created: number;
  currency: string;
  customer_email: string | null;
  expires_at: number;
  livemode: false;
  metadata: Record<string, string>;
  mode: 'payment';
  payment_intent: string | null;
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  status: 'open' | 'complete' | 'expired';
  success_url: string;
  url: string | null;
  /** Not part of Stripe's object: kept aside for the hosted page. */
  line_items_fake: FakeLineItem[];
}

/** The session as Stripe's API returns it (without the fake's own bookkeeping). */
export function publicSession(s: FakeSession) {
  const { line_items_fake: _items, ...rest } = s;
  return rest;
}

export function chargeObject(c: {
  id: string;
  amount: number;
  amountRefunded: number;
  paymentIntent: string;
  currency: string;
}) {
  return {
    id: c.id,
    object: 'charge',
    amount: c.amount,
    amount_captured: c.amount,
    amount_refunded: c.amountRefunded,
    captured: true,
    created: nowSeconds(),
    currency: c.currency,
    disputed: false,
    livemode: false,
    metadata: {},
    paid: true,
    payment_intent: c.paymentIntent,
    refunded: c.amountRefunded >= c.amount,
    status: 'succeeded',
  };
}

export function disputeObject(d: {
  id: string;
  amount: number;
  charge: string;
  paymentIntent: string;
  currency: string;
  status: string;
}) {
  return {
    id: d.id,
    object: 'dispute',
    amount: d.amount,
    charge: d.charge,
    created: nowSeconds(),
    currency: d.currency,
    livemode: false,
    metadata: {},
    payment_intent: d.paymentIntent,
    reason: 'fraudulent',
    status: d.status,
  };
}

export function eventObject(type: string, object: unknown) {
  return {
    id: stripeId('evt'),
    object: 'event',
    api_version: FAKE_API_VERSION,
    created: nowSeconds(),
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  };
}

export const stripeError = (type: string, message: string, extra: Record<string, string> = {}) => ({
  error: { type, message, ...extra },
});

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const money = (pence: number, currency: string) =>
  `${currency.toLowerCase() === 'gbp' ? '£' : `${currency.toUpperCase()} `}${(pence / 100).toFixed(2)}`;

/** A minimal hosted checkout page: the product, the amount, a card field, Pay and Cancel. */
export function checkoutPage(s: FakeSession, error?: string) {
  const item = s.line_items_fake[0];
  const total = money(s.amount_total, s.currency);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Checkout (test mode)</title>
<style>
body{font-family:system-ui,sans-serif;background:#f6f9fc;color:#1a1f36;margin:0;display:grid;place-items:center;min-height:100vh}
main{background:#fff;border-radius:12px;box-shadow:0 4px 24px #0002;padding:32px;width:min(420px,92vw)}
.test{background:#ffde92;color:#663c00;font-size:12px;font-weight:700;padding:2px 8px;border-radius:4px}
h1{font-size:18px;margin:16px 0 4px}.amount{font-size:32px;font-weight:700;margin:0 0 24px}
label{display:block;font-size:14px;margin-bottom:16px}input{display:block;width:100%;box-sizing:border-box;margin-top:6px;padding:10px;border:1px solid #ccd;border-radius:6px;font-size:16px}
button{width:100%;padding:12px;border:0;border-radius:6px;font-size:16px;font-weight:600;cursor:pointer}
.pay{background:#635bff;color:#fff}.cancel{background:none;color:#635bff;margin-top:8px}
.error{color:#df1b41;font-size:14px}
</style></head>
<body><main>
<span class="test">TEST MODE</span>
<h1>${escapeHtml(item?.name ?? 'Payment')}</h1>
<p class="amount" data-testid="checkout-amount">${escapeHtml(total)}</p>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="/c/pay/${s.id}/pay">
<label>Card number<input name="card" inputmode="numeric" autocomplete="cc-number" value="4242 4242 4242 4242"></label>
<label>Email<input name="email" type="email" value="${escapeHtml(s.customer_email ?? '')}"></label>
<button class="pay" type="submit">Pay ${escapeHtml(total)}</button>
</form>
<form method="post" action="/c/pay/${s.id}/cancel"><button class="cancel" type="submit">Cancel</button></form>
</main></body></html>`;
}
