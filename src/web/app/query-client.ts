import { QueryClient, timeoutManager } from '@tanstack/react-query';
import { isApiError } from './api-client';
import { browserTimerHost, CoalescedTimers } from './coalesced-timers';

/** The query cache's timers, on one platform timer (see coalesced-timers.ts). */
const queryTimers = new CoalescedTimers(browserTimerHost);

/** Server state lives here. Nothing polls: live changes arrive over the realtime stream. */
export function createQueryClient() {
  timeoutManager.setTimeoutProvider(queryTimers);
  return new QueryClient({
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
