import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeStripe, startFakeStripe } from '../../test/fakes/fake-stripe';
import { buy, giveTokens, ledgerCheck, makeCategory, makeItem, newKey } from '../../test/fixtures/shop';
import { allAnswered, burstTestTimeout } from '../../test/race';
import { createTestApp, memberWith, signUpMember, type TestApp } from '../../test/test-app';

/**
 * Money under concurrency. The rules live in the database (a conditional debit on a locked wallet, a
 * conditional stock decrement, unique keys on purchases, received events and card credits), so these
 * races are real on PostgreSQL (TEST_DATABASE_URL); on the embedded database they run one at a time and
 * the same invariants must hold.
 */
const SECRET = 'whsec_test_concurrency';
let t: TestApp;
let stripe: FakeStripe;
let base: string;
let admin: Awaited<ReturnType<typeof memberWith>>;
let category: string;

beforeAll(async () => {
  stripe = await startFakeStripe({ webhookSecret: SECRET });
  t = await createTestApp({
    env: stripe.appEnv,
    listen: true,
  });
  base = t.base;
  admin = await memberWith(t, 'admin', [], 'Race Admin');
  category = await makeCategory(admin);
});
afterAll(async () => {
  await stripe.close();
  await t.close();
});

const statuses = (results: { statusCode: number }[]) =>
  results.reduce<Record<number, number>>((acc, r) => {
    acc[r.statusCode] = (acc[r.statusCode] ?? 0) + 1;
    return acc;
  }, {});

describe('concurrent spending', () => {
  it('200 purchases at once against a balance of 50: exactly 50 succeed, never below zero', {
    timeout: burstTestTimeout(),
  }, async () => {
    const m = await signUpMember(t.app);
    await giveTokens(admin, m.userId, 50);
    const vip = await makeItem(admin, category, { priceGbp: 1, metadata: { vip: true, durationMonths: 1 } });
    const results = await allAnswered(
      '200 purchases against a balance of 50',
      Array.from({ length: 200 }, () => buy(m, vip.id)),
    );
    expect(statuses(results)).toEqual({ 200: 50, 409: 150 });
    const check = await ledgerCheck(t.dbh, m.userId);
    expect(check).toMatchObject({ balance: 0, ledgerSum: 0, spent: 50, earned: 50 });
    expect(check.minBalanceAfterPurchase).toBe(0);
    // Each VIP month extends the previous one: 50 distinct, consecutive period ends.
    const { rows } = await t.dbh.query<{ n: number }>(
      'SELECT count(DISTINCT expires_at)::int AS n FROM user_purchases WHERE user_id = $1',
      [m.userId],
    );
    expect(rows[0].n).toBe(50);
  });

  it('30 buyers at once for a stock of 10: exactly 10 sold', async () => {
    const item = await makeItem(admin, category, { priceGbp: 2, stockQuantity: 10, isLimitedEdition: true });
    const buyers = [];
    for (let i = 0; i < 30; i++) {
      const b = await signUpMember(t.app);
      await giveTokens(admin, b.userId, 2);
      buyers.push(b);
    }
    const results = await allAnswered(
      '30 buyers for a stock of 10',
      buyers.map((b) => buy(b, item.id)),
    );
    expect(statuses(results)).toEqual({ 200: 10, 409: 20 });
    const { rows } = await t.dbh.query<{ stock: number; sold: number }>(
      `SELECT stock_quantity AS stock, (SELECT count(*)::int FROM user_purchases WHERE shop_item_id = $1) AS sold
         FROM shop_items WHERE id = $1`,
      [item.id],
    );
    expect(rows[0]).toEqual({ stock: 0, sold: 10 });
  }, 120_000);

  it('a double click (20 requests, one idempotency key) charges once', {
    timeout: burstTestTimeout(),
  }, async () => {
    const m = await signUpMember(t.app);
    await giveTokens(admin, m.userId, 10);
    const vip = await makeItem(admin, category, { priceGbp: 3, metadata: { vip: true } });
    const key = newKey();
    const results = await allAnswered(
      '20 purchases with one idempotency key',
      Array.from({ length: 20 }, () => buy(m, vip.id, key)),
    );
    expect(statuses(results)).toEqual({ 200: 20 });
    expect(new Set(results.map((r) => r.json().purchase.id)).size).toBe(1);
    expect((await ledgerCheck(t.dbh, m.userId)).balance).toBe(7);
  });

  it('50 credits and 50 spends mixed: the balance adds up and equals the ledger', {
    timeout: burstTestTimeout(),
  }, async () => {
    const m = await signUpMember(t.app);
    await giveTokens(admin, m.userId, 10);
    const vip = await makeItem(admin, category, { priceGbp: 1, metadata: { vip: true } });
    const ops = Array.from({ length: 100 }, (_, i) =>
      i % 2 === 0 ? admin.post('/api/shop/gifts', { userId: m.userId, tokens: 1 }) : buy(m, vip.id),
    );
    const results = await allAnswered('50 credits and 50 spends', ops);
    const spent = results.filter((r, i) => i % 2 === 1 && r.statusCode === 200).length;
    expect(results.filter((_r, i) => i % 2 === 0).every((r) => r.statusCode === 201)).toBe(true);
    const check = await ledgerCheck(t.dbh, m.userId);
    expect(check.balance).toBe(10 + 50 - spent);
    expect(check.ledgerSum).toBe(check.balance);
    expect(check.minBalanceAfterPurchase).toBeGreaterThanOrEqual(0);
  });
});

describe('concurrent webhooks', () => {
  it('30 deliveries of one event and 10 of the same session under another type credit once', {
    timeout: burstTestTimeout(),
  }, async () => {
    const m = await signUpMember(t.app);
    const res = await m.post('/api/shop/checkout', { tokens: 40 });
    const sessionId = (res.json().url as string).split('/').pop()!;
    stripe.setWebhookUrl(null);
    const completed = stripe.pay(sessionId);
    const succeeded = stripe.asyncResult(sessionId, true);
    const post = (e: unknown) => {
      const payload = JSON.stringify(e);
      return fetch(`${base}/api/stripe/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': stripe.sign(payload) },
        body: payload,
      });
    };
    const all = await allAnswered('40 webhook deliveries of one payment', [
      ...Array.from({ length: 30 }, () => post(completed)),
      ...Array.from({ length: 10 }, () => post(succeeded)),
    ]);
    expect(all.every((r) => r.status === 200)).toBe(true);
    const check = await ledgerCheck(t.dbh, m.userId);
    expect(check).toMatchObject({ balance: 40, ledgerSum: 40, earned: 40 });
    const { rows } = await t.dbh.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM token_ledger WHERE user_id = $1 AND reason = 'card_purchase'",
      [m.userId],
    );
    expect(rows[0].n).toBe(1);
  });
});
