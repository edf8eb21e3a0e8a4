import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fromPage, setPageReadsForTest } from '../data/page-data';
import { followStream } from './follow-stream';
import { RealtimeClient } from './realtime-client';

/** A stand-in for the browser's EventSource: records the URL the stream opens with. */
class FakeEventSource {
  static instances: FakeEventSource[] = [];
  readonly listeners = new Map<string, (e: MessageEvent) => void>();
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeEventSource.instances.push(this);
  }
  addEventListener(type: string, fn: (e: MessageEvent) => void) {
    this.listeners.set(type, fn);
  }
  close() {}
  emit(type: string, id: string, data: unknown) {
    this.listeners.get(type)?.({ type, lastEventId: id, data: JSON.stringify(data) } as MessageEvent);
  }
}

/** The home page's news on screen, drawn from the page's copy; `reads` counts the times it asks the server. */
function homePage(eventId: string | null) {
  setPageReadsForTest({ '/api/news': { articles: ['from the page'] } }, eventId);
  const reads = { news: 0 };
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 60_000 } } });
  const news = new QueryObserver(queryClient, {
    queryKey: ['news'],
    queryFn: async () => {
      reads.news += 1;
      return { articles: ['read again'] };
    },
    ...fromPage<{ articles: string[] }>('/api/news'),
  });
  const shown = () => news.getCurrentResult().data?.articles[0];
  const unsubscribe = news.subscribe(() => {});
  const stop = followStream(new RealtimeClient(), queryClient, eventId);
  const close = () => {
    unsubscribe();
    stop();
  };
  return { reads, shown, stream: FakeEventSource.instances.at(-1)!, stop: close };
}

describe('the tab’s event stream starts where the page left off', () => {
  beforeEach(() => {
    FakeEventSource.instances = [];
    vi.stubGlobal('EventSource', FakeEventSource);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    setPageReadsForTest(null);
  });

  it('a page that says which event its reads are as of resumes after it, and reads nothing again on open', async () => {
    const page = homePage('41');
    expect(page.stream.url).toBe('/api/events?lastEventId=41');
    page.stream.onopen?.();
    await new Promise((r) => setTimeout(r, 20));
    expect(page.reads.news).toBe(0);
    expect(page.shown()).toBe('from the page');
    // The server could not replay from there (the events were pruned): everything is read again.
    page.stream.emit('resync', '', {});
    await vi.waitFor(() => expect(page.shown()).toBe('read again'));
    expect(page.reads.news).toBe(1);
    page.stop();
  });

  it('a page without an event id starts from now and reads its copies again once the stream is open', async () => {
    const page = homePage(null);
    expect(page.stream.url).toBe('/api/events');
    page.stream.onopen?.();
    await vi.waitFor(() => expect(page.shown()).toBe('read again'));
    expect(page.reads.news).toBe(1);
    page.stop();
  });
});
