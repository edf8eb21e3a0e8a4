import type {
  BulkUpdateTracksInput,
  MediaTrack,
  TrackList,
  UpdateTrackInput,
  UploadResult,
} from '@shared/contracts/media';
import { keepPreviousData, useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '@web/app/data/api-client';
import type { TrackListParams } from '@web/app/data/query-data';
import { queryKeys, useKeyedQuery } from '@web/app/data/query-keys';

/** The media library's reads and writes (Admin Panel → Music). */

export const trackListUrl = (p: TrackListParams) => {
  const s = new URLSearchParams({ page: String(p.page), sort: p.sort, dir: p.dir });
  if (p.q.trim()) s.set('q', p.q.trim());
  return `/api/media/tracks?${s}`;
};

export function useTracks(p: TrackListParams) {
  return useKeyedQuery({
    queryKey: queryKeys.media.tracks(p),
    queryFn: () => api.get<TrackList>(trackListUrl(p)),
    placeholderData: keepPreviousData,
  });
}

const useRefreshTracks = () => {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: queryKeys.media.tracksRoot });
};

export function useUpdateTrack() {
  const refresh = useRefreshTracks();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: UpdateTrackInput }) =>
      api.patch<{ track: MediaTrack }>(`/api/media/tracks/${id}`, input),
    onSuccess: refresh,
  });
}

/** The selected tracks' artist, album or genre, set at once. */
export function useBulkEditTracks() {
  const refresh = useRefreshTracks();
  return useMutation({
    mutationFn: (input: BulkUpdateTracksInput) =>
      api.post<{ updated: number }>('/api/media/tracks/bulk-edit', input),
    onSuccess: refresh,
  });
}

/** Where the preview player reads a track's audio (staff only, with Range). */
export const trackAudioUrl = (id: string) => `/api/media/tracks/${encodeURIComponent(id)}/audio`;

export function useDeleteTrack() {
  const refresh = useRefreshTracks();
  return useMutation({
    mutationFn: (id: string) =>
      api.delete<{ deleted: boolean; removeAfterAir: boolean }>(`/api/media/tracks/${id}`),
    onSuccess: refresh,
  });
}

/** Sends files as multipart/form-data with XMLHttpRequest, which reports upload progress (fetch does not). */
export function sendMultipart<T>(
  method: 'POST' | 'PUT',
  url: string,
  files: File[],
  onProgress?: (fraction: number) => void,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    for (const f of files) form.append('file', f, f.name);
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && onProgress) onProgress(e.loaded / e.total);
    };
    xhr.onerror = () =>
      reject(new ApiError(0, 'NETWORK', 'Cannot reach the station right now. Please check your connection.'));
    xhr.onload = () => {
      let data: unknown = null;
      try {
        data = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        data = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) return resolve(data as T);
      const err = (data as { error?: { code?: string; message?: string } } | null)?.error;
      reject(
        new ApiError(xhr.status, err?.code ?? `HTTP_${xhr.status}`, err?.message ?? 'The upload failed'),
      );
    };
    xhr.send(form);
  });
}

export const uploadTrackFile = (file: File, onProgress: (fraction: number) => void) =>
  sendMultipart<UploadResult>('POST', '/api/media/tracks', [file], onProgress);

export function useReplaceArt() {
  const refresh = useRefreshTracks();
  return useMutation({
    mutationFn: ({ id, file }: { id: string; file: File }) =>
      sendMultipart<{ track: MediaTrack }>('PUT', `/api/media/tracks/${id}/art`, [file]),
    onSuccess: refresh,
  });
}

// --- Playlists (their API is the programming part's; the library only adds tracks to one) ---

/** The union of a playlist's tracks and the chosen ones, the playlist's own order first. */
export const withAdded = (current: string[], added: string[]) => [
  ...current,
  ...added.filter((id, i) => !current.includes(id) && added.indexOf(id) === i),
];

export function useAddToPlaylist() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ playlistId, trackIds }: { playlistId: string; trackIds: string[] }) => {
      const { trackIds: current } = await api.get<{ trackIds: string[] }>(
        `/api/media/playlists/${playlistId}`,
      );
      return api.put(`/api/media/playlists/${playlistId}/tracks`, { trackIds: withAdded(current, trackIds) });
    },
    // The playlists' track counts and the library's "In …" line both change.
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: queryKeys.media.playlists }),
        qc.invalidateQueries({ queryKey: queryKeys.media.tracksRoot }),
      ]),
  });
}
