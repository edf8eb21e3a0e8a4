import {
  type InvalidateOptions,
  type InvalidateQueryFilters,
  type Query,
  QueryClient,
  type QueryClientConfig,
  type QueryKey,
  type SetDataOptions,
  timeoutManager,
} from '@tanstack/react-query';
import { isApiError } from './api-client';
import { browserTimerHost, CoalescedTimers } from './coalesced-timers';

/** The query cache's timers, on one platform timer (see coalesced-timers.ts). */
const queryTimers = new CoalescedTimers(browserTimerHost);

type WriteQueryData = (queryKey: QueryKey, updater: unknown, options?: SetDataOptions) => unknown;

const firstReadInFlight = (q: Query) => q.state.data === undefined && q.state.fetchStatus === 'fetching';

/**
 * A query client whose invalidation also covers a first read still on its way. TanStack Query folds an
 * invalidation into a read in flight when the query has no data yet (it cancels and sends again only a
 * refetch), so a first read that left before the change an event or a mutation reports would land, stale,
 * and stay. Here such a read is cancelled first (the query goes back to pending, its observers keep
 * waiting), then the invalidation runs as usual and the queries on screen are read again.
 *
 * A write into the cache (an event's or a mutation's `setQueryData`) meets the same read: an updater
 * that finds nothing cached yet changes nothing, and the read lands without the change. So a write to a
 * query whose first read is on its way also reads it again.
 */
export class QueryClientReadingAgain extends QueryClient {
  constructor(config?: QueryClientConfig) {
    super(config);
    // Wrapped here rather than overridden: TypeScript cannot match an override's copy of the library's
    // generic signature (its NoInfer types) to the original, though the two are the same.
    const write = this.setQueryData.bind(this) as WriteQueryData;
    const writeReadingAgain: WriteQueryData = (queryKey, updater, options) => {
      const query = this.getQueryCache().find({ queryKey, exact: true });
      const readInFlight = query !== undefined && firstReadInFlight(query);
      const data = write(queryKey, updater, options);
      if (readInFlight) void this.invalidateQueries({ queryKey, exact: true });
      return data;
    };
    this.setQueryData = writeReadingAgain as QueryClient['setQueryData'];
  }

  override async invalidateQueries<TTaggedQueryKey extends QueryKey = QueryKey>(
    filters?: InvalidateQueryFilters<TTaggedQueryKey>,
    options?: InvalidateOptions,
  ): Promise<void> {
    const own = filters?.predicate;
    await this.cancelQueries({
      ...filters,
      predicate: (q) => firstReadInFlight(q) && (own ? own(q) : true),
    });
    return super.invalidateQueries(filters, options);
  }

}

/** Server state lives here. Nothing polls: live changes arrive over the realtime stream. */
export function createQueryClient() {
  timeoutManager.setTimeoutProvider(queryTimers);
  return new QueryClientReadingAgain({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchInterval: false,
        refetchOnWindowFocus: true,
        retry: (count, error) => {
          if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
          return count < 2;
        },
      },
      mutations: { retry: false },
    },
  });
}
