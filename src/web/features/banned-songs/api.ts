import type { BannedSong, BannedSongInput } from '@shared/contracts/banned-songs';
import { EVENT_TYPES } from '@shared/events';
import { keepPreviousData, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/app/data/api-client';
import { queryKeys, useKeyedQuery } from '@web/app/data/query-keys';
import { useRealtimeEvent } from '@web/app/realtime/realtime-provider';
import type { z } from 'zod';

/** Banned songs, newest ban first: the active ones, or all of them (`all`, for 'banned.manage'). */
export function useBannedSongs(all: boolean) {
  return useKeyedQuery({
    queryKey: queryKeys.bannedSongs.list(all),
    queryFn: () => api.get<{ songs: BannedSong[] }>(`/api/banned-songs${all ? '?all=true' : ''}`),
    select: (d) => d.songs,
    placeholderData: keepPreviousData,
  });
}

function useBannedMutation<V, R>(fn: (v: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.bannedSongs.root }),
  });
}

export const useBanSong = () =>
  useBannedMutation((input: z.output<typeof BannedSongInput>) =>
    api.post<{ song: BannedSong }>('/api/banned-songs', input),
  );

export const useSetBanActive = () =>
  useBannedMutation(({ id, isActive }: { id: string; isActive: boolean }) =>
    api.patch<{ song: BannedSong }>(`/api/banned-songs/${encodeURIComponent(id)}`, { isActive }),
  );

export const useDeleteBannedSong = () =>
  useBannedMutation((id: string) =>
    api.delete<{ ok: boolean }>(`/api/banned-songs/${encodeURIComponent(id)}`),
  );

/** Mounted once for the app. */
export function useBannedSongsEvents() {
  const queryClient = useQueryClient();
  useRealtimeEvent(EVENT_TYPES.bannedSongsChanged, () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.bannedSongs.root });
  });
}
