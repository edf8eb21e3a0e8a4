import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_TYPES } from '../../../shared/events';
import { type FakeStripe, startFakeStripe } from '../../test/fakes/fake-stripe';
import { buy, ledgerCheck, makeCategory, makeItem } from '../../test/fixtures/shop';
import { openStream } from '../../test/sse-client';
import {
  Client,
  createTestApp,
  memberWith,
  signUpMember,
  TEST_ORIGIN,
  type TestApp,
} from '../../test/test-app';

const SECRET = 'whsec_test_payments';
let t: TestApp;
let stripe: FakeStripe;
let base: string;
let admin: Awaited<ReturnType<typeof memberWith>>;

beforeAll(async () => {
  stripe = await startFakeStripe({ webhookSecret: SECRET, retryDelaysMs: [100, 200, 400, 800] });
  t = await createTestApp({
    env: stripe.appEnv,
    listen: true,
  });
  base = t.base;
  stripe.setWebhookUrl(`${base}/api/stripe/webhook`);
  admin = await memberWith(t, 'admin', [], 'Pay Admin');
});
afterAll(async () => {
  await stripe.close();
  await t.close();
});

async function checkout(m: Client, tokens: number) {
  const res = await m.post('/api/shop/checkout', { tokens });
  expect(res.statusCode).toBe(200);
  const { url, orderId } = res.json();
  const sessionId = url.split('/').pop() as string;
  return { url, orderId, sessionId };
}

const order = async (orderId: string) =>
  (
    await t.dbh.query<{ status: string; refunded_tokens: number; dispute_status: string | null }>(
      'SELECT status, refunded_tokens, dispute_status FROM orders WHERE id = $1',
      [orderId],
    )
  ).rows[0];

const wallet = async (m: Client) => (await m.get('/api/shop/me')).json().wallet;

