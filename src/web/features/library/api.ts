import type { SongStat } from '@shared/contracts/library';
import { EVENT_TYPES } from '@shared/events';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/app/data/api-client';
import { useRealtimeEvent } from '@web/app/realtime/realtime-provider';
import { useMe } from '@web/app/session';
import { isSongLiked, type LikeableSong, type LikesState, withLike } from './likes';

export const likesQueryKey = ['likes'] as const;
export type RankKind = 'most-liked' | 'most-played';

/** The signed-in member's liked songs (nothing is asked for a visitor). */
export function useMyLikes() {
  const { me } = useMe();
  return useQuery({
    queryKey: likesQueryKey,
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
      await queryClient.cancelQueries({ queryKey: likesQueryKey });
      const previous = queryClient.getQueryData<LikesState>(likesQueryKey);
      queryClient.setQueryData(likesQueryKey, withLike(previous, song, !isSongLiked(previous, song)));
      return { previous };
    },
    onError: (_err, _song, ctx) => queryClient.setQueryData(likesQueryKey, ctx?.previous),
    onSuccess: (result, song) => {
      queryClient.setQueryData<LikesState>(likesQueryKey, (current) =>
        withLike(current, song, result.liked, result.songId),
      );
      queryClient.setQueriesData<{ songs: SongStat[] }>({ queryKey: ['songs'] }, (list) =>
        list
          ? {
              songs: list.songs.map((s) =>
                s.id === result.songId ? { ...s, likeCount: result.likeCount } : s,
              ),
            }
          : list,
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['songs', 'most-liked'] }),
  });
}

/** The most liked or most played songs (up to 100), filtered on the server by `q`. */
export function useRankedSongs(kind: RankKind, q: string) {
  return useQuery({
    queryKey: ['songs', kind, q] as const,
    queryFn: () =>
      api.get<{ songs: SongStat[] }>(`/api/songs/${kind}${q ? `?q=${encodeURIComponent(q)}` : ''}`),
    placeholderData: keepPreviousData,
  });
}

/** Mounted once for the app: the member's likes changed elsewhere (another tab or device). */
export function useLikesEvents() {
  const queryClient = useQueryClient();
  useRealtimeEvent(EVENT_TYPES.likesChanged, () => {
    void queryClient.invalidateQueries({ queryKey: likesQueryKey });
  });
}
