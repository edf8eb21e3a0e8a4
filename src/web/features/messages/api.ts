import type { Conversation, DirectMessage } from '@shared/contracts/messages';
import { EVENT_TYPES } from '@shared/events';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/app/data/api-client';
import { queryKeys, useKeyedQuery } from '@web/app/data/query-keys';
import { useRealtimeEvent } from '@web/app/realtime/realtime-provider';
import { useMe } from '@web/app/session';
import {
  applyReadReceipt,
  type ConversationsData,
  conversationsAfterMessage,
  conversationsAfterRead,
  isDirectMessage,
  isReadReceipt,
  markOthersRead,
  mergeDirectMessage,
  type ThreadData,
  withConversation,
  withOlderMessages,
} from './dm-cache';
import { totalUnread } from './unread';

/** My conversations, newest first, with the other member, the last message and my unread count. */
export function useConversations() {
  const { me } = useMe();
  return useKeyedQuery({
    queryKey: queryKeys.conversations.list,
    queryFn: () => api.get<ConversationsData>('/api/conversations'),
    select: (d) => d.conversations,
    enabled: Boolean(me),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/**
 * How many direct messages I have not read, for the header, the menu and the tab title. The list is
 * read once and then kept live by the 'dm.message' and 'dm.read' events (never polled). 0 for visitors.
 */
export function useUnreadMessageCount(): number {
  const { data } = useConversations();
  return totalUnread(data);
}

/** One conversation's newest messages, oldest first; live from events. Older pages: useOlderMessages. */
export function useThread(id: string | null) {
  return useKeyedQuery({
    queryKey: queryKeys.conversations.thread(id ?? ''),
    queryFn: () => api.get<ThreadData>(`/api/conversations/${encodeURIComponent(id ?? '')}/messages`),
    enabled: Boolean(id),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Loads the page of messages before the oldest one shown, in front of the thread. */
export function useOlderMessages(conversationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (before: string) =>
      api.get<ThreadData>(
        `/api/conversations/${encodeURIComponent(conversationId)}/messages?before=${encodeURIComponent(before)}`,
      ),
    onSuccess: (page) =>
      queryClient.setQueryData<ThreadData>(queryKeys.conversations.thread(conversationId), (d) =>
        d ? withOlderMessages(d, page) : d,
      ),
  });
}

/** Finds or creates the conversation with a member (?user=id). */
export function useOpenConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) =>
      api.post<{ conversation: Conversation }>('/api/conversations', { userId }),
    onSuccess: ({ conversation }) =>
      queryClient.setQueryData<ConversationsData>(queryKeys.conversations.list, (d) =>
        d ? { conversations: withConversation(d.conversations, conversation) } : d,
      ),
  });
}

function addMessage(queryClient: QueryClient, message: DirectMessage, myId: string) {
  queryClient.setQueryData<ThreadData>(queryKeys.conversations.thread(message.conversationId), (d) =>
    d ? { ...d, messages: mergeDirectMessage(d.messages, message) } : d,
  );
  const list = queryClient.getQueryData<ConversationsData>(queryKeys.conversations.list);
  // Not read yet, or its first read still on its way (it may have left before this message): read it.
  const next = list ? conversationsAfterMessage(list.conversations, message, myId) : null;
  if (next)
    queryClient.setQueryData<ConversationsData>(queryKeys.conversations.list, { conversations: next });
  else void queryClient.invalidateQueries({ queryKey: queryKeys.conversations.list });
}

export function useSendDirectMessage(conversationId: string) {
  const queryClient = useQueryClient();
  const { me } = useMe();
  return useMutation({
    mutationFn: (content: string) =>
      api.post<{ message: DirectMessage }>(
        `/api/conversations/${encodeURIComponent(conversationId)}/messages`,
        { content },
      ),
    onSuccess: ({ message }) => addMessage(queryClient, message, me?.user.id ?? ''),
  });
}

/** I have seen the other person's messages in this conversation. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  const { me } = useMe();
  return useMutation({
    mutationFn: (conversationId: string) =>
      api.post<{ updated: number }>(`/api/conversations/${encodeURIComponent(conversationId)}/read`),
    onSuccess: (_r, conversationId) => {
      const myId = me?.user.id ?? '';
      queryClient.setQueryData<ThreadData>(queryKeys.conversations.thread(conversationId), (d) =>
        d ? { ...d, messages: markOthersRead(d.messages, myId) } : d,
      );
      queryClient.setQueryData<ConversationsData>(queryKeys.conversations.list, (d) =>
        d
          ? {
              conversations: d.conversations.map((c) =>
                c.id === conversationId ? { ...c, unreadCount: 0 } : c,
              ),
            }
          : d,
      );
    },
  });
}

/** The sender deletes their own message: it leaves the thread; the list's preview is read again. */
function dropMessage(queryClient: QueryClient, conversationId: string, id: string) {
  queryClient.setQueryData<ThreadData>(queryKeys.conversations.thread(conversationId), (d) =>
    d?.messages.some((m) => m.id === id) ? { ...d, messages: d.messages.filter((m) => m.id !== id) } : d,
  );
  void queryClient.invalidateQueries({ queryKey: queryKeys.conversations.list });
}

export function useDeleteDirectMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (m: { id: string; conversationId: string }) =>
      api.delete<{ ok: true }>(`/api/messages/${encodeURIComponent(m.id)}`),
    onSuccess: (_r, m) => dropMessage(queryClient, m.conversationId, m.id),
  });
}

/** Mounted once for the app: new direct messages and read receipts update the caches in place. */
export function useMessagesEvents() {
  const queryClient = useQueryClient();
  const { me } = useMe();
  const myId = me?.user.id ?? '';
  useRealtimeEvent(EVENT_TYPES.dmMessage, (data) => {
    if (isDirectMessage(data)) addMessage(queryClient, data, myId);
  });
  useRealtimeEvent(EVENT_TYPES.dmDeleted, (data) => {
    const d = data as { conversationId?: unknown; id?: unknown } | null;
    if (typeof d?.conversationId === 'string' && typeof d.id === 'string')
      dropMessage(queryClient, d.conversationId, d.id);
  });
  useRealtimeEvent(EVENT_TYPES.dmRead, (data) => {
    if (!isReadReceipt(data)) return;
    queryClient.setQueryData<ThreadData>(queryKeys.conversations.thread(data.conversationId), (d) =>
      d ? { ...d, messages: applyReadReceipt(d.messages, data.messageIds) } : d,
    );
    queryClient.setQueryData<ConversationsData>(queryKeys.conversations.list, (d) =>
      d ? { conversations: conversationsAfterRead(d.conversations, data, myId) } : d,
    );
  });
}
