/**
 * The public reads the server put in the page (`<script id="page-data" type="application/json">`, see
 * the server's page-data.ts). A query whose read is there starts from it instead of waiting for its
 * request, so the first screen is drawn once, complete. Each read is used once: a later query (after the
 * cache let it go) asks the server, never an old copy.
 */
let reads: Record<string, unknown> | null | undefined;
let readAt = 0;
/** The event id the page's reads are as of (`data-last-event-id`): the event stream resumes after it. */
let lastEventId: string | null = null;

function pageReads(): Record<string, unknown> | null {
  if (reads !== undefined) return reads;
  reads = null;
  const el = typeof document === 'undefined' ? null : document.getElementById('page-data');
  if (el?.textContent) {
    try {
      reads = JSON.parse(el.textContent) as Record<string, unknown>;
      readAt = Date.now();
      const id = el.getAttribute('data-last-event-id');
      lastEventId = id && /^\d{1,18}$/.test(id) ? id : null;
    } catch {
      reads = null;
    }
  }
  return reads;
}

/** Spread into a query's options: its first data comes from the page when the page carries `url`. */
export function fromPage<T>(url: string) {
  return {
    initialData: (): T | undefined => {
      const all = pageReads();
      if (!all || !(url in all)) return undefined;
      const data = all[url] as T;
      delete all[url];
      return data;
    },
    initialDataUpdatedAt: () => readAt,
  };
}

/**
 * Where the tab's event stream starts: after the event the page's reads are as of, so whatever changed
 * since the page was written arrives as events (or as a resync when it is too far behind). Null when the
 * page carries no reads: the stream then starts from now and the copies are read again (isPageCopy).
 */
export function pageStreamStart(): string | null {
  return pageReads() ? lastEventId : null;
}

/**
 * A query still holding the page's copy (not read since). On a page that does not say which event its
 * reads are as of, whatever changed before the event stream opened is read again once it is open
 * (unchanged answers draw nothing: the cache keeps the same data).
 */
export const isPageCopy = (q: { state: { dataUpdatedAt: number } }) =>
  readAt > 0 && q.state.dataUpdatedAt === readAt;

/** Tests: what a page carried, as if it had just loaded. */
export function setPageReadsForTest(next: Record<string, unknown> | null, eventId: string | null = null) {
  reads = next;
  readAt = Date.now();
  lastEventId = eventId;
}
