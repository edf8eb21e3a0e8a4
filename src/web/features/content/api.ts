import type { CarouselImage, CarouselInput, CarouselPatch } from '@shared/contracts/carousel';
import type {
  RecognisedStreamer,
  StreamerInput,
  StreamerPatch,
  TwitchStatus,
} from '@shared/contracts/streamers';
import { EVENT_TYPES } from '@shared/events';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/app/data/api-client';
import { fromPage } from '@web/app/data/page-data';
import { useRealtimeEvent } from '@web/app/realtime/realtime-provider';
import type { z } from 'zod';

/** Homepage content: the carousel and the community streamers (public lists plus the admin tabs). */
export const carouselQueryKey = ['carousel'] as const;
export const streamersQueryKey = ['streamers'] as const;

export function useCarousel() {
  return useQuery({
    queryKey: [...carouselQueryKey, 'active'] as const,
    queryFn: () => api.get<{ images: CarouselImage[] }>('/api/carousel'),
    select: (d) => d.images,
    staleTime: 5 * 60_000,
    ...fromPage<{ images: CarouselImage[] }>('/api/carousel'),
  });
}

export function useAllCarousel() {
  return useQuery({
    queryKey: [...carouselQueryKey, 'all'] as const,
    queryFn: () => api.get<{ images: CarouselImage[] }>('/api/carousel/all'),
    select: (d) => d.images,
  });
}

function useContentMutation<V, R>(key: readonly string[], fn: (v: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

export const useAddCarouselImage = () =>
  useContentMutation(carouselQueryKey, (input: z.output<typeof CarouselInput>) =>
    api.post<{ image: CarouselImage }>('/api/carousel', input),
  );
export const useUpdateCarouselImage = () =>
  useContentMutation(
    carouselQueryKey,
    ({ id, patch }: { id: string; patch: z.output<typeof CarouselPatch> }) =>
      api.patch<{ image: CarouselImage }>(`/api/carousel/${encodeURIComponent(id)}`, patch),
  );
export const useMoveCarouselImage = () =>
  useContentMutation(carouselQueryKey, ({ id, direction }: { id: string; direction: 'up' | 'down' }) =>
    api.post<{ images: CarouselImage[] }>(`/api/carousel/${encodeURIComponent(id)}/move`, { direction }),
  );
export const useDeleteCarouselImage = () =>
  useContentMutation(carouselQueryKey, (id: string) =>
    api.delete<{ ok: boolean }>(`/api/carousel/${encodeURIComponent(id)}`),
  );
export const useUploadCarouselImage = () =>
  useMutation({ mutationFn: (file: File) => api.upload<{ url: string }>('/api/carousel/upload', file) });

export function useStreamers() {
  return useQuery({
    queryKey: [...streamersQueryKey, 'active'] as const,
    queryFn: () => api.get<{ streamers: RecognisedStreamer[] }>('/api/streamers'),
    ...fromPage<{ streamers: RecognisedStreamer[] }>('/api/streamers'),
    select: (d) => d.streamers,
    staleTime: 5 * 60_000,
  });
}

export function useAllStreamers() {
  return useQuery({
    queryKey: [...streamersQueryKey, 'all'] as const,
    queryFn: () => api.get<{ streamers: RecognisedStreamer[]; twitch: TwitchStatus }>('/api/streamers/all'),
  });
}

export const useAddStreamer = () =>
  useContentMutation(streamersQueryKey, (input: z.output<typeof StreamerInput>) =>
    api.post<{ streamer: RecognisedStreamer }>('/api/streamers', input),
  );
export const useUpdateStreamer = () =>
  useContentMutation(
    streamersQueryKey,
    ({ id, patch }: { id: string; patch: z.output<typeof StreamerPatch> }) =>
      api.patch<{ streamer: RecognisedStreamer }>(`/api/streamers/${encodeURIComponent(id)}`, patch),
  );
export const useDeleteStreamer = () =>
  useContentMutation(streamersQueryKey, (id: string) =>
    api.delete<{ ok: boolean }>(`/api/streamers/${encodeURIComponent(id)}`),
  );

/** Mounted once for the app: carousel and streamer changes, and Twitch going live or offline. */
export function useContentEvents() {
  const queryClient = useQueryClient();
  useRealtimeEvent(EVENT_TYPES.carouselChanged, () => {
    void queryClient.invalidateQueries({ queryKey: carouselQueryKey });
  });
  const refreshStreamers = () => void queryClient.invalidateQueries({ queryKey: streamersQueryKey });
  useRealtimeEvent(EVENT_TYPES.streamersChanged, refreshStreamers);
  useRealtimeEvent(EVENT_TYPES.streamersLiveChanged, refreshStreamers);
}
