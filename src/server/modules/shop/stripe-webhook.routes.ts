import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ErrorBody } from '../../../shared/contracts/common';
import { SHOP_TEXTS } from '../../../shared/texts/shop';
import { AppError } from '../../infra/http/errors';
import type { StripeEvent } from '../../integrations/stripe/stripe-payments';
import { malformedStripeEvent } from './stripe-event-input';
import { handleStripeEvent } from './stripe-events.service';

/**
 * POST /api/stripe/webhook: Stripe's signed events. In a plugin of its own so its JSON body stays the raw
 * bytes the signature covers (every other route keeps parsed JSON). A bad, missing or stale (older than
 * 5 minutes) signature, or a signed event of the wrong shape, is a 400 and changes nothing; a failure while applying is a 500, so Stripe retries.
 */
export async function stripeWebhookRoutes(app: FastifyInstance) {
  const { ctx } = app;
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));

  app.post(
    '/api/stripe/webhook',
    {
      config: { access: 'public' },
      schema: {
        tags: ['shop'],
        description: 'Stripe webhook endpoint (signed with STRIPE_WEBHOOK_SECRET).',
        response: { 200: z.object({ received: z.literal(true), outcome: z.string() }), 400: ErrorBody },
      },
    },
    async (req) => {
      const stripe = ctx.stripe;
      // Not set up: there is no webhook endpoint on this station.
      if (!stripe) throw new AppError('NOT_FOUND', SHOP_TEXTS.cardPaymentsOff);
      const raw = Buffer.isBuffer(req.body) ? req.body : null;
      if (!raw) throw new AppError('VALIDATION', 'Send the event as JSON.');
      const signature = req.headers['stripe-signature'];
      let event: StripeEvent;
      try {
        event = stripe.verifyEvent(raw, typeof signature === 'string' ? signature : undefined);
      } catch (err) {
        req.log.warn({ err: (err as Error).message }, 'stripe webhook refused: bad signature');
        throw new AppError('VALIDATION', 'Invalid Stripe signature.');
      }
      const malformed = malformedStripeEvent(event);
      if (malformed) {
        req.log.warn({ reason: malformed }, `stripe: event refused (${malformed})`);
        throw new AppError('VALIDATION', 'The event is not one this station understands.');
      }
      const { outcome } = await handleStripeEvent(ctx, event);
      return { received: true as const, outcome };
    },
  );
}
