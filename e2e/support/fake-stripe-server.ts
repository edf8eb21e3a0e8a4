import { startFakeStripe } from '../../src/server/test/fakes/fake-stripe';

/**
 * The fake Stripe (API, hosted checkout page, signed webhooks with retries) as its own process for the
 * end-to-end run; playwright.config.ts starts it and points the app at it. Its webhooks trail the
 * redirect, as Stripe's do, so /success shows 'Processing your purchase...' first: by 8 s, because on a
 * busy machine /success took longer than 1.5 s (and once 4 s) to render, and the webhook got there first.
 */
const fake = await startFakeStripe({
  port: Number(process.env.FAKE_STRIPE_PORT),
  webhookSecret: process.env.FAKE_STRIPE_WEBHOOK_SECRET ?? '',
  webhookUrl: process.env.FAKE_STRIPE_WEBHOOK_URL,
  deliveryDelayMs: 8000,
});
console.log(`fake Stripe on ${fake.url}`);
const stop = () => void fake.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
