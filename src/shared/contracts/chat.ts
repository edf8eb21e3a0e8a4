import { z } from 'zod';

export const ChatAuthor = z.object({
  id: z.string(),
  name: z.string(),
  picture: z.string().nullable(),
  role: z.string(),
});
export const ChatMessage = z.object({
  id: z.string(),
  content: z.string(),
  isPresenterReply: z.boolean(),
  createdAt: z.string(),
  author: ChatAuthor,
});
export type ChatMessage = z.infer<typeof ChatMessage>;
export const CHAT_MAX_LENGTH = 500;
export const ChatMessageList = z.object({ messages: z.array(ChatMessage) });
export const SendChatInput = z.object({
  content: z
    .string()
    .max(CHAT_MAX_LENGTH * 2)
    .transform((v) => v.trim())
    .pipe(
      z
        .string()
        .min(1, 'Type a message first')
        .max(CHAT_MAX_LENGTH, `Messages are at most ${CHAT_MAX_LENGTH} characters`),
    ),
  /**
   * true: 'Send as Presenter' (presenters and admins only); false: a plain message; omitted (the widget):
   * flagged automatically for admin, presenter and staff authors.
   */
  asPresenter: z.boolean().optional(),
});
export const DeleteChatInput = z.object({ reason: z.string().trim().max(300).optional() });
