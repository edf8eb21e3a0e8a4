import {
  type InvalidateOptions,
  type InvalidateQueryFilters,
  type Query,
  QueryClient,
  type QueryKey,
  timeoutManager,
} from '@tanstack/react-query';
import { isApiError } from './api-client';
import { browserTimerHost, CoalescedTimers } from './coalesced-timers';

/** The query cache's timers, on one platform timer (see coalesced-timers.ts). */
const queryTimers = new CoalescedTimers(browserTimerHost);

const firstReadInFlight = (q: Query) => q.state.data === undefined && q.state.fetchStatus === 'fetching';

/**
 * A query client whose invalidation also covers a first read still on its way. TanStack Query folds an
 * invalidation into a read in flight when the query has no data yet (it cancels and sends again only a
 * refetch), so a first read that left before the change an event or a mutation reports would land, stale,
 * and stay. Here such a read is cancelled first (the query goes back to pending, its observers keep
 * waiting), then the invalidation runs as usual and the queries on screen are read again.
 */
export class QueryClientReadingAgain extends QueryClient {
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
