import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { DOMAIN_EVENT_NAMES, DomainEvents } from './domain-events';

function subscribedToAllBut(skip: string | null) {
  const events = new DomainEvents();
  for (const name of DOMAIN_EVENT_NAMES) {
    if (name === skip) continue;
    events.on(name, () => ({ ok: true }));
  }
  return events;
}

describe('the start-up check of domain events', () => {
  it('passes when every event of the catalogue has a subscriber', () => {
    expect(() => subscribedToAllBut(null).assertEverySubscribed()).not.toThrow();
  });

  it('names each event that no module hears', () => {
    const events = subscribedToAllBut('live.ended');
    expect(events.subscribers('live.ended')).toBe(0);
    expect(() => events.assertEverySubscribed()).toThrow(/live\.ended/);
    expect(() => new DomainEvents().assertEverySubscribed()).toThrow(/member\.promoted.*chart\.published/);
  });

  it('keeps an app from becoming ready, as app.ts runs it on ready', async () => {
    const events = subscribedToAllBut('chart.published');
    const app = Fastify({ logger: false });
    app.addHook('onReady', async () => events.assertEverySubscribed());
    await expect(app.ready()).rejects.toThrow(/chart\.published/);
    await app.close();
  });
});
