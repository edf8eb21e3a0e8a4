import type { MediaTrack, TrackCueInput, TrackPeaks } from '@shared/contracts/media';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/app/data/api-client';
import { queryKeys, useKeyedQuery } from '@web/app/data/query-keys';

/** A track's waveform and cue and fade (Admin Panel → Music → Cue & fade). */

export function useTrackPeaks(trackId: string) {
  return useKeyedQuery({
    queryKey: queryKeys.media.trackPeaks(trackId),
    queryFn: () => api.get<TrackPeaks>(`/api/media/tracks/${trackId}/peaks`),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useSetTrackCue() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: TrackCueInput }) =>
      api.put<{ track: MediaTrack }>(`/api/media/tracks/${id}/cue`, input),
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.media.tracksRoot }),
  });
}
