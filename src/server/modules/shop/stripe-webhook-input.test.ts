import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type FakeStripe, startFakeStripe } from '../../test/fakes/fake-stripe';
import { createTestApp, type TestApp } from '../../test/test-app';

const SECRET = 'whsec_test_input';
let t: TestApp;
let stripe: FakeStripe;

beforeAll(async () => {
  stripe = await startFakeStripe({ webhookSecret: SECRET });
  t = await createTestApp({
    env: stripe.appEnv,
  });
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});

/** Sends exactly these bytes, signed with the webhook secret as Stripe would sign them. */
const post = (payload: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/stripe/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': stripe.sign(payload) },
    payload,
  });

const session = (over: Record<string, unknown> = {}) => ({
  id: 'cs_test_input',
  object: 'checkout.session',
  payment_status: 'paid',
  amount_total: 1000,
  currency: 'gbp',
  metadata: {},
  ...over,
});
const event = (over: Record<string, unknown> = {}) => ({
  id: 'evt_input_1',
  object: 'event',
  type: 'checkout.session.completed',
  data: { object: session() },
  ...over,
});

describe('signed but malformed Stripe events', () => {
  it('answers each with a 400 and logs why, never a 500, and records nothing', async () => {
    const bodies: [string, string][] = [
      ['null body', 'null'],
      ['a list', '[]'],
      ['NUL in the event id', JSON.stringify(event({ id: 'evt_\u0000bad' }))],
      ['NUL in the session id', JSON.stringify(event({ data: { object: session({ id: 'cs_\u0000bad' }) } }))],
      ['data.object null', JSON.stringify(event({ data: { object: null } }))],
      ['no data', JSON.stringify(event({ data: undefined }))],
      ['an event id that is a number', JSON.stringify(event({ id: 12 }))],
      [
        'a refund whose object is a string',
        JSON.stringify(event({ type: 'charge.refunded', data: { object: 'ch_1' } })),
      ],
    ];
    for (const [what, payload] of bodies) {
      const res = await post(payload);
      expect(res.statusCode, what).toBe(400);
      expect(res.json().error.code, what).toBe('VALIDATION');
    }
    const { rows } = await t.dbh.query<{ n: number }>('SELECT count(*)::int AS n FROM stripe_events');
    expect(rows[0].n).toBe(0);
    // Each refusal is logged with its reason (the Developer section's system logs show it).
    await vi.waitFor(
      async () => {
        const logged = await t.dbh.query<{ message: string }>(
          `SELECT message FROM system_logs WHERE message LIKE 'stripe: event refused%'`,
        );
        expect(logged.rows.length).toBe(bodies.length);
        expect(logged.rows.some((r) => r.message.includes('data.object'))).toBe(true);
      },
      { timeout: 10_000, interval: 250 },
    );
    // A well-formed event for no known order is still accepted (Stripe must not retry it).
    const ok = await post(JSON.stringify(event({ id: 'evt_input_ok' })));
    expect(ok.statusCode).toBe(200);
    expect(ok.json().outcome).toBe('unknown_order');
  });
});
