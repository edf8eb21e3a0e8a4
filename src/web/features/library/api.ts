import type { SongStat } from '@shared/contracts/library';
import { EVENT_TYPES } from '@shared/events';
import { keepPreviousData, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/app/data/api-client';
import { queryKeys, useKeyedQuery } from '@web/app/data/query-keys';
import { useRealtimeEvent } from '@web/app/realtime/realtime-provider';
import { useMe } from '@web/app/session';
import { isSongLiked, type LikeableSong, type LikesState, withLike } from './likes';

export type RankKind = 'most-liked' | 'most-played';

/** The signed-in member's liked songs (nothing is asked for a visitor). */
export function useMyLikes() {
  const { me } = useMe();
  return useKeyedQuery({
    queryKey: queryKeys.likes,
    queryFn: () => api.get<LikesState>('/api/likes'),
    enabled: Boolean(me),
    staleTime: 5 * 60_000,
  });
}

/** Like or unlike a song the station knows (by its id), shown at once and corrected by the server's answer. */
export function useToggleLike() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (song: LikeableSong & { id: string }) =>
      api.post<{ liked: boolean; songId: string; likeCount: number }>('/api/likes/toggle', {
        songId: song.id,
      }),
    onMutate: async (song) => {
      await queryClient.cancelQueries({ queryKey: queryKeys.likes });
      const previous = queryClient.getQueryData<LikesState>(queryKeys.likes);
      queryClient.setQueryData(queryKeys.likes, withLike(previous, song, !isSongLiked(previous, song)));
      return { previous };
    },
    onError: (_err, _song, ctx) => queryClient.setQueryData(queryKeys.likes, ctx?.previous),
    onSuccess: (result, song) => {
      queryClient.setQueryData<LikesState>(queryKeys.likes, (current) =>
        withLike(current, song, result.liked, result.songId),
      );
      queryClient.setQueriesData<{ songs: SongStat[] }>({ queryKey: queryKeys.songs.root }, (list) =>
        list
          ? {
              songs: list.songs.map((s) =>
                s.id === result.songId ? { ...s, likeCount: result.likeCount } : s,
              ),
            }
          : list,
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.songs.mostLikedRoot }),
  });
}

/** The most liked or most played songs (up to 100), filtered on the server by `q`. */
export function useRankedSongs(kind: RankKind, q: string) {
  return useKeyedQuery({
    queryKey: queryKeys.songs.ranked(kind, q),
    queryFn: () =>
      api.get<{ songs: SongStat[] }>(`/api/songs/${kind}${q ? `?q=${encodeURIComponent(q)}` : ''}`),
    placeholderData: keepPreviousData,
  });
}

/** Mounted once for the app: the member's likes changed elsewhere (another tab or device). */
export function useLikesEvents() {
  const queryClient = useQueryClient();
  useRealtimeEvent(EVENT_TYPES.likesChanged, () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.likes });
  });
}
