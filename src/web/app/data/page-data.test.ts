import { describe, expect, it } from 'vitest';
import { fromPage, setPageReadsForTest } from './page-data';

describe('a query starts from the read the page carries', () => {
  it('uses it once, then asks the server; a read the page lacks is asked for at once', () => {
    setPageReadsForTest({ '/api/schedule': { timezone: 'Europe/London', slots: [] } });
    const schedule = fromPage<{ timezone: string }>('/api/schedule');
    expect(schedule.initialData()).toEqual({ timezone: 'Europe/London', slots: [] });
    expect(schedule.initialDataUpdatedAt()).toBeGreaterThan(Date.now() - 1000);
    // The cache let the query go and it is built again: never the page's old copy.
    expect(schedule.initialData()).toBeUndefined();
    expect(fromPage('/api/chart').initialData()).toBeUndefined();
  });

  it('a page without the element carries nothing', () => {
    setPageReadsForTest(null);
    expect(fromPage('/api/news').initialData()).toBeUndefined();
  });
});

describe('a page copy is read again once the event stream is open', () => {
  it('only queries still holding the copy', async () => {
    const { isPageCopy } = await import('./page-data');
    setPageReadsForTest({ '/api/news': { articles: [] } });
    const news = fromPage('/api/news');
    news.initialData();
    const at = news.initialDataUpdatedAt();
    expect(isPageCopy({ state: { dataUpdatedAt: at } })).toBe(true);
    expect(isPageCopy({ state: { dataUpdatedAt: at + 5 } })).toBe(false);
  });
});
