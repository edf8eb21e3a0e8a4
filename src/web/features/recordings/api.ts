import type {
  ManagedRecording,
  ManagedRecordingList,
  RecordedShows,
  RecordingList,
} from '@shared/contracts/recordings';
import { EVENT_TYPES } from '@shared/events';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/app/data/api-client';
import { queryKeys, useKeyedQuery } from '@web/app/data/query-keys';
import { useRealtimeEvent } from '@web/app/realtime/realtime-provider';

/** Listen again: the published recordings, the shows that have some, and a presenter's own. */

const PAGE = 20;

function listUrl(show: string | null, before: string | null) {
  const q = new URLSearchParams({ limit: String(PAGE) });
  if (show) q.set('show', show);
  if (before) q.set('before', before);
  return `/api/recordings?${q}`;
}

/** Published recordings, newest first, a page at a time; one show when `show` is given. */
export function useRecordings(show: string | null) {
  return useInfiniteQuery({
    queryKey: queryKeys.recordings.list(show),
    queryFn: ({ pageParam }) => api.get<RecordingList>(listUrl(show, pageParam)),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextBefore,
  });
}

/** The titles of the shows with published recordings (the schedule links to them). */
export function useRecordedShows() {
  return useKeyedQuery({
    queryKey: queryKeys.recordings.shows,
    queryFn: () => api.get<RecordedShows>('/api/recordings/shows'),
    select: (d) => new Set(d.shows.map((s) => s.title.toLowerCase())),
    staleTime: 5 * 60_000,
  });
}

/** The caller's own recordings (every one for an admin), hidden ones too. */
export function useManagedRecordings(enabled: boolean) {
  return useKeyedQuery({
    queryKey: queryKeys.recordings.manage,
    queryFn: () => api.get<ManagedRecordingList>('/api/recordings/manage?limit=100'),
    enabled,
  });
}

export function useSetRecordingHidden() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: string; hidden: boolean }) =>
      api.patch<{ recording: ManagedRecording }>(`/api/recordings/${v.id}`, { hidden: v.hidden }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.recordings.root }),
  });
}

export function useDeleteRecording() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<{ ok: true }>(`/api/recordings/${id}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.recordings.root }),
  });
}

/** Mounted once for the app: a recording appeared, was hidden or deleted. */
export function useRecordingsEvents() {
  const queryClient = useQueryClient();
  useRealtimeEvent(EVENT_TYPES.recordingsChanged, () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.recordings.root });
  });
}
