import type { MediaTrack, TrackCueInput, TrackPeaks } from '@shared/contracts/media';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/app/data/api-client';
import { tracksQueryKey } from './music-api';

/** A track's waveform and cue and fade (Admin Panel → Music → Cue & fade). */

export function useTrackPeaks(trackId: string) {
  return useQuery({
    queryKey: ['media', 'track-peaks', trackId],
    queryFn: () => api.get<TrackPeaks>(`/api/media/tracks/${trackId}/peaks`),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useSetTrackCue() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: TrackCueInput }) =>
      api.put<{ track: MediaTrack }>(`/api/media/tracks/${id}/cue`, input),
    onSuccess: () => qc.invalidateQueries({ queryKey: tracksQueryKey }),
  });
}
