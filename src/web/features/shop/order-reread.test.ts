import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { readOrdersAgain } from './api';

const KEY = ['shop', 'order', 'cs_test_1'];

/** A watched order query (as the mounted /success page watches it) whose reads the test releases. */
function watchedOrder() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const server = { status: 'pending', reads: 0, release: () => {} };
  const queryFn = () => {
    server.reads += 1;
    const seen = server.status;
    return new Promise<string>((resolve) => {
      server.release = () => resolve(seen);
    });
  };
  const page = new QueryObserver(client, { queryKey: KEY, queryFn });
  const unsubscribe = page.subscribe(() => {});
  const reads = (n: number) =>
    new Promise<void>((resolve) => {
      const check = () => (server.reads >= n ? resolve() : setTimeout(check, 1));
      check();
    });
  return { client, server, page, unsubscribe, reads };
}

/**
 * Why an order's event drops a read already on its way: the query library folds an invalidation into a
 * first read still in flight, so a crediting committed while that read was out would stay unseen
 * ('Processing your purchase...' for ever).
 */
describe('the order read on /success', () => {
  it('an invalidation during the first read does not read again; a read after it lands does', async () => {
    const { client, server, page, unsubscribe, reads } = watchedOrder();
    await reads(1);
    // The webhook credits the order while that read is out; its event invalidates the query.
    server.status = 'paid';
    const invalidated = client.invalidateQueries({ queryKey: ['shop', 'order'] });
    server.release();
    await invalidated;
    expect(server.reads).toBe(1);
    expect(page.getCurrentResult().data).toBe('pending');
    // Read again once the first read has landed: the crediting is seen.
    const again = page.refetch();
    await reads(2);
    server.release();
    expect((await again).data).toBe('paid');
    expect(server.reads).toBe(2);
    unsubscribe();
  });

  it('the order event during the first read reads it again, and the crediting is seen', async () => {
    const { client, server, page, unsubscribe, reads } = watchedOrder();
    await reads(1);
    const stale = server.release;
    server.status = 'paid';
    const again = readOrdersAgain(client);
    await reads(2);
    stale();
    server.release();
    await again;
    await new Promise((r) => setTimeout(r, 5));
    expect(page.getCurrentResult().data).toBe('paid');
    unsubscribe();
  });
});
