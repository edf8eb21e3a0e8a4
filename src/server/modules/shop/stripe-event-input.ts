import { z } from 'zod';
import { hasUnsafeText } from '../../infra/http/text-safety';

const Id = z.string().min(1).max(255);
const Ref = z.union([Id, z.looseObject({ id: Id })]).nullish();

const Session = z.looseObject({
  id: Id,
  payment_status: z.string().nullish(),
  amount_total: z.number().nullish(),
  currency: z.string().nullish(),
  metadata: z.record(z.string(), z.string()).nullish(),
  client_reference_id: z.string().nullish(),
  payment_intent: Ref,
});
const Charge = z.looseObject({ id: Id, payment_intent: Ref, amount_refunded: z.number() });
const Dispute = z.looseObject({ id: Id, payment_intent: Ref, amount: z.number(), status: z.string() });

/** The object each applied event type carries; other types need only an object. */
const OBJECT_OF: Record<string, z.ZodType> = {
  'checkout.session.completed': Session,
  'checkout.session.async_payment_succeeded': Session,
  'checkout.session.async_payment_failed': Session,
  'checkout.session.expired': Session,
  'charge.refunded': Charge,
  'charge.dispute.created': Dispute,
  'charge.dispute.closed': Dispute,
};

const Event = z.looseObject({
  id: Id,
  type: z.string().min(1).max(255),
  data: z.looseObject({ object: z.looseObject({}) }),
});

/**
 * Why a signed Stripe event cannot be applied (null when it can): signed input can still be malformed
 * (a bug, a test tool), and it gets a 400 with this reason, never a 500.
 */
export function malformedStripeEvent(event: unknown): string | null {
  if (hasUnsafeText(event)) return 'a text holds NUL or an unpaired surrogate';
  const parsed = Event.safeParse(event);
  const issue = parsed.success
    ? OBJECT_OF[parsed.data.type]?.safeParse(parsed.data.data.object).error?.issues[0]
    : parsed.error.issues[0];
  if (!issue) return null;
  const prefix = parsed.success ? ['data', 'object'] : [];
  const where = [...prefix, ...issue.path].join('.') || 'body';
  return `${where}: ${issue.message}`;
}
