import type {
  Playlist,
  PlaylistDetail,
  PlaylistInput,
  PlaylistPatch,
  QueueItem,
} from '@shared/contracts/media';
import type { ScheduleSlot } from '@shared/contracts/schedule';
import { EVENT_TYPES } from '@shared/events';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/app/data/api-client';
import { queryKeys, useKeyedQuery } from '@web/app/data/query-keys';
import { useRealtimeEvent } from '@web/app/realtime/realtime-provider';

/** The Music tab's playlists and queue: read fresh, kept current by the `media.programming` push. */

function useProgrammingPush() {
  const qc = useQueryClient();
  useRealtimeEvent(EVENT_TYPES.mediaProgrammingChanged, () => {
    void qc.invalidateQueries({ queryKey: queryKeys.media.root });
  });
  return qc;
}

export function usePlaylists() {
  useProgrammingPush();
  return useKeyedQuery({
    queryKey: queryKeys.media.playlists,
    queryFn: () => api.get<{ playlists: Playlist[] }>('/api/media/playlists'),
    select: (r) => r.playlists,
  });
}

export function usePlaylistDetail(id: string | null) {
  return useKeyedQuery({
    queryKey: queryKeys.media.playlist(id ?? ''),
    queryFn: () => api.get<PlaylistDetail>(`/api/media/playlists/${id}`),
    enabled: Boolean(id),
  });
}

/** The timetable's shows, to bind a scheduled playlist to one. */
export function useShows() {
  return useKeyedQuery({
    queryKey: queryKeys.media.shows,
    queryFn: () =>
      api
        .get<{ timezone: string; slots: ScheduleSlot[] }>('/api/schedule')
        .then((r) => r.slots.filter((s) => s.status === 'approved')),
    staleTime: 60_000,
  });
}

function useInvalidating<A, R>(fn: (a: A) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.media.root }),
  });
}

export const useCreatePlaylist = () =>
  useInvalidating((input: PlaylistInput) => api.post<{ playlist: Playlist }>('/api/media/playlists', input));
export const useUpdatePlaylist = () =>
  useInvalidating(({ id, patch }: { id: string; patch: PlaylistPatch }) =>
    api.patch<{ playlist: Playlist }>(`/api/media/playlists/${id}`, patch),
  );
export const useDeletePlaylist = () =>
  useInvalidating((id: string) => api.delete(`/api/media/playlists/${id}`));
export const useSetPlaylistTracks = () =>
  useInvalidating(({ id, trackIds }: { id: string; trackIds: string[] }) =>
    api.put<PlaylistDetail>(`/api/media/playlists/${id}/tracks`, { trackIds }),
  );

export function useQueue() {
  useProgrammingPush();
  const qc = useQueryClient();
  // The track on air changed: the queue moved up.
  useRealtimeEvent(
    EVENT_TYPES.nowPlayingChanged,
    () => void qc.invalidateQueries({ queryKey: queryKeys.media.queue }),
  );
  return useKeyedQuery({
    queryKey: queryKeys.media.queue,
    queryFn: () => api.get<{ upcoming: QueueItem[] }>('/api/media/queue').then((r) => r.upcoming),
  });
}

export const useRemoveQueued = () => useInvalidating((id: string) => api.delete(`/api/media/queue/${id}`));
export const useSkipTrack = () =>
  useInvalidating(() => api.post<{ message: string }>('/api/media/queue/skip'));

/** The library's search (the media library's API), to add tracks to a playlist. */
export function useTrackSearch(q: string) {
  return useKeyedQuery({
    queryKey: queryKeys.media.trackSearch(q),
    queryFn: () =>
      api.get<{ tracks: { id: string; title: string; artist: string }[]; total: number }>(
        `/api/media/tracks?q=${encodeURIComponent(q)}&page=1`,
      ),
    enabled: q.trim().length > 0,
  });
}
