import type { DeliveryView } from '@shared/contracts/discord';
import { describe, expect, it } from 'vitest';
import { deliveryProgress, upsertDelivery } from './delivery-list';

const view = (status: DeliveryView['status'], attempts: number, updatedAt: string): DeliveryView => ({
  id: 'm1',
  kind: 'composer',
  status,
  attempts,
  lastStatus: status === 'sent' ? 200 : null,
  error: null,
  summary: 'Hello',
  nextAttemptAt: null,
  createdBy: null,
  createdAt: '2026-11-23T09:00:00.000Z',
  updatedAt,
  sentAt: status === 'sent' ? updatedAt : null,
});

describe('the Discord tab keeps the newest state of each message', () => {
  const queued = view('queued', 0, '2026-11-23T09:00:00.000Z');
  const sending = view('sending', 1, '2026-11-23T09:00:00.120Z');
  const sent = view('sent', 1, '2026-11-23T09:00:00.180Z');

  it('adds a new message first', () => {
    const other = { ...queued, id: 'm0' };
    expect(upsertDelivery([other], queued).map((d) => d.id)).toEqual(['m1', 'm0']);
  });

  it('follows the pushes in order', () => {
    expect(upsertDelivery(upsertDelivery([queued], sending), sent)[0].status).toBe('sent');
  });

  it('the send’s own answer arriving after the pushes does not turn a sent message back to queued', () => {
    const list = upsertDelivery(upsertDelivery([], sending), sent);
    const after = upsertDelivery(list, queued);
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ status: 'sent', attempts: 1 });
  });
});

describe('a message on its way', () => {
  const base = view('queued', 0, '2026-01-01T10:00:00.000Z');
  const now = Date.parse('2026-01-01T10:00:00.000Z');
  it('says it is queued at once, then which attempt comes next and in how long', () => {
    expect(deliveryProgress(base, now)).toBe('Queued, sending now');
    expect(deliveryProgress({ ...base, status: 'sending', attempts: 1 }, now)).toBe('Sending...');
    const retrying = { ...base, attempts: 2, nextAttemptAt: '2026-01-01T10:00:07.400Z' };
    expect(deliveryProgress(retrying, now)).toBe('Queued, retrying (attempt 3, next in 8 s)');
    expect(deliveryProgress(retrying, now + 60_000)).toBe('Queued, retrying (attempt 3, next in 0 s)');
    expect(deliveryProgress({ ...base, status: 'sent', attempts: 1 }, now)).toBeNull();
    expect(deliveryProgress({ ...base, status: 'failed', attempts: 9 }, now)).toBeNull();
  });
});
