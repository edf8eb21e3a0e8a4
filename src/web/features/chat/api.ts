import type { ChatMessage } from '@shared/contracts/chat';
import { EVENT_TYPES } from '@shared/events';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/app/data/api-client';
import { queryKeys, useKeyedQuery } from '@web/app/data/query-keys';
import { useRealtimeEvent } from '@web/app/realtime/realtime-provider';
import { useMe } from '@web/app/session';
import { type ChatData, isChatMessage, withChatMessage, withoutChatMessage } from './chat-cache';

/** The last 100 chat messages, oldest first (members only); kept live by events, never polled. */
export function useChatMessages() {
  const { me } = useMe();
  return useKeyedQuery({
    queryKey: queryKeys.chat,
    queryFn: () => api.get<ChatData>('/api/chat/messages'),
    enabled: Boolean(me),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/**
 * Sends a chat message. `asPresenter`: true for 'Send as Presenter', false for a plain message from the
 * page; left out by the widget (the server flags admin, presenter and staff authors itself).
 */
export function useSendChatMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { content: string; asPresenter?: boolean }) =>
      api.post<{ message: ChatMessage }>('/api/chat/messages', input),
    onSuccess: ({ message }) => queryClient.setQueryData(queryKeys.chat, withChatMessage(message)),
  });
}

/**
 * The author removes their own message, moderators ('chat.moderate') anyone's, for everyone; a moderator
 * may give a reason for the log.
 */
export function useDeleteChatMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason?: string }) =>
      api.delete<{ ok: true }>(
        `/api/chat/messages/${encodeURIComponent(id)}${reason ? `?reason=${encodeURIComponent(reason)}` : ''}`,
      ),
    onSuccess: (_d, { id }) => queryClient.setQueryData(queryKeys.chat, withoutChatMessage(id)),
  });
}

/** Mounted once for the app: new messages are appended once, removed ones disappear everywhere. */
export function useChatEvents() {
  const queryClient = useQueryClient();
  useRealtimeEvent(EVENT_TYPES.chatMessage, (data) => {
    if (isChatMessage(data)) queryClient.setQueryData(queryKeys.chat, withChatMessage(data));
  });
  useRealtimeEvent(EVENT_TYPES.chatDeleted, (data) => {
    const id = (data as { id?: unknown } | null)?.id;
    if (typeof id === 'string') queryClient.setQueryData(queryKeys.chat, withoutChatMessage(id));
  });
}