const postEvent = (payload: string, signature?: string) =>
  fetch(`${base}/api/stripe/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
    body: payload,
  });

describe('buying tokens by card', () => {
  it('refuses amounts outside 10 to 1000 and visitors, with the exact texts', async () => {
    const m = await signUpMember(t.app);
    for (const tokens of [5, 9, 1001, 12.5, '50', null]) {
      const res = await m.post('/api/shop/checkout', { tokens });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe('Token amount must be between 10 and 1000');
    }
    const anon = await new Client(t.app).post('/api/shop/checkout', { tokens: 50 });
    expect(anon.statusCode).toBe(401);
    expect(anon.json().error.message).toBe('You must be logged in to purchase tokens');
    expect((await t.dbh.query('SELECT 1 FROM orders WHERE user_id = $1', [m.userId])).rows).toHaveLength(0);
  });

  it('creates a Checkout Session priced by the server, then credits once when Stripe says it is paid', async () => {
    const m = await signUpMember(t.app, 'Card Carla');
    const stream = openStream(base, { cookie: m.cookie });
    await stream.opened;
    const { url, orderId, sessionId } = await checkout(m, 50);
    expect(url).toBe(`${stripe.url}/c/pay/${sessionId}`);
    const sent = stripe.sessions.get(sessionId)!;
    expect(sent).toMatchObject({
      amount_total: 5000,
      currency: 'gbp',
      client_reference_id: orderId,
      success_url: `${TEST_ORIGIN}/success?session_id=${sessionId}`.replace(
        sessionId,
        '{CHECKOUT_SESSION_ID}',
      ),
      cancel_url: `${TEST_ORIGIN}/failed`,
      metadata: { order_id: orderId, user_id: m.userId, tokens: '50' },
    });
    expect((await order(orderId)).status).toBe('pending');
    // The hosted page shows the amount; Pay redirects to the success page like Stripe's.
    const page = await fetch(url);
    expect(await page.text()).toContain('£50.00');
    const paid = await fetch(`${url}/pay`, {
      method: 'POST',
      body: 'card=4242424242424242',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`${TEST_ORIGIN}/success?session_id=${sessionId}`);
    expect((await stream.waitFor(EVENT_TYPES.shopOrder)).data).toMatchObject({
      id: orderId,
      status: 'paid',
      tokens: 50,
    });
    expect((await stream.waitFor(EVENT_TYPES.walletChanged)).data).toMatchObject({
      balance: 50,
      totalEarned: 50,
    });
    const mine = await m.get(`/api/shop/orders/session/${sessionId}`);
    expect(mine.json()).toMatchObject({ order: { status: 'paid', amountGbp: 50 }, wallet: { balance: 50 } });
    // Someone else's session id shows nothing of it.
    const other = await signUpMember(t.app);
    expect((await other.get(`/api/shop/orders/session/${sessionId}`)).statusCode).toBe(404);
    stream.close();
  });

  it('credits a session once, whatever is replayed: the same event, or the same session under another type', async () => {
    const m = await signUpMember(t.app);
    const { sessionId, orderId } = await checkout(m, 16);
    const event = stripe.pay(sessionId);
    await stripe.settled();
    for (let i = 0; i < 5; i++) stripe.redeliver(event.id);
    stripe.asyncResult(sessionId, true);
    await stripe.settled();
    expect(await wallet(m)).toMatchObject({ balance: 16, totalEarned: 16 });
    const { rows } = await t.dbh.query('SELECT 1 FROM token_ledger WHERE order_id = $1', [orderId]);
    expect(rows).toHaveLength(1);
    expect(stripe.deliveries.filter((d) => d.eventId === event.id).every((d) => d.status === 200)).toBe(true);
  });

  it('answers 400 to a missing, wrong or stale signature and a changed body, crediting nothing', async () => {
    const m = await signUpMember(t.app);
    const { sessionId } = await checkout(m, 20);
    const s = {
      ...stripe.sessions.get(sessionId)!,
      status: 'complete',
      payment_status: 'paid',
      payment_intent: 'pi_x',
    };
    const payload = JSON.stringify({
      id: 'evt_forged',
      object: 'event',
      type: 'checkout.session.completed',
      data: { object: s },
    });
    const stale = stripe.sign(payload, Math.floor(Date.now() / 1000) - 301);
    const attempts = [
      await postEvent(payload),
      await postEvent(payload, 't=1,v1=deadbeef'),
      await postEvent(payload, stale),
      await postEvent(payload.replace('"amount_total":2000', '"amount_total":9900'), stripe.sign(payload)),
    ];
    for (const res of attempts) {
      expect(res.status).toBe(400);
      expect((await res.json()).error.code).toBe('VALIDATION');
    }
    expect(await wallet(m)).toMatchObject({ balance: 0 });
    // The same payload, correctly signed, is accepted.
    expect((await postEvent(payload, stripe.sign(payload))).status).toBe(200);
    expect(await wallet(m)).toMatchObject({ balance: 20 });
  });

  it('keeps retrying a webhook the app did not take, and credits when it arrives', async () => {
    const m = await signUpMember(t.app);
    const { sessionId } = await checkout(m, 10);
    stripe.setWebhookUrl('http://127.0.0.1:9/api/stripe/webhook');
    const event = stripe.pay(sessionId);
    await new Promise((r) => setTimeout(r, 150));
    stripe.setWebhookUrl(`${base}/api/stripe/webhook`);
    await stripe.settled();
    const tries = stripe.deliveries.filter((d) => d.eventId === event.id);
    expect(tries[0].status).toBe(0);
    expect(tries.at(-1)!.status).toBe(200);
    expect(await wallet(m)).toMatchObject({ balance: 10 });
  });
});

describe('after payment', () => {
  it('a refund takes the tokens back, below zero if spent; the member cannot buy until positive', async () => {
    const m = await signUpMember(t.app);
    const { sessionId, orderId } = await checkout(m, 20);
    stripe.pay(sessionId);
    await stripe.settled();
    const cat = await makeCategory(admin);
    const item = await makeItem(admin, cat, { priceGbp: 15 });
    expect((await buy(m, item.id)).statusCode).toBe(200);
    stripe.refund(sessionId, 1000);
    await stripe.settled();
    expect(await wallet(m)).toMatchObject({ balance: -5, totalEarned: 10, totalSpent: 15 });
    expect(await order(orderId)).toMatchObject({ status: 'paid', refunded_tokens: 10 });
    stripe.refund(sessionId);
    await stripe.settled();
    expect(await wallet(m)).toMatchObject({ balance: -15 });
    expect((await order(orderId)).status).toBe('refunded');
    const free = await makeItem(admin, cat, { priceGbp: 0 });
    const refused = await buy(m, free.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(
      'You need 0 tokens but only have -15. Purchase more tokens first!',
    );
    const check = await ledgerCheck(t.dbh, m.userId);
    expect(check.ledgerSum).toBe(-15);
    expect(check.ledgerSum).toBe(check.balance);
  });

  it('a refund is in the staff actions (audit trail), with the order before and after', async () => {
    const m = await signUpMember(t.app);
    const { sessionId, orderId } = await checkout(m, 10);
    stripe.pay(sessionId);
    await stripe.settled();
    stripe.refund(sessionId);
    await stripe.settled();
    const trail = (await admin.get('/api/staff/audit?action=shop.refund')).json().actions;
    const entry = trail.find((e: { targetId: string }) => e.targetId === orderId);
    expect(entry).toMatchObject({
      actorId: null,
      actorName: 'Stripe (refund)',
      before: { status: 'paid', refundedTokens: 0 },
      after: { status: 'refunded', refundedTokens: 10 },
    });
  });

  it('a dispute takes the tokens back; won, they return; lost, they stay taken', async () => {
    const m = await signUpMember(t.app);
    const won = await checkout(m, 30);
    const lost = await checkout(m, 10);
    stripe.pay(won.sessionId);
    stripe.pay(lost.sessionId);
    await stripe.settled();
    stripe.openDispute(won.sessionId);
    stripe.openDispute(lost.sessionId);
    await stripe.settled();
    expect(await wallet(m)).toMatchObject({ balance: 0 });
    expect(await order(won.orderId)).toMatchObject({ status: 'disputed', dispute_status: 'open' });
    stripe.closeDispute(won.sessionId, 'won');
    stripe.closeDispute(lost.sessionId, 'lost');
    await stripe.settled();
    expect(await wallet(m)).toMatchObject({ balance: 30 });
    expect(await order(won.orderId)).toMatchObject({ status: 'paid', dispute_status: 'won' });
    expect(await order(lost.orderId)).toMatchObject({ status: 'disputed', dispute_status: 'lost' });
    expect((await ledgerCheck(t.dbh, m.userId)).ledgerSum).toBe(30);
  });

  it('expired sessions and failed async payments credit nothing; a delayed payment credits when it settles', async () => {
    const m = await signUpMember(t.app);
    const a = await checkout(m, 10);
    const b = await checkout(m, 20);
    const c = await checkout(m, 30);
    stripe.expire(a.sessionId);
    stripe.completeAsync(b.sessionId);
    stripe.completeAsync(c.sessionId);
    await stripe.settled();
    expect((await order(a.orderId)).status).toBe('expired');
    expect((await order(b.orderId)).status).toBe('pending');
    stripe.asyncResult(b.sessionId, true);
    stripe.asyncResult(c.sessionId, false);
    await stripe.settled();
    expect((await order(b.orderId)).status).toBe('paid');
    expect((await order(c.orderId)).status).toBe('failed');
    expect(await wallet(m)).toMatchObject({ balance: 20 });
  });

  it('the payments tab lists orders with member, status and totals; revenue counts paid orders', async () => {
    const report = await admin.get('/api/shop/orders');
    expect(report.statusCode).toBe(200);
    const { orders, totals, cardPayments } = report.json();
    expect(cardPayments.configured).toBe(true);
    expect(orders.length).toBeGreaterThan(5);
    expect(orders[0]).toHaveProperty('memberName');
    const statuses = new Set(orders.map((o: { status: string }) => o.status));
    for (const s of ['paid', 'expired', 'failed', 'refunded', 'disputed']) expect(statuses.has(s)).toBe(true);
    const { totalRevenue } = await import('./shop.service');
    expect(await totalRevenue(t.app.ctx.db)).toBe(totals.revenueGbp);
    expect(totals.revenueGbp).toBeGreaterThan(0);
    const member = await signUpMember(t.app);
    expect((await member.get('/api/shop/orders')).statusCode).toBe(403);
  });
});

describe('when Stripe fails', () => {
  it('answers the exact text and marks the order failed', async () => {
    const broken = await createTestApp({
      env: { STRIPE_SECRET_KEY: 'sk_test_wrong', STRIPE_WEBHOOK_SECRET: SECRET, STRIPE_API_URL: stripe.url },
      db: t.dbh,
    });
    const m = await signUpMember(broken.app);
    const res = await m.post('/api/shop/checkout', { tokens: 10 });
    expect(res.statusCode).toBe(503);
    expect(res.json().error.message).toBe('Failed to create checkout session');
    const { rows } = await t.dbh.query<{ status: string }>('SELECT status FROM orders WHERE user_id = $1', [
      m.userId,
    ]);
    expect(rows).toEqual([{ status: 'failed' }]);
    await broken.app.close();
  });
});
