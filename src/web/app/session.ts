import type { Me } from '@shared/contracts/accounts';
import type { QueryClient } from '@tanstack/react-query';
import { queryKeys, useKeyedQuery } from '@web/app/data/query-keys';
import { api } from './data/api-client';
import { fromPage } from './data/page-data';

/** A visitor's page says nobody is signed in (page-data): the app draws at once instead of asking first. */
export const meQuery = {
  queryKey: queryKeys.me,
  queryFn: () => api.get<{ me: Me | null }>('/api/me'),
  staleTime: 60_000,
  ...fromPage<{ me: Me | null }>('/api/me'),
};

/** The signed-in member, or null for a visitor. `isPending` is true only while the session first loads. */
export function useMe() {
  const query = useKeyedQuery(meQuery);
  return { me: query.data?.me ?? null, isPending: query.isPending, isError: query.isError };
}

/** Keys of public server state, the same for everyone; everything else belongs to a session. */
const publicKeys = new Set(['settings', 'nowPlaying', 'schedule', 'chart', 'songs']);

const isPrivate = (key: readonly unknown[]) => key[0] !== 'me' && !publicKeys.has(String(key[0]));

/** After login: store the new session and refetch everything that depends on who is asking. */
export function applySignedIn(queryClient: QueryClient, me: Me) {
  queryClient.setQueryData(queryKeys.me, { me });
  void queryClient.resetQueries({ predicate: (q) => isPrivate(q.queryKey) });
}

/** After logout: forget the session and every private piece of server state. */
export function applySignedOut(queryClient: QueryClient) {
  queryClient.setQueryData(queryKeys.me, { me: null });
  queryClient.removeQueries({ predicate: (q) => isPrivate(q.queryKey) });
}
