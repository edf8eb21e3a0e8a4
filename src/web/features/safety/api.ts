import type { BlockedMember, Report, ReportInput } from '@shared/contracts/safety';
import { EVENT_TYPES } from '@shared/events';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/app/data/api-client';
import { queryKeys, useKeyedQuery } from '@web/app/data/query-keys';
import { useRealtimeEvent } from '@web/app/realtime/realtime-provider';
import { useMe } from '@web/app/session';
import { useMemo } from 'react';

/** The live chat's cache key (the chat feature owns it; named here so a block re-reads it). */

/** The members I have blocked, newest first; kept live by my own `blocks.changed` events. */
export function useBlocks() {
  const { me } = useMe();
  const queryClient = useQueryClient();
  useRealtimeEvent(EVENT_TYPES.blocksChanged, () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.blocks });
    void queryClient.invalidateQueries({ queryKey: queryKeys.chat });
  });
  return useKeyedQuery({
    queryKey: queryKeys.blocks,
    queryFn: () => api.get<{ blocks: BlockedMember[] }>('/api/blocks'),
    select: (d) => d.blocks,
    enabled: Boolean(me),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** The ids of the members I blocked (their live chat messages are dropped as they arrive). */
export function useBlockedIds(): ReadonlySet<string> {
  const blocks = useBlocks();
  return useMemo(() => new Set((blocks.data ?? []).map((b) => b.member.id)), [blocks.data]);
}

function useBlockMutation(mutationFn: (userId: string) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.blocks });
      await queryClient.invalidateQueries({ queryKey: queryKeys.chat });
    },
  });
}
export const useBlock = () =>
  useBlockMutation((userId) => api.post<{ block: BlockedMember }>('/api/blocks', { userId }));
export const useUnblock = () =>
  useBlockMutation((userId) => api.delete<{ ok: true }>(`/api/blocks/${encodeURIComponent(userId)}`));

export function useSendReport() {
  return useMutation({
    mutationFn: (input: ReportInput) => api.post<{ report: Report }>('/api/reports', input),
  });
}

/** Moderators and admins: the report queue ('open' by default), live as reports arrive or are handled. */
export function useReports(status: 'open' | 'resolved' | 'dismissed' | 'all' = 'open', enabled = true) {
  const queryClient = useQueryClient();
  useRealtimeEvent(EVENT_TYPES.reportsChanged, () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.reports.root });
  });
  return useKeyedQuery({
    queryKey: queryKeys.reports.list(status),
    queryFn: () => api.get<{ reports: Report[]; openCount: number }>(`/api/reports?status=${status}`),
    enabled,
  });
}

export function useDecideReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: 'resolved' | 'dismissed' }) =>
      api.patch<{ report: Report }>(`/api/reports/${encodeURIComponent(id)}`, { status }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.reports.root }),
  });
}
