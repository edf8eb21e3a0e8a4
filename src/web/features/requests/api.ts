import type { RequestSettings, RequestStatus, SongRequest } from '@shared/contracts/requests';
import type { NowPlaying } from '@shared/contracts/station';
import { EVENT_TYPES } from '@shared/events';
import { keepPreviousData, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/app/data/api-client';
import type { MusicSearchData, RequestListData } from '@web/app/data/query-data';
import { queryKeys, useKeyedQuery } from '@web/app/data/query-keys';
import { useRealtimeEvent } from '@web/app/realtime/realtime-provider';

export const REQUEST_LIST_LIMIT = 30;

/** Whether song requests are switched on and whether a presenter is live; kept live by events. */
export function useRequestSettings() {
  return useKeyedQuery({
    queryKey: queryKeys.requests.settings,
    queryFn: () => api.get<RequestSettings>('/api/requests/settings'),
    staleTime: 5 * 60_000,
  });
}

/** The newest requests (30 unless told, e.g. 50 on the staff dashboard), all or of one status, with the counts. */
export function useRequestList(status: RequestStatus | null, limit: number = REQUEST_LIST_LIMIT) {
  return useKeyedQuery({
    queryKey: queryKeys.requests.list(status, limit),
    queryFn: () =>
      api.get<RequestListData>(
        `/api/requests?limit=${limit}${status ? `&status=${encodeURIComponent(status)}` : ''}`,
      ),
    placeholderData: keepPreviousData,
  });
}

export function useSubmitRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: {
      requestType: string;
      songTitle: string;
      artist: string;
      message: string;
      requesterName: string;
    }) => api.post<{ request: SongRequest }>('/api/requests', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.requests.root }),
  });
}

export function useUpdateRequestStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: RequestStatus }) =>
      api.patch<{ request: SongRequest }>(`/api/requests/${encodeURIComponent(id)}/status`, { status }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.requests.root }),
  });
}

export function useUpdateRequestSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (enabled: boolean) => api.patch<RequestSettings>('/api/requests/settings', { enabled }),
    onSuccess: (settings) => queryClient.setQueryData(queryKeys.requests.settings, settings),
  });
}

/** Song search for the request form (Spotify, or the station's library when Spotify is not set up). */
export function useMusicSearch(term: string) {
  return useKeyedQuery({
    queryKey: queryKeys.musicSearch(term),
    queryFn: () => api.get<MusicSearchData>(`/api/music/search?q=${encodeURIComponent(term)}`),
    enabled: term.length > 0,
    staleTime: 5 * 60_000,
  });
}

const looksLikeSettings = (v: unknown): v is RequestSettings =>
  typeof v === 'object' && v !== null && 'enabled' in v && 'liveNow' in v;

const liveOf = (v: unknown): NowPlaying['live'] | null =>
  typeof v === 'object' && v !== null && 'live' in v ? (v as NowPlaying).live : null;

/**
 * Mounted once for the app: new settings go straight into the cache, any change to requests refreshes
 * the lists and counts, and a change of live state re-reads the settings (liveNow follows the engine).
 */
export function useRequestEvents() {
  const queryClient = useQueryClient();
  useRealtimeEvent(EVENT_TYPES.requestSettingsChanged, (data) => {
    if (looksLikeSettings(data)) queryClient.setQueryData(queryKeys.requests.settings, data);
    else void queryClient.invalidateQueries({ queryKey: queryKeys.requests.settings });
  });
  useRealtimeEvent(EVENT_TYPES.requestsChanged, () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.requests.root });
  });
  useRealtimeEvent(EVENT_TYPES.nowPlayingChanged, (data) => {
    const settings = queryClient.getQueryData<RequestSettings>(queryKeys.requests.settings);
    const live = liveOf(data);
    // Not read yet, or its first read on its way (it may have left before this change): read it again.
    // With no such query on screen the invalidation does nothing.
    if (settings && live && live.isLive === settings.liveNow) return;
    void queryClient.invalidateQueries({ queryKey: queryKeys.requests.settings });
  });
}
