import type { Member } from '@shared/contracts/members';
import { EVENT_TYPES } from '@shared/events';
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/app/data/api-client';
import { fromPage } from '@web/app/data/page-data';
import { queryKeys, useKeyedQuery } from '@web/app/data/query-keys';
import { useRealtimeEvent } from '@web/app/realtime/realtime-provider';

/** The public member list, searched on the server (case-insensitive, by name); also the chat's @-mentions. */
export function useMembers(q: string, { enabled = true }: { enabled?: boolean } = {}) {
  const term = q.trim();
  return useKeyedQuery({
    queryKey: queryKeys.members.search(term),
    queryFn: () =>
      api.get<{ members: Member[] }>(`/api/members${term ? `?q=${encodeURIComponent(term)}` : ''}`),
    ...(term ? {} : fromPage<{ members: Member[] }>('/api/members')),
    select: (d) => d.members,
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** Mounted once for the app: a member changed (picture, privacy): the lists are read again. */
export function useMembersEvents() {
  const queryClient = useQueryClient();
  useRealtimeEvent(EVENT_TYPES.membersChanged, () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.members.root });
    void queryClient.invalidateQueries({ queryKey: queryKeys.team });
  });
}
