import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { readOrdersAgain } from '../../features/shop/api';
import { QueryClientReadingAgain } from './query-client';

/** A watched query (as a mounted page watches it) whose reads the test releases one by one. */
function watched(client: QueryClient, key = ['shop', 'order', 'cs_test_1']) {
  const server = { status: 'pending', reads: 0, releases: [] as (() => void)[] };
  const queryFn = () => {
    server.reads += 1;
    const seen = server.status;
    return new Promise<string>((resolve) => server.releases.push(() => resolve(seen)));
  };
  const page = new QueryObserver(client, { queryKey: key, queryFn });
  const states: string[] = [];
  const unsubscribe = page.subscribe((r) => states.push(r.status));
  const reads = (n: number) =>
    new Promise<void>((resolve) => {
      const check = () => (server.reads >= n ? resolve() : setTimeout(check, 1));
      check();
    });
  const releaseAll = () => {
    for (const release of server.releases.splice(0)) release();
  };
  return { server, page, states, unsubscribe, reads, releaseAll };
}

const settle = () => new Promise((r) => setTimeout(r, 5));
const options = { defaultOptions: { queries: { retry: false } } };

/**
 * Why the app's client is not the library's: the library folds an invalidation into a first read still in
 * flight, so a change committed while that read was out (a crediting: 'Processing your purchase...' for
 * ever) would stay unseen.
 */
describe('invalidating a query whose first read is on its way', () => {
  it("the library's own client joins the read in flight, and the change stays unseen", async () => {
    const client = new QueryClient(options);
    const { server, page, unsubscribe, reads, releaseAll } = watched(client);
    await reads(1);
    server.status = 'paid';
    const invalidated = client.invalidateQueries({ queryKey: ['shop', 'order'] });
    releaseAll();
    await invalidated;
    expect(server.reads).toBe(1);
    expect(page.getCurrentResult().data).toBe('pending');
    unsubscribe();
  });

  it("the app's client drops the read in flight and reads again: the change is seen, no error shown", async () => {
    const client = new QueryClientReadingAgain(options);
    const { server, page, states, unsubscribe, reads, releaseAll } = watched(client);
    await reads(1);
    server.status = 'paid';
    const again = readOrdersAgain(client);
    await reads(2);
    releaseAll();
    await again;
    await settle();
    expect(page.getCurrentResult().data).toBe('paid');
    expect(states).not.toContain('error');
    unsubscribe();
  });

  it('a refetch in flight (the query has data) is still dropped and sent again, as the library does', async () => {
    const client = new QueryClientReadingAgain(options);
    const { server, page, unsubscribe, reads, releaseAll } = watched(client);
    await reads(1);
    releaseAll();
    await settle();
    void page.refetch();
    await reads(2);
    server.status = 'paid';
    const again = client.invalidateQueries({ queryKey: ['shop'] });
    await reads(3);
    releaseAll();
    await again;
    await settle();
    expect(page.getCurrentResult().data).toBe('paid');
    unsubscribe();
  });

  it('a first read the filters do not name goes on untouched', async () => {
    const client = new QueryClientReadingAgain(options);
    const order = watched(client, ['shop', 'order', 'a']);
    const news = watched(client, ['news']);
    await order.reads(1);
    await news.reads(1);
    const again = client.invalidateQueries({
      queryKey: ['shop'],
      predicate: (q) => q.queryKey[2] === 'a',
    });
    await order.reads(2);
    order.releaseAll();
    news.releaseAll();
    await again;
    await settle();
    expect(news.server.reads).toBe(1);
    expect(news.page.getCurrentResult().data).toBe('pending');
    expect(order.server.reads).toBe(2);
    order.unsubscribe();
    news.unsubscribe();
  });
});

/**
 * An event that arrives while a first read is on its way: the handler's updater finds nothing cached and
 * changes nothing, and the read may have left before the change (a direct message sent just as the header
 * asked for the conversations: the unread badge never came).
 */
describe('an event written into a query whose first read is on its way', () => {
  const onlyIfCached = (d: string | undefined) => (d === undefined ? d : `${d}+event`);

  it("with the library's own client, the read lands without the change", async () => {
    const client = new QueryClient(options);
    const { server, page, unsubscribe, reads, releaseAll } = watched(client, ['conversations']);
    await reads(1);
    server.status = 'one unread';
    client.setQueryData<string>(['conversations'], onlyIfCached);
    releaseAll();
    await settle();
    expect(server.reads).toBe(1);
    expect(page.getCurrentResult().data).toBe('pending');
    unsubscribe();
  });

  it("the app's client reads it again: the change is seen, no error shown", async () => {
    const client = new QueryClientReadingAgain(options);
    const { server, page, states, unsubscribe, reads, releaseAll } = watched(client, ['conversations']);
    await reads(1);
    server.status = 'one unread';
    client.setQueryData<string>(['conversations'], onlyIfCached);
    await reads(2);
    releaseAll();
    await settle();
    expect(page.getCurrentResult().data).toBe('one unread');
    expect(states).not.toContain('error');
    unsubscribe();
  });

  it('a write to a query that has its data sends no read', async () => {
    const client = new QueryClientReadingAgain(options);
    const { server, page, unsubscribe, reads, releaseAll } = watched(client, ['conversations']);
    await reads(1);
    releaseAll();
    await settle();
    client.setQueryData<string>(['conversations'], onlyIfCached);
    await settle();
    expect(server.reads).toBe(1);
    expect(page.getCurrentResult().data).toBe('pending+event');
    unsubscribe();
  });
});
