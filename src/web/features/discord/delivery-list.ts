import type { DeliveryView } from '@shared/contracts/discord';

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
