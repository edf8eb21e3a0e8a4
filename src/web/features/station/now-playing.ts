import type { NowPlaying } from '@shared/contracts/station';
import { EVENT_TYPES } from '@shared/events';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '@web/app/data/api-client';
import { fromPage } from '@web/app/data/page-data';
import { queryKeys, useKeyedQuery } from '@web/app/data/query-keys';
import { useRealtimeEvent } from '@web/app/realtime/realtime-provider';

export const nowPlayingQuery = {
  queryKey: queryKeys.nowPlaying,
  queryFn: () => api.get<NowPlaying>('/api/now-playing'),
  ...fromPage<NowPlaying>('/api/now-playing'),
};

/** The station's whole now-playing state; kept live by 'nowPlaying.changed' (never polled). */
export function useNowPlaying() {
  return useKeyedQuery(nowPlayingQuery);
}

const looksLikeNowPlaying = (v: unknown): v is NowPlaying =>
  typeof v === 'object' && v !== null && 'station' in v && 'live' in v && 'listeners' in v;

/**
 * Puts every 'nowPlaying.changed' payload (the whole state) straight into the cache, and refreshes
 * what depends on plays: the song rankings and the engine status, where someone is looking at them.
 * Mounted once for the app.
 */
export function useNowPlayingEvents() {
  const queryClient = useQueryClient();
  useRealtimeEvent(EVENT_TYPES.nowPlayingChanged, (data) => {
    if (looksLikeNowPlaying(data)) queryClient.setQueryData(queryKeys.nowPlaying, data);
    else void queryClient.invalidateQueries({ queryKey: queryKeys.nowPlaying });
    void queryClient.invalidateQueries({ queryKey: queryKeys.songs.root });
    void queryClient.invalidateQueries({ queryKey: queryKeys.station.status });
    // Stream Info's connection check, where a presenter is looking at it (a DJ connected or left).
    void queryClient.invalidateQueries({ queryKey: queryKeys.station.myConnection });
  });
  // Listener counts move often: only that number changes, nothing is refetched.
  useRealtimeEvent(EVENT_TYPES.listenersChanged, (data) => {
    const total = (data as { total?: unknown })?.total;
    if (typeof total !== 'number') return;
    queryClient.setQueryData<NowPlaying>(queryKeys.nowPlaying, (old) =>
      old ? { ...old, listeners: { total } } : old,
    );
  });
}
