import type { CarouselImage, CarouselInput, CarouselPatch } from '@shared/contracts/carousel';
import type {
  RecognisedStreamer,
  StreamerInput,
  StreamerPatch,
  TwitchStatus,
} from '@shared/contracts/streamers';
import { EVENT_TYPES } from '@shared/events';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/app/data/api-client';
import { fromPage } from '@web/app/data/page-data';
import { queryKeys, useKeyedQuery } from '@web/app/data/query-keys';
import { useRealtimeEvent } from '@web/app/realtime/realtime-provider';
import type { z } from 'zod';

/** Homepage content: the carousel and the community streamers (public lists plus the admin tabs). */

export function useCarousel() {
  return useKeyedQuery({
    queryKey: queryKeys.carousel.active,
    queryFn: () => api.get<{ images: CarouselImage[] }>('/api/carousel'),
    select: (d) => d.images,
    staleTime: 5 * 60_000,
    ...fromPage<{ images: CarouselImage[] }>('/api/carousel'),
  });
}

export function useAllCarousel() {
  return useKeyedQuery({
    queryKey: queryKeys.carousel.all,
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
  useContentMutation(queryKeys.carousel.root, (input: z.output<typeof CarouselInput>) =>
    api.post<{ image: CarouselImage }>('/api/carousel', input),
  );
export const useUpdateCarouselImage = () =>
  useContentMutation(
    queryKeys.carousel.root,
    ({ id, patch }: { id: string; patch: z.output<typeof CarouselPatch> }) =>
      api.patch<{ image: CarouselImage }>(`/api/carousel/${encodeURIComponent(id)}`, patch),
  );
export const useMoveCarouselImage = () =>
  useContentMutation(queryKeys.carousel.root, ({ id, direction }: { id: string; direction: 'up' | 'down' }) =>
    api.post<{ images: CarouselImage[] }>(`/api/carousel/${encodeURIComponent(id)}/move`, { direction }),
  );
export const useDeleteCarouselImage = () =>
  useContentMutation(queryKeys.carousel.root, (id: string) =>
    api.delete<{ ok: boolean }>(`/api/carousel/${encodeURIComponent(id)}`),
  );
export const useUploadCarouselImage = () =>
  useMutation({ mutationFn: (file: File) => api.upload<{ url: string }>('/api/carousel/upload', file) });

export function useStreamers() {
  return useKeyedQuery({
    queryKey: queryKeys.streamers.active,
    queryFn: () => api.get<{ streamers: RecognisedStreamer[] }>('/api/streamers'),
    ...fromPage<{ streamers: RecognisedStreamer[] }>('/api/streamers'),
    select: (d) => d.streamers,
    staleTime: 5 * 60_000,
  });
}

export function useAllStreamers() {
  return useKeyedQuery({
    queryKey: queryKeys.streamers.all,
    queryFn: () => api.get<{ streamers: RecognisedStreamer[]; twitch: TwitchStatus }>('/api/streamers/all'),
  });
}

export const useAddStreamer = () =>
  useContentMutation(queryKeys.streamers.root, (input: z.output<typeof StreamerInput>) =>
    api.post<{ streamer: RecognisedStreamer }>('/api/streamers', input),
  );
export const useUpdateStreamer = () =>
  useContentMutation(
    queryKeys.streamers.root,
    ({ id, patch }: { id: string; patch: z.output<typeof StreamerPatch> }) =>
      api.patch<{ streamer: RecognisedStreamer }>(`/api/streamers/${encodeURIComponent(id)}`, patch),
  );
export const useDeleteStreamer = () =>
  useContentMutation(queryKeys.streamers.root, (id: string) =>
    api.delete<{ ok: boolean }>(`/api/streamers/${encodeURIComponent(id)}`),
  );

/** Mounted once for the app: carousel and streamer changes, and Twitch going live or offline. */
export function useContentEvents() {
  const queryClient = useQueryClient();
  useRealtimeEvent(EVENT_TYPES.carouselChanged, () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.carousel.root });
  });
  const refreshStreamers = () => void queryClient.invalidateQueries({ queryKey: queryKeys.streamers.root });
  useRealtimeEvent(EVENT_TYPES.streamersChanged, refreshStreamers);
  useRealtimeEvent(EVENT_TYPES.streamersLiveChanged, refreshStreamers);
}
