import type { DeckKind, DeckTrack, DeckTrackList } from '@shared/contracts/media';
import { keepPreviousData } from '@tanstack/react-query';
import { api } from '@web/app/data/api-client';
import { queryKeys, useKeyedQuery } from '@web/app/data/query-keys';

/** The deck's library search (songs, or jingles and IDs), whose title or artist holds `q`. */
export function useDeckSearch(kind: DeckKind, q: string) {
  return useKeyedQuery({
    queryKey: queryKeys.media.deck(kind, q),
    queryFn: () => api.get<DeckTrackList>(`/api/media/deck?${new URLSearchParams({ kind, q })}`),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/** Where the deck reads a library track's audio (the library's own audio route, with ranges). */
export const deckTrackAudioUrl = (track: Pick<DeckTrack, 'id'>) => `/api/media/tracks/${track.id}/audio`;
