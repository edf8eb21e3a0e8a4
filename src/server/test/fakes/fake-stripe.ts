import type http from 'node:http';
import Stripe from 'stripe';
import { sendJson, startFakeHttpServer } from './fake-http';
import {
  chargeObject,
  checkoutPage,
  decodeStripeForm,
  disputeObject,
  eventObject,
  type FakeLineItem,
  type FakeSession,
  nowSeconds,
  publicSession,
  stripeError,
  stripeId,
} from './fake-stripe-shapes';

/**
 * A fake Stripe for tests, the e2e and the benchmarks; the real `stripe` client is pointed at `url`
 * (STRIPE_API_URL). It speaks Stripe's shapes for what the app uses:
 *
 *   POST /v1/checkout/sessions            form-encoded, `Authorization: Bearer sk_test_…` (401 otherwise),
 *                                         Idempotency-Key honoured; 400 on a missing required param
 *   GET  /v1/checkout/sessions/:id        404 resource_missing for an unknown id
 *   POST /v1/checkout/sessions/:id/expire
 *   GET  /c/pay/:id                       the hosted checkout page: Pay (card 4000 0000 0000 0002 is
 *                                         declined) and Cancel, redirecting (303) like Stripe's to the
 *                                         success url ({CHECKOUT_SESSION_ID} filled in) or the cancel url
 *
 * Webhooks go to `webhookUrl`, signed like Stripe's (`Stripe-Signature`, by the SDK's test helper, with a
 * fresh timestamp per attempt), retried on a non-2xx answer or a failed connection (`retryDelaysMs`).
 * Test controls: pay(), completeAsync(), asyncResult(), refund(), openDispute(), closeDispute(), expire(),
 * redeliver(); `deliveries` records every attempt; `settled()` waits until nothing is left to deliver.
 */

export interface FakeStripeOptions {
  apiKey?: string;
  /** A fixed port (the e2e run starts it as its own process); otherwise a free one. */
  port?: number;
  webhookUrl?: string;
  webhookSecret: string;
  /** Wait before the first delivery of each event (Stripe's webhooks usually trail the redirect). */
  deliveryDelayMs?: number;
  /** Delays between attempts; the number of entries + 1 is the number of attempts. */
  retryDelaysMs?: number[];
}

export interface Delivery {
  eventId: string;
  type: string;
  attempt: number;
  status: number;
  at: number;
}

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;

const DECLINED_CARD = '4000000000000002';

