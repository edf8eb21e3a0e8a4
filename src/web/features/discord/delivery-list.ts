import type { DeliveryView } from '@shared/contracts/discord';
import { DISCORD_TEXTS } from '@shared/texts/discord';

/**
 * Puts a message's latest state in the list. The send's own answer (queued, 0 attempts) can arrive after
 * the pushes that say it was claimed and sent (delivery takes a few ms), so an older state never
 * replaces a newer one.
 */
export function upsertDelivery(list: DeliveryView[], d: DeliveryView) {
  const i = list.findIndex((x) => x.id === d.id);
  if (i < 0) return [d, ...list];
  if (list[i].updatedAt > d.updatedAt) return list;
  const next = [...list];
  next[i] = d;
  return next;
}

/**
 * A message on its way, in words: 'Sending...', 'Queued, sending now', or after a failed attempt
 * 'Queued, retrying (attempt n, next in s)'; null once it is sent or failed.
 */
export function deliveryProgress(d: DeliveryView, now: number): string | null {
  if (d.status === 'sending') return 'Sending...';
  if (d.status !== 'queued') return null;
  if (d.attempts === 0 || !d.nextAttemptAt) return DISCORD_TEXTS.queuedNow;
  const seconds = Math.max(0, Math.ceil((Date.parse(d.nextAttemptAt) - now) / 1000));
  return DISCORD_TEXTS.queuedRetrying(d.attempts + 1, seconds);
}
