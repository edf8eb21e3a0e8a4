import type { FastifyBaseLogger } from 'fastify';
import Stripe from 'stripe';
import type { Config } from '../../config';

export type StripeEvent = Stripe.Event;

export interface CheckoutRequest {
  orderId: string;
  userId: string;
  email: string;
  tokens: number;
  amountPence: number;
  successUrl: string;
  cancelUrl: string;
}

/** The signature check allows this much clock difference (Stripe's default: 5 minutes). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/**
 * Card payments through Stripe Checkout, with the official client pointed at `STRIPE_API_URL` (Stripe
 * itself, or the fake in tests). Present only when both the secret key and the webhook secret are set:
 * without them the shop still sells for tokens, and the buy box says card payments are not set up.
 */
export class StripePayments {
  private readonly client: Stripe;

  constructor(
    secretKey: string,
    private readonly webhookSecret: string,
    apiUrl: string,
    private readonly log: FastifyBaseLogger,
  ) {
    const u = new URL(apiUrl);
    const protocol = u.protocol === 'http:' ? 'http' : 'https';
    this.client = new Stripe(secretKey, {
      host: u.hostname,
      port: u.port || (protocol === 'http' ? 80 : 443),
      protocol,
      maxNetworkRetries: 2,
      timeout: 15_000,
      appInfo: { name: 'OnAir' },
    });
  }

  static fromConfig(config: Config, log: FastifyBaseLogger): StripePayments | null {
    if (!config.STRIPE_SECRET_KEY || !config.STRIPE_WEBHOOK_SECRET) return null;
    return new StripePayments(
      config.STRIPE_SECRET_KEY,
      config.STRIPE_WEBHOOK_SECRET,
      config.STRIPE_API_URL,
      log,
    );
  }

  /**
   * A hosted Checkout Session for a number of tokens, priced by the server (1 token = £1). The order id
   * travels as client_reference_id and metadata, and is the idempotency key: retrying never makes two.
   */
  async createCheckoutSession(r: CheckoutRequest): Promise<{ id: string; url: string }> {
    const session = await this.client.checkout.sessions.create(
      {
        mode: 'payment',
        client_reference_id: r.orderId,
        customer_email: r.email || undefined,
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: 'gbp',
              unit_amount: r.amountPence,
              product_data: {
                name: `${r.tokens} tokens`,
                description: 'Tokens to spend in the station shop (1 token = £1).',
              },
            },
          },
        ],
        metadata: { order_id: r.orderId, user_id: r.userId, tokens: String(r.tokens) },
        payment_intent_data: { metadata: { order_id: r.orderId, user_id: r.userId } },
        success_url: r.successUrl,
        cancel_url: r.cancelUrl,
      },
      { idempotencyKey: `checkout-${r.orderId}` },
    );
    if (!session.url) throw new Error('Stripe answered a checkout session without a url');
    return { id: session.id, url: session.url };
  }

  /** Verifies the Stripe-Signature header against the raw body; throws when it does not match. */
  verifyEvent(rawBody: Buffer, signature: string | undefined): StripeEvent {
    if (!signature) throw new Error('No Stripe-Signature header');
    return this.client.webhooks.constructEvent(
      rawBody,
      signature,
      this.webhookSecret,
      WEBHOOK_TOLERANCE_SECONDS,
    );
  }

  logFailure(err: unknown, what: string) {
    const e = err as { type?: string; statusCode?: number; message?: string; requestId?: string };
    this.log.error(
      { type: e.type, status: e.statusCode, requestId: e.requestId, message: e.message },
      `stripe: ${what} failed`,
    );
  }
}