export async function startFakeStripe(options: FakeStripeOptions) {
  const apiKey = options.apiKey ?? 'sk_test_fake';
  let webhookUrl = options.webhookUrl ?? null;
  const secret = options.webhookSecret;
  const retryDelays = options.retryDelaysMs ?? [200, 500, 1000, 2000, 4000];
  const signer = new Stripe(apiKey);
  const sessions = new Map<string, FakeSession>();
  const charges = new Map<
    string,
    { id: string; amount: number; refunded: number; pi: string; currency: string }
  >();
  const disputes = new Map<string, { id: string; status: string; amount: number }>();
  const idempotent = new Map<string, { status: number; body: unknown }>();
  const events: ReturnType<typeof eventObject>[] = [];
  const deliveries: Delivery[] = [];
  const inFlight = new Set<Promise<void>>();
  let closed = false;
  let self: { url: string } = { url: '' };

  const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

  async function deliverOnce(event: ReturnType<typeof eventObject>, attempt: number) {
    const payload = JSON.stringify(event);
    const header = signer.webhooks.generateTestHeaderString({ payload, secret, timestamp: nowSeconds() });
    let status = 0;
    try {
      const res = await fetch(webhookUrl!, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'stripe-signature': header,
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
        },
        body: payload,
        signal: AbortSignal.timeout(10_000),
      });
      status = res.status;
      await res.arrayBuffer().catch(() => undefined);
    } catch {
      status = 0;
    }
    deliveries.push({ eventId: event.id, type: event.type, attempt, status, at: Date.now() });
    return status >= 200 && status < 300;
  }

  /** Delivers an event, retrying like Stripe (shorter waits) until a 2xx or the attempts run out. */
  function deliver(event: ReturnType<typeof eventObject>, firstDelayMs = options.deliveryDelayMs ?? 0) {
    if (!webhookUrl) return;
    const job = (async () => {
      if (firstDelayMs > 0) await wait(firstDelayMs);
      for (let attempt = 1; attempt <= retryDelays.length + 1 && !closed; attempt++) {
        if (await deliverOnce(event, attempt)) return;
        if (attempt <= retryDelays.length) await wait(retryDelays[attempt - 1]);
      }
    })();
    inFlight.add(job);
    void job.finally(() => inFlight.delete(job));
  }

  function emit(type: string, object: unknown, opts: { delayMs?: number } = {}) {
    const event = eventObject(type, object);
    events.push(event);
    deliver(event, opts.delayMs);
    return event;
  }

  const requireSession = (id: string) => {
    const s = sessions.get(id);
    if (!s) throw new Error(`fake stripe: no session ${id}`);
    return s;
  };

  function createSession(params: Record<string, unknown>, res: http.ServerResponse) {
    const missing = (name: string) =>
      sendJson(
        res,
        400,
        stripeError('invalid_request_error', `Missing required param: ${name}.`, { param: name }),
      );
    if (params.mode !== 'payment') return missing('mode');
    if (typeof params.success_url !== 'string') return missing('success_url');
    const raw = params.line_items as Record<string, Record<string, unknown>>[] | undefined;
    if (!Array.isArray(raw) || raw.length === 0) return missing('line_items');
    const items: FakeLineItem[] = [];
    for (const li of raw) {
      const pd = li.price_data as Record<string, unknown> | undefined;
      const amount = Number(pd?.unit_amount);
      if (!pd || typeof pd.currency !== 'string' || !Number.isInteger(amount) || amount < 30) {
        return sendJson(
          res,
          400,
          stripeError('invalid_request_error', 'Invalid price_data.', { param: 'line_items' }),
        );
      }
      const product = (pd.product_data ?? {}) as Record<string, string>;
      items.push({
        quantity: Number(li.quantity ?? 1),
        currency: pd.currency,
        unitAmount: amount,
        name: product.name ?? '',
      });
    }
    const total = items.reduce((sum, i) => sum + i.quantity * i.unitAmount, 0);
    const id = stripeId('cs_test', 40);
    const session: FakeSession = {
      id,
      object: 'checkout.session',
      amount_subtotal: total,
      amount_total: total,
      cancel_url: typeof params.cancel_url === 'string' ? params.cancel_url : null,
      client_reference_id: typeof params.client_reference_id === 'string' ? params.client_reference_id : null,
      created: nowSeconds(),
      currency: items[0].currency,
      customer_email: typeof params.customer_email === 'string' ? params.customer_email : null,
      expires_at: nowSeconds() + 24 * 3600,
      livemode: false,
      metadata: (params.metadata ?? {}) as Record<string, string>,
      mode: 'payment',
      payment_intent: null,
      payment_status: 'unpaid',
      status: 'open',
      success_url: params.success_url,
      url: `${self.url}/c/pay/${id}`,
      line_items_fake: items,
    };
    sessions.set(id, session);
    return publicSession(session);
  }

  /** The card was charged: the session completes (paid now, or unpaid until an async payment settles). */
  function complete(s: FakeSession, paid: boolean, delayMs?: number) {
    s.status = 'complete';
    s.url = null;
    s.payment_intent = stripeId('pi');
    s.payment_status = paid ? 'paid' : 'unpaid';
    if (paid) {
      const ch = stripeId('ch');
      charges.set(s.id, {
        id: ch,
        amount: s.amount_total,
        refunded: 0,
        pi: s.payment_intent,
        currency: s.currency,
      });
    }
    return emit('checkout.session.completed', publicSession(s), { delayMs });
  }

  const successUrlOf = (s: FakeSession) => s.success_url.replace('{CHECKOUT_SESSION_ID}', s.id);

  function hosted(req: { method: string; path: string; body: string }, res: http.ServerResponse) {
    const m = /^\/c\/pay\/([\w]+)(?:\/(pay|cancel))?$/.exec(req.path);
    const s = m ? sessions.get(m[1]) : undefined;
    if (!m || !s) {
      res.writeHead(404, { 'content-type': 'text/plain' });
      return res.end('This checkout session does not exist.');
    }
    if (s.status !== 'open') {
      res.writeHead(410, { 'content-type': 'text/html; charset=utf-8' });
      return res.end(
        '<!doctype html><title>Checkout</title><p>This checkout session is no longer available.</p>',
      );
    }
    const html = (status: number, body: string) => {
      res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
      res.end(body);
    };
    const redirect = (to: string) => {
      res.writeHead(303, { location: to });
      res.end();
    };
    if (req.method === 'GET' && !m[2]) return html(200, checkoutPage(s));
    if (req.method !== 'POST') return html(405, 'Method not allowed');
    if (m[2] === 'cancel') return redirect(s.cancel_url ?? successUrlOf(s));
    const card = String(new URLSearchParams(req.body).get('card') ?? '').replace(/\s/g, '');
    if (card === DECLINED_CARD) return html(402, checkoutPage(s, 'Your card was declined.'));
    complete(s, true);
    return redirect(successUrlOf(s));
  }

  const server = await startFakeHttpServer(
    (req, res) => {
      if (req.path.startsWith('/c/pay/')) return hosted(req, res);
      if (!req.path.startsWith('/v1/'))
        return sendJson(res, 404, stripeError('invalid_request_error', 'Unrecognized request URL.'));
      if (req.headers.authorization !== `Bearer ${apiKey}`) {
        return sendJson(res, 401, stripeError('invalid_request_error', 'Invalid API Key provided.'));
      }
      const key = req.headers['idempotency-key'];
      const replay = typeof key === 'string' ? idempotent.get(key) : undefined;
      if (replay) return sendJson(res, replay.status, replay.body, { 'idempotent-replayed': 'true' });
      const reply = (status: number, body: unknown) => {
        if (typeof key === 'string' && req.method === 'POST') idempotent.set(key, { status, body });
        return sendJson(res, status, body, { 'request-id': stripeId('req', 14) });
      };
      if (req.method === 'POST' && req.path === '/v1/checkout/sessions') {
        const out = createSession(decodeStripeForm(req.body), res);
        if (out) reply(200, out);
        return;
      }
      const m = /^\/v1\/checkout\/sessions\/([\w]+)(\/expire)?$/.exec(req.path);
      const s = m ? sessions.get(m[1]) : undefined;
      if (!m || !s) {
        return sendJson(
          res,
          404,
          stripeError('invalid_request_error', `No such checkout.session: '${m?.[1] ?? ''}'`, {
            code: 'resource_missing',
          }),
        );
      }
      if (req.method === 'GET' && !m[2]) return reply(200, publicSession(s));
      if (req.method === 'POST' && m[2]) {
        if (s.status !== 'open') {
          return reply(
            400,
            stripeError(
              'invalid_request_error',
              'Only Checkout Sessions with a status in [open] can be expired.',
            ),
          );
        }
        s.status = 'expired';
        s.url = null;
        emit('checkout.session.expired', publicSession(s));
        return reply(200, publicSession(s));
      }
      return sendJson(res, 405, stripeError('invalid_request_error', 'Method not allowed.'));
    },
    { port: options.port },
  );
  self = server;

  const chargeOf = (sessionId: string) => {
    const c = charges.get(sessionId);
    if (!c) throw new Error(`fake stripe: session ${sessionId} was not paid`);
    return c;
  };

  return {
    url: server.url,
    /** The app's environment to pay through this Stripe (its key, webhook secret and address). */
    appEnv: { STRIPE_SECRET_KEY: apiKey, STRIPE_WEBHOOK_SECRET: secret, STRIPE_API_URL: server.url },
    requests: server.requests,
    sessions,
    events,
    deliveries,
    /** Where webhooks go; null stops automatic delivery (a test then posts `events` itself). */
    setWebhookUrl(url: string | null) {
      webhookUrl = url;
    },
    /** Pays a session as the hosted page's Pay button does; returns the event sent. */
    pay: (sessionId: string, opts: { delayMs?: number } = {}) =>
      complete(requireSession(sessionId), true, opts.delayMs),
    /** A delayed payment method: the session completes unpaid, the money settles later (asyncResult). */
    completeAsync: (sessionId: string) => complete(requireSession(sessionId), false),
    asyncResult(sessionId: string, succeeded: boolean) {
      const s = requireSession(sessionId);
      s.payment_status = succeeded ? 'paid' : 'unpaid';
      if (succeeded) {
        charges.set(s.id, {
          id: stripeId('ch'),
          amount: s.amount_total,
          refunded: 0,
          pi: s.payment_intent!,
          currency: s.currency,
        });
      }
      return emit(`checkout.session.async_payment_${succeeded ? 'succeeded' : 'failed'}`, publicSession(s));
    },
    expire(sessionId: string) {
      const s = requireSession(sessionId);
      s.status = 'expired';
      s.url = null;
      return emit('checkout.session.expired', publicSession(s));
    },
    /** Refunds part (or by default all) of a paid session's charge: charge.refunded, cumulative amount. */
    refund(sessionId: string, amountPence?: number) {
      const c = chargeOf(sessionId);
      c.refunded = Math.min(c.amount, c.refunded + (amountPence ?? c.amount - c.refunded));
      return emit(
        'charge.refunded',
        chargeObject({
          id: c.id,
          amount: c.amount,
          amountRefunded: c.refunded,
          paymentIntent: c.pi,
          currency: c.currency,
        }),
      );
    },
    openDispute(sessionId: string) {
      const c = chargeOf(sessionId);
      const d = { id: stripeId('du'), status: 'needs_response', amount: c.amount };
      disputes.set(sessionId, d);
      return emit(
        'charge.dispute.created',
        disputeObject({ ...d, charge: c.id, paymentIntent: c.pi, currency: c.currency }),
      );
    },
    closeDispute(sessionId: string, status: 'won' | 'lost') {
      const c = chargeOf(sessionId);
      const d = disputes.get(sessionId);
      if (!d) throw new Error(`fake stripe: no dispute on ${sessionId}`);
      d.status = status;
      return emit(
        'charge.dispute.closed',
        disputeObject({ ...d, charge: c.id, paymentIntent: c.pi, currency: c.currency }),
      );
    },
    /** Sends an event again, as Stripe's dashboard "Resend" does (same id, fresh signature). */
    redeliver(eventId: string) {
      const e = events.find((x) => x.id === eventId);
      if (!e) throw new Error(`fake stripe: no event ${eventId}`);
      deliver(e, 0);
    },
    /** Signs a payload with the endpoint's secret (for tests that post events themselves). */
    sign: (payload: string, timestamp = nowSeconds()) =>
      signer.webhooks.generateTestHeaderString({ payload, secret, timestamp }),
    /** Waits until every pending delivery has succeeded or given up. */
    async settled() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
    async close() {
      closed = true;
      await server.close();
    },
  };
}
