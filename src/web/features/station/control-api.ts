import type {
  CreateStreamerInput,
  EngineStatus,
  MyConnection,
  MyCredentials,
  StreamerAccount,
  UpdateStreamerInput,
} from '@shared/contracts/station';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/app/data/api-client';
import type { z } from 'zod';

/** Staff and presenter calls of the station domain. Imported only by lazy (staff) pages. */

export type EngineStatusData = z.infer<typeof EngineStatus>;
export type MyCredentialsData = z.infer<typeof MyCredentials>;
export type RadioAction = 'skip' | 'disconnect' | 'restart';

export const stationStatusQueryKey = ['station', 'status'] as const;
export const streamersQueryKey = ['station', 'streamers'] as const;
export const myCredentialsQueryKey = ['station', 'my-credentials'] as const;
/** Stream Info's connection check; refreshed by now-playing events (a DJ connecting or leaving). */
export const myConnectionQueryKey = ['station', 'my-connection'] as const;

/** The engine's real state; refreshed by now-playing events while shown. */
export function useStationStatus() {
  return useQuery({
    queryKey: stationStatusQueryKey,
    queryFn: () => api.get<EngineStatusData>('/api/station/status'),
  });
}

export function useRadioCommand() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: RadioAction) =>
      api.post<{ message: string }>(`/api/station/commands/${encodeURIComponent(action)}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: stationStatusQueryKey }),
  });
}

export function useStreamers() {
  return useQuery({
    queryKey: streamersQueryKey,
    queryFn: () => api.get<{ streamers: StreamerAccount[] }>('/api/station/streamers'),
    select: (d) => d.streamers,
  });
}

export function useCreateStreamer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: z.output<typeof CreateStreamerInput>) =>
      api.post<{ streamer: StreamerAccount }>('/api/station/streamers', input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: streamersQueryKey }),
  });
}

export function useUpdateStreamer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: z.output<typeof UpdateStreamerInput> }) =>
      api.patch<{ streamer: StreamerAccount }>(`/api/station/streamers/${encodeURIComponent(id)}`, patch),
    onSuccess: ({ streamer }) =>
      queryClient.setQueryData<{ streamers: StreamerAccount[] }>(streamersQueryKey, (old) =>
        old ? { streamers: old.streamers.map((s) => (s.id === streamer.id ? streamer : s)) } : old,
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: streamersQueryKey }),
  });
}

export function useDeleteStreamer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<{ ok: true }>(`/api/station/streamers/${encodeURIComponent(id)}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: streamersQueryKey }),
  });
}

/** The member's own streaming account (username and connection details; never the password). */
export function useMyCredentials() {
  return useQuery({
    queryKey: myCredentialsQueryKey,
    queryFn: () => api.get<MyCredentialsData>('/api/station/my-credentials'),
  });
}

/** Generates (or regenerates) the member's credentials; the answer carries the password, once. */
export function useGenerateMyCredentials() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<MyCredentialsData>('/api/station/my-credentials'),
    onSuccess: (creds) => queryClient.setQueryData(myCredentialsQueryKey, { ...creds, password: null }),
  });
}

/** Is the member's broadcasting software connected now (format, bitrate, since when)? */
export function useMyConnection() {
  return useQuery({
    queryKey: myConnectionQueryKey,
    queryFn: () => api.get<MyConnection>('/api/station/my-connection'),
  });
}
