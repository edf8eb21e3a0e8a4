import type { Conversation, DirectMessage } from '@shared/contracts/messages';

export interface ThreadData {
  conversation: Conversation;
  messages: DirectMessage[];
  /** Older messages exist before the first one (loaded on demand). */
  hasMore: boolean;
}
export interface ConversationsData {
  conversations: Conversation[];
}
export interface ReadReceipt {
  conversationId: string;
  readerId: string;
  messageIds: string[];
}

const time = (iso: string | null) => (iso ? Date.parse(iso) : Number.NEGATIVE_INFINITY);

/** Adds a live message to a thread once (by id), keeping it oldest first. */
export function mergeDirectMessage(list: DirectMessage[], message: DirectMessage): DirectMessage[] {
  if (list.some((m) => m.id === message.id)) return list;
  const next = [...list, message];
  const last = list.at(-1);
  if (last && time(last.createdAt) > time(message.createdAt))
    next.sort((a, b) => time(a.createdAt) - time(b.createdAt));
  return next;
}

/** An older page goes in front of the thread (each message once, oldest first). */
export function withOlderMessages(
  data: ThreadData,
  page: { messages: DirectMessage[]; hasMore: boolean },
): ThreadData {
  const known = new Set(data.messages.map((m) => m.id));
  const older = page.messages.filter((m) => !known.has(m.id));
  return { ...data, messages: [...older, ...data.messages], hasMore: page.hasMore };
}

/** A read receipt: those messages are read, in place; the same list when nothing changes. */
export function applyReadReceipt(list: DirectMessage[], messageIds: readonly string[]): DirectMessage[] {
  const ids = new Set(messageIds);
  if (!list.some((m) => ids.has(m.id) && !m.isRead)) return list;
  return list.map((m) => (ids.has(m.id) && !m.isRead ? { ...m, isRead: true } : m));
}

/** After I read a thread: every message from the other person is read. */
export function markOthersRead(list: DirectMessage[], myId: string): DirectMessage[] {
  if (!list.some((m) => m.senderId !== myId && !m.isRead)) return list;
  return list.map((m) => (m.senderId !== myId && !m.isRead ? { ...m, isRead: true } : m));
}

/**
 * The conversation list after a live message: preview and time updated, the conversation moved to the
 * top, and one more unread when it came from the other person. A message not newer than the last one
 * the list knows (an echo of our own send, a replayed event) changes nothing, so nothing is counted twice.
 * Returns null when the conversation is not in the list (the caller reloads it).
 */
export function conversationsAfterMessage(
  list: Conversation[],
  message: DirectMessage,
  myId: string,
): Conversation[] | null {
  const index = list.findIndex((c) => c.id === message.conversationId);
  if (index < 0) return null;
  const c = list[index];
  if (time(message.createdAt) <= time(c.lastMessageAt)) return list;
  const updated: Conversation = {
    ...c,
    lastMessageAt: message.createdAt,
    lastMessagePreview: message.content.slice(0, 120),
    unreadCount: c.unreadCount + (message.senderId !== myId && !message.isRead ? 1 : 0),
  };
  return [updated, ...list.slice(0, index), ...list.slice(index + 1)];
}

/** When I read messages (on any of my tabs), that conversation's unread count goes down. */
export function conversationsAfterRead(
  list: Conversation[],
  receipt: ReadReceipt,
  myId: string,
): Conversation[] {
  if (receipt.readerId !== myId) return list;
  return list.map((c) =>
    c.id === receipt.conversationId && c.unreadCount > 0
      ? { ...c, unreadCount: Math.max(0, c.unreadCount - receipt.messageIds.length) }
      : c,
  );
}

/** Puts an opened (or found) conversation in the list if it is missing. */
export function withConversation(list: Conversation[], conversation: Conversation): Conversation[] {
  return list.some((c) => c.id === conversation.id) ? list : [conversation, ...list];
}

export const isDirectMessage = (v: unknown): v is DirectMessage => {
  const m = v as Partial<DirectMessage> | null;
  return Boolean(
    m && typeof m.id === 'string' && typeof m.conversationId === 'string' && typeof m.senderId === 'string',
  );
};

export const isReadReceipt = (v: unknown): v is ReadReceipt => {
  const r = v as Partial<ReadReceipt> | null;
  return Boolean(r && typeof r.conversationId === 'string' && Array.isArray(r.messageIds));
};
