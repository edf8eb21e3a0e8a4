import { z } from 'zod';

export const RARITIES = ['common', 'rare', 'epic', 'legendary'] as const;
export const BADGE_CODES = [
  'night_owl',
  'long_listener',
  'triple_click_logo',
  'speed_demon',
  'secret_sequence',
  'konami_code',
  'developer_tools',
  'secret_footer',
] as const;
export type BadgeCode = (typeof BADGE_CODES)[number];

export const Badge = z.object({
  code: z.string(),
  name: z.string(),
  description: z.string(),
  icon: z.string(),
  rarity: z.enum(RARITIES),
});
export type Badge = z.infer<typeof Badge>;
export const BadgeCatalogue = z.object({ badges: z.array(Badge) });
export const UserBadge = z.object({ id: z.string(), unlockedAt: z.string(), badge: Badge });
export const MyBadges = z.object({ badges: z.array(UserBadge), total: z.number() });
export const UnlockBadgeInput = z.object({
  badgeCode: z.enum(BADGE_CODES),
  /** The browser's IANA time zone (night_owl is checked against the local hour there). */
  timeZone: z.string().max(64).optional(),
});
export const UnlockBadgeResult = z.object({ success: z.boolean(), newlyUnlocked: z.boolean(), badge: Badge });

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

export const Member = z.object({
  id: z.string(),
  displayName: z.string(),
  picture: z.string().nullable(),
  role: z.string(),
  createdAt: z.string(),
});
export type Member = z.infer<typeof Member>;
export const MemberList = z.object({ members: z.array(Member) });
export const MemberQuery = z.object({ q: z.string().trim().max(100).optional() });

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

export const TeamMember = Member.extend({ socials: z.record(z.string(), z.string().nullable()) });
export const Team = z.object({
  core: z.array(TeamMember),
  specialised: z.array(z.object({ role: z.string(), roleName: z.string(), members: z.array(TeamMember) })),
  counts: z.object({ total: z.number(), core: z.number(), specialised: z.number() }),
});
