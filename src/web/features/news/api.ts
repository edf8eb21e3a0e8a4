import type { DeliveryView } from '@shared/contracts/discord';
import type {
  ManagedArticle,
  ManagedNewsList,
  NewsArticle,
  NewsArticleInput,
  NewsList,
} from '@shared/contracts/news';
import { EVENT_TYPES } from '@shared/events';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/app/data/api-client';
import { fromPage } from '@web/app/data/page-data';
import { queryKeys, useKeyedQuery } from '@web/app/data/query-keys';
import { useRealtimeEvent } from '@web/app/realtime/realtime-provider';
import { useRef } from 'react';
import type { z } from 'zod';

/** Public news (the same for everyone) and the management list; 'news.changed' refreshes both. */

export function useNewsList() {
  return useKeyedQuery({
    queryKey: queryKeys.news.list,
    queryFn: () => api.get<NewsList>('/api/news'),
    staleTime: 5 * 60_000,
    ...fromPage<NewsList>('/api/news'),
  });
}

/** One published article; an old slug answers with the article's current slug. */
export function useArticle(slug: string) {
  return useKeyedQuery({
    queryKey: queryKeys.news.article(slug),
    queryFn: () => api.get<{ article: NewsArticle }>(`/api/news/slug/${encodeURIComponent(slug)}`),
    select: (d) => d.article,
    staleTime: 5 * 60_000,
    retry: false,
  });
}

export function useManagedNews(enabled = true) {
  return useKeyedQuery({
    queryKey: queryKeys.news.manage,
    queryFn: () => api.get<ManagedNewsList>('/api/news/manage'),
    enabled,
  });
}

type Input = z.output<typeof NewsArticleInput>;

function useNewsMutation<V, R>(fn: (v: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.news.root }),
  });
}

export const useCreateArticle = () =>
  useNewsMutation((input: Input) => api.post<{ article: ManagedArticle }>('/api/news', input));

export const useUpdateArticle = () =>
  useNewsMutation(({ id, input }: { id: string; input: Input }) =>
    api.patch<{ article: ManagedArticle }>(`/api/news/${encodeURIComponent(id)}`, input),
  );

export const useSetArticleFlags = () =>
  useNewsMutation(({ id, ...flags }: { id: string; isPublished?: boolean; isFeatured?: boolean }) =>
    api.patch<{ article: ManagedArticle }>(`/api/news/${encodeURIComponent(id)}/flags`, flags),
  );

export const useSendArticleToDiscord = () =>
  useMutation({
    mutationFn: (id: string) =>
      api.post<{ message: string; delivery: DeliveryView }>(
        `/api/news/${encodeURIComponent(id)}/discord`,
        {},
      ),
  });

const finished = (v: unknown): v is DeliveryView =>
  typeof v === 'object' &&
  v !== null &&
  'id' in v &&
  'status' in v &&
  ((v as DeliveryView).status === 'sent' || (v as DeliveryView).status === 'failed');

/**
 * A shared article's outcome, pushed over the event stream (the sender hears their own messages):
 * `watch(delivery)` after the send's 'queued' answer; `onDone` is called once, with sent or failed.
 * An outcome that arrives before the answer is kept until the answer names it.
 */
export function useDiscordShareOutcome(onDone: (d: DeliveryView) => void) {
  const watched = useRef(new Set<string>());
  const early = useRef(new Map<string, DeliveryView>());
  const done = useRef(onDone);
  done.current = onDone;
  useRealtimeEvent(EVENT_TYPES.discordMessageChanged, (data) => {
    if (!finished(data)) return;
    if (watched.current.delete(data.id)) done.current(data);
    else early.current.set(data.id, data);
  });
  return (d: DeliveryView) => {
    const already = early.current.get(d.id) ?? (finished(d) ? d : undefined);
    if (already) done.current(already);
    else watched.current.add(d.id);
  };
}

export const useDeleteArticle = () =>
  useNewsMutation((id: string) => api.delete<{ ok: boolean }>(`/api/news/${encodeURIComponent(id)}`));

/** Mounted once for the app. */
export function useNewsEvents() {
  const queryClient = useQueryClient();
  useRealtimeEvent(EVENT_TYPES.newsChanged, () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.news.root });
  });
}
