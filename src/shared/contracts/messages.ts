import { z } from 'zod';

import { Member } from './members';

export const DM_MAX_LENGTH = 2000;
export const DirectMessage = z.object({
  id: z.string(),
  conversationId: z.string(),
  senderId: z.string(),
  content: z.string(),
  isRead: z.boolean(),
  createdAt: z.string(),
});
export type DirectMessage = z.infer<typeof DirectMessage>;
export const Conversation = z.object({
  id: z.string(),
  other: Member,
  lastMessageAt: z.string().nullable(),
  lastMessagePreview: z.string().nullable(),
  unreadCount: z.number(),
});
export type Conversation = z.infer<typeof Conversation>;
export const ConversationList = z.object({ conversations: z.array(Conversation) });
export const OpenConversationInput = z.object({ userId: z.string().min(1) });
export const SendDirectMessageInput = z.object({
  content: z
    .string()
    .max(DM_MAX_LENGTH * 2)
    .transform((v) => v.trim())
    .pipe(
      z
        .string()
        .min(1, 'Type a message first')
        .max(DM_MAX_LENGTH, `Messages are at most ${DM_MAX_LENGTH} characters`),
    ),
});
/** A conversation opens on its newest messages; older ones come a page at a time (before the oldest shown). */
export const DM_PAGE_SIZE = 500;
export const DirectMessageQuery = z.object({
  before: z.uuid('Unknown message').optional(),
  limit: z.coerce.number().int().min(1).max(DM_PAGE_SIZE).default(DM_PAGE_SIZE),
});
export const DirectMessageList = z.object({
  conversation: Conversation,
  /** Oldest first. */
  messages: z.array(DirectMessage),
  /** Older messages exist before the first one. */
  hasMore: z.boolean(),
});
