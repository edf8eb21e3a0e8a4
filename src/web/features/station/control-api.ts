import type {
  CreateStreamerInput,
  EngineStatus,
  MyConnection,
  MyCredentials,
  StreamerAccount,
  UpdateStreamerInput,
} from '@shared/contracts/station';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/app/data/api-client';
import { queryKeys, useKeyedQuery } from '@web/app/data/query-keys';
import type { z } from 'zod';

/** Staff and presenter calls of the station domain. Imported only by lazy (staff) pages. */

export type EngineStatusData = z.infer<typeof EngineStatus>;
export type MyCredentialsData = z.infer<typeof MyCredentials>;
export type RadioAction = 'skip' | 'disconnect' | 'restart';

/** The engine's real state; refreshed by now-playing events while shown. */
export function useStationStatus() {
  return useKeyedQuery({
    queryKey: queryKeys.station.status,
    queryFn: () => api.get<EngineStatusData>('/api/station/status'),
  });
}

export function useRadioCommand() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: RadioAction) =>
      api.post<{ message: string }>(`/api/station/commands/${encodeURIComponent(action)}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.station.status }),
  });
}

export function useStreamers() {
  return useKeyedQuery({
    queryKey: queryKeys.station.streamers,
    queryFn: () => api.get<{ streamers: StreamerAccount[] }>('/api/station/streamers'),
    select: (d) => d.streamers,
  });
}

export function useCreateStreamer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: z.output<typeof CreateStreamerInput>) =>
      api.post<{ streamer: StreamerAccount }>('/api/station/streamers', input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.station.streamers }),
  });
}

export function useUpdateStreamer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: z.output<typeof UpdateStreamerInput> }) =>
      api.patch<{ streamer: StreamerAccount }>(`/api/station/streamers/${encodeURIComponent(id)}`, patch),
    onSuccess: ({ streamer }) =>
      queryClient.setQueryData<{ streamers: StreamerAccount[] }>(queryKeys.station.streamers, (old) =>
        old ? { streamers: old.streamers.map((s) => (s.id === streamer.id ? streamer : s)) } : old,
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.station.streamers }),
  });
}

export function useDeleteStreamer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<{ ok: true }>(`/api/station/streamers/${encodeURIComponent(id)}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.station.streamers }),
  });
}

/** The member's own streaming account (username and connection details; never the password). */
export function useMyCredentials() {
  return useKeyedQuery({
    queryKey: queryKeys.station.myCredentials,
    queryFn: () => api.get<MyCredentialsData>('/api/station/my-credentials'),
  });
}

/** Generates (or regenerates) the member's credentials; the answer carries the password, once. */
export function useGenerateMyCredentials() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<MyCredentialsData>('/api/station/my-credentials'),
    onSuccess: (creds) =>
      queryClient.setQueryData(queryKeys.station.myCredentials, { ...creds, password: null }),
  });
}

/** Is the member's broadcasting software connected now (format, bitrate, since when)? */
export function useMyConnection() {
  return useKeyedQuery({
    queryKey: queryKeys.station.myConnection,
    queryFn: () => api.get<MyConnection>('/api/station/my-connection'),
  });
}
