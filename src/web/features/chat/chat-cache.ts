import type { ChatMessage } from '@shared/contracts/chat';

/** The chat keeps the last 100 messages. */
export const CHAT_HISTORY_LIMIT = 100;

export interface ChatData {
  messages: ChatMessage[];
}

const byTime = (a: { createdAt: string }, b: { createdAt: string }) =>
  Date.parse(a.createdAt) - Date.parse(b.createdAt);

/**
 * Adds a live message once: duplicates (same id, e.g. our own send echoed by the stream or an event
 * replayed after a reconnect) are ignored; the list stays oldest first and at most 100 long.
 */
export function mergeChatMessage(list: ChatMessage[], message: ChatMessage): ChatMessage[] {
  if (list.some((m) => m.id === message.id)) return list;
  const last = list.at(-1);
  const next = [...list, message];
  if (last && byTime(last, message) > 0) next.sort(byTime);
  return next.length > CHAT_HISTORY_LIMIT ? next.slice(-CHAT_HISTORY_LIMIT) : next;
}

/** A moderator removed a message: it goes from every list. */
export function removeChatMessage(list: ChatMessage[], id: string): ChatMessage[] {
  return list.some((m) => m.id === id) ? list.filter((m) => m.id !== id) : list;
}

/** Cache updaters for TanStack Query (leave an unloaded cache alone). */
export const withChatMessage = (message: ChatMessage) => (data: ChatData | undefined) =>
  data ? { ...data, messages: mergeChatMessage(data.messages, message) } : data;
export const withoutChatMessage = (id: string) => (data: ChatData | undefined) =>
  data ? { ...data, messages: removeChatMessage(data.messages, id) } : data;

export const isChatMessage = (v: unknown): v is ChatMessage => {
  const m = v as Partial<ChatMessage> | null;
  return Boolean(m && typeof m.id === 'string' && typeof m.content === 'string' && m.author);
};
