import { and, desc, eq, isNull, notInArray } from 'drizzle-orm';
import { displayNameOf } from '../../../shared/contracts/accounts';
import type { ChatMessage } from '../../../shared/contracts/chat';
import { EVENT_TYPES, topics } from '../../../shared/events';
import { CHAT_TEXTS } from '../../../shared/texts/chat';
import { SAFETY_TEXTS } from '../../../shared/texts/safety';
import type { AppContext } from '../../context';
import type { Actor } from '../../infra/http/access';
import { forbidden, notFound, requireUuid } from '../../infra/http/errors';
import { profiles } from '../accounts/accounts.table';
import { recordStaffAction } from '../audit/audit.service';
import { blockedIds } from '../safety/blocks.service';
import { moderationLogs, presenterChatMessages } from './chat.table';
import { notifyMentions } from './chat-mentions';

type Ctx = Pick<AppContext, 'db' | 'realtime'>;
export const CHAT_HISTORY = 100;
/** Roles whose widget messages count as presenter replies automatically. */
const AUTO_PRESENTER_ROLES = new Set(['admin', 'presenter', 'staff']);

type ProfileRow = typeof profiles.$inferSelect;
type MessageRow = typeof presenterChatMessages.$inferSelect;

const presentChat = (m: MessageRow, p: ProfileRow | undefined): ChatMessage => ({
  id: m.id,
  content: m.content,
  isPresenterReply: m.isPresenterReply,
  createdAt: m.createdAt.toISOString(),
  author: {
    id: m.userId,
    name: displayNameOf({ fullName: p?.fullName, email: p?.email }),
    picture: p?.profilePicture ?? null,
    role: p?.role ?? 'user',
  },
});

/** The last 100 messages, oldest first; deleted ones are gone for everyone, blocked members' for the viewer. */
export async function chatHistory(ctx: Pick<AppContext, 'db'>, viewerId?: string): Promise<ChatMessage[]> {
  const hidden = viewerId ? [...(await blockedIds(ctx.db, viewerId))] : [];
  const rows = await ctx.db
    .select({ m: presenterChatMessages, p: profiles })
    .from(presenterChatMessages)
    .innerJoin(profiles, eq(profiles.id, presenterChatMessages.userId))
    .where(
      and(
        isNull(presenterChatMessages.deletedAt),
        hidden.length > 0 ? notInArray(presenterChatMessages.userId, hidden) : undefined,
      ),
    )
    .orderBy(desc(presenterChatMessages.createdAt))
    .limit(CHAT_HISTORY);
  return rows.reverse().map(({ m, p }) => presentChat(m, p));
}

export async function postChatMessage(
  ctx: Ctx,
  actor: Actor,
  content: string,
  asPresenter: boolean | undefined,
) {
  const canReply = actor.access.capabilities.includes('chat.presenterReply');
  if (asPresenter === true && !canReply) throw forbidden(CHAT_TEXTS.presenterOnly);
  const profileRole = actor.access.roles[0];
  const isPresenterReply = asPresenter ?? AUTO_PRESENTER_ROLES.has(profileRole);
  const [row] = await ctx.db
    .insert(presenterChatMessages)
    .values({ userId: actor.userId, content, isPresenterReply })
    .returning();
  const [author] = await ctx.db.select().from(profiles).where(eq(profiles.id, actor.userId));
  const message = presentChat(row, author);
  await ctx.realtime.publish(topics.members, EVENT_TYPES.chatMessage, message);
  await notifyMentions(ctx, message);
  return message;
}

/**
 * The author removes their own message, a moderator anyone's, for everyone; the removal is pushed live.
 * A moderator removing someone else's message is logged.
 */
export async function deleteChatMessage(ctx: Ctx, actor: Actor, id: string, reason?: string) {
  requireUuid(id, 'Message not found');
  const [found] = await ctx.db
    .select({ userId: presenterChatMessages.userId })
    .from(presenterChatMessages)
    .where(and(eq(presenterChatMessages.id, id), isNull(presenterChatMessages.deletedAt)));
  if (!found) throw notFound('Message not found');
  const own = found.userId === actor.userId;
  if (!own && !actor.access.capabilities.includes('chat.moderate'))
    throw forbidden(SAFETY_TEXTS.notOwnMessage);
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(presenterChatMessages)
      .set({ deletedAt: new Date(), deletedBy: actor.userId })
      .where(and(eq(presenterChatMessages.id, id), isNull(presenterChatMessages.deletedAt)))
      .returning();
    if (!row) throw notFound('Message not found');
    // A member deleting their own message is not a staff action; a moderator deleting another's is.
    if (own) return;
    await tx.insert(moderationLogs).values({
      actionType: 'chat_message_deleted',
      moderatorId: actor.userId,
      targetUserId: row.userId,
      reason: reason || null,
      details: row.content.slice(0, 500),
    });
    await recordStaffAction(tx, {
      actor,
      action: 'chat.delete',
      target: { type: 'chat_message', id },
      summary: `Chat message${reason ? ` (${reason})` : ''}`,
      before: { authorId: row.userId, content: row.content.slice(0, 500) },
      after: null,
    });
  });
  await ctx.realtime.publish(topics.members, EVENT_TYPES.chatDeleted, { id });
}
