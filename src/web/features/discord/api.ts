import type {
  AnnouncementSwitches,
  DeliveryView,
  DiscordLinkView,
  DiscordMessageInput,
  DiscordSettingsView,
} from '@shared/contracts/discord';
import { EVENT_TYPES } from '@shared/events';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/app/data/api-client';
import { queryKeys, useKeyedQuery } from '@web/app/data/query-keys';
import { useRealtimeEvent } from '@web/app/realtime/realtime-provider';
import { upsertDelivery } from './delivery-list';

export function useDiscordSettings() {
  return useKeyedQuery({
    queryKey: queryKeys.discord.settings,
    queryFn: () => api.get<DiscordSettingsView>('/api/discord/settings'),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useSaveWebhook() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (url: string) => api.put<DiscordSettingsView>('/api/discord/webhook', { url }),
    onSuccess: (view) => qc.setQueryData(queryKeys.discord.settings, view),
  });
}

export function useSaveAnnouncements() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: AnnouncementSwitches) =>
      api.put<DiscordSettingsView>('/api/discord/announcements', input),
    onSuccess: (view) => qc.setQueryData(queryKeys.discord.settings, view),
  });
}

export function useDeliveries() {
  return useKeyedQuery({
    queryKey: queryKeys.discord.messages,
    queryFn: () => api.get<{ messages: DeliveryView[] }>('/api/discord/messages'),
    select: (d) => d.messages,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useSendDiscordMessage() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: DiscordMessageInput) =>
      api.post<{ message: DeliveryView }>('/api/discord/messages', input),
    onSuccess: ({ message }) =>
      qc.setQueryData<{ messages: DeliveryView[] }>(queryKeys.discord.messages, (d) =>
        d ? { messages: upsertDelivery(d.messages, message) } : d,
      ),
  });
}

export function useRetryDelivery() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<{ message: DeliveryView }>(`/api/discord/messages/${id}/retry`),
    onSuccess: ({ message }) =>
      qc.setQueryData<{ messages: DeliveryView[] }>(queryKeys.discord.messages, (d) =>
        d ? { messages: upsertDelivery(d.messages, message) } : d,
      ),
  });
}

const isDelivery = (v: unknown): v is DeliveryView =>
  typeof v === 'object' && v !== null && 'id' in v && 'status' in v && 'attempts' in v;

/** Mounted by the Discord tab: delivery states and settings arrive over the event stream. */
export function useDiscordEvents() {
  const qc = useQueryClient();
  useRealtimeEvent(EVENT_TYPES.discordMessageChanged, (data) => {
    if (!isDelivery(data)) return;
    qc.setQueryData<{ messages: DeliveryView[] }>(queryKeys.discord.messages, (d) =>
      d ? { messages: upsertDelivery(d.messages, data) } : d,
    );
  });
  useRealtimeEvent(EVENT_TYPES.discordSettingsChanged, () => {
    void qc.invalidateQueries({ queryKey: queryKeys.discord.settings });
  });
}

export function useMyDiscord() {
  return useKeyedQuery({
    queryKey: queryKeys.discord.me,
    queryFn: () => api.get<DiscordLinkView>('/api/me/discord'),
  });
}

export function useVerifyDiscordCode() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api.post<DiscordLinkView>('/api/me/discord/verify', { code }),
    onSuccess: (view) => {
      qc.setQueryData(queryKeys.discord.me, view);
      void qc.invalidateQueries({ queryKey: queryKeys.me });
    },
  });
}

export function useUnlinkDiscord() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<DiscordLinkView>('/api/me/discord'),
    onSuccess: (view) => {
      qc.setQueryData(queryKeys.discord.me, view);
      void qc.invalidateQueries({ queryKey: queryKeys.me });
    },
  });
}
