import { and, desc, eq, ne, or, sql } from 'drizzle-orm';
import type { Conversation, DirectMessage } from '../../../shared/contracts/messages';
import { EVENT_TYPES, topics } from '../../../shared/events';
import { MESSAGES_TEXTS } from '../../../shared/texts/messages';
import { SAFETY_TEXTS } from '../../../shared/texts/safety';
import type { AppContext } from '../../context';
import { queryRows } from '../../db/client';
import { badRequest, forbidden, notFound, requireUuid } from '../../infra/http/errors';
import { getMember, profilesByIds } from '../members/members.service';
import { hasBlocked } from '../safety/blocks.service';
import { conversations, directMessages } from './messages.table';

type Ctx = Pick<AppContext, 'db' | 'realtime'>;
type ConversationRow = typeof conversations.$inferSelect;
type MessageRow = typeof directMessages.$inferSelect;

const presentMessage = (m: MessageRow): DirectMessage => ({
  id: m.id,
  conversationId: m.conversationId,
  senderId: m.senderId,
  content: m.content,
  isRead: m.isRead,
  createdAt: m.createdAt.toISOString(),
});

const otherOf = (c: ConversationRow, me: string) => (c.participant1 === me ? c.participant2 : c.participant1);

/** Only the two participants may see a conversation: to anyone else it does not exist. */
async function ownConversation(ctx: Pick<AppContext, 'db'>, userId: string, id: string) {
  requireUuid(id, 'Conversation not found');
  const [c] = await ctx.db
    .select()
    .from(conversations)
    .where(
      and(
        eq(conversations.id, id),
        or(eq(conversations.participant1, userId), eq(conversations.participant2, userId)),
      ),
    );
  if (!c) throw notFound('Conversation not found');
  return c;
}

async function unreadCounts(ctx: Pick<AppContext, 'db'>, userId: string) {
  const rows = await queryRows<{ conversation_id: string; n: number }>(
    ctx.db,
    sql`SELECT m.conversation_id, count(*)::int AS n FROM messages m JOIN conversations c ON c.id = m.conversation_id
        WHERE (c.participant_1 = ${userId} OR c.participant_2 = ${userId}) AND m.sender_id <> ${userId} AND NOT m.is_read
        GROUP BY m.conversation_id`,
  );
  return new Map(rows.map((r) => [r.conversation_id, Number(r.n)]));
}

async function present(
  ctx: Pick<AppContext, 'db'>,
  userId: string,
  rows: ConversationRow[],
): Promise<Conversation[]> {
  const others = await profilesByIds(
    ctx.db,
    rows.map((c) => otherOf(c, userId)),
  );
  const unread = await unreadCounts(ctx, userId);
  return rows
    .filter((c) => others.has(otherOf(c, userId)))
    .map((c) => ({
      id: c.id,
      other: others.get(otherOf(c, userId))!,
      lastMessageAt: c.lastMessageAt?.toISOString() ?? null,
      lastMessagePreview: c.lastMessagePreview,
      unreadCount: unread.get(c.id) ?? 0,
    }));
}

export async function listConversations(ctx: Pick<AppContext, 'db'>, userId: string) {
  const rows = await ctx.db
    .select()
    .from(conversations)
    .where(or(eq(conversations.participant1, userId), eq(conversations.participant2, userId)))
    .orderBy(sql`${conversations.lastMessageAt} DESC NULLS LAST`, desc(conversations.createdAt));
  return present(ctx, userId, rows);
}

/** Finds the pair's conversation or creates it (smaller id first); nobody can message themselves. */
export async function openConversation(ctx: Ctx, userId: string, otherId: string) {
  if (otherId === userId) throw badRequest(MESSAGES_TEXTS.notYourself);
  if (!(await getMember(ctx.db, otherId))) throw notFound('Member not found');
  const [p1, p2] = userId < otherId ? [userId, otherId] : [otherId, userId];
  const created = await ctx.db
    .insert(conversations)
    .values({ participant1: p1, participant2: p2 })
    .onConflictDoNothing()
    .returning({ id: conversations.id });
  // Both members' conversation lists gained one.
  for (const u of created.length > 0 ? [p1, p2] : []) {
    await ctx.realtime.publish(topics.user(u), EVENT_TYPES.conversationOpened, { id: created[0].id });
  }
  const [c] = await ctx.db
    .select()
    .from(conversations)
    .where(and(eq(conversations.participant1, p1), eq(conversations.participant2, p2)));
  return (await present(ctx, userId, [c]))[0];
}

/**
 * A page of a conversation, oldest first: the newest `limit` messages, or the `limit` just before the
 * message `before` (ordered by time, then id, so messages sharing a timestamp are neither lost nor repeated).
 */
export async function conversationMessages(
  ctx: Pick<AppContext, 'db'>,
  userId: string,
  id: string,
  page: { before?: string; limit: number },
) {
  const c = await ownConversation(ctx, userId, id);
  if (page.before) {
    const [cursor] = await ctx.db
      .select({ id: directMessages.id })
      .from(directMessages)
      .where(and(eq(directMessages.id, page.before), eq(directMessages.conversationId, id)));
    if (!cursor) throw notFound('Message not found');
  }
  const rows = await ctx.db
    .select()
    .from(directMessages)
    .where(
      and(
        eq(directMessages.conversationId, id),
        page.before
          ? sql`(${directMessages.createdAt}, ${directMessages.id}) <
                (SELECT m.created_at, m.id FROM messages m WHERE m.id = ${page.before})`
          : undefined,
      ),
    )
    .orderBy(desc(directMessages.createdAt), desc(directMessages.id))
    .limit(page.limit + 1);
  const hasMore = rows.length > page.limit;
  const messages = rows.slice(0, page.limit).reverse().map(presentMessage);
  return { conversation: (await present(ctx, userId, [c]))[0], messages, hasMore };
}

export async function sendDirectMessage(ctx: Ctx, userId: string, id: string, content: string) {
  const c = await ownConversation(ctx, userId, id);
  const other = otherOf(c, userId);
  // Someone who blocked the sender gets nothing, and the sender is not told why (a neutral refusal).
  if (await hasBlocked(ctx.db, other, userId)) throw forbidden(SAFETY_TEXTS.cannotMessage);
  if (await hasBlocked(ctx.db, userId, other)) throw forbidden(SAFETY_TEXTS.youBlocked);
  const [row] = await ctx.db
    .insert(directMessages)
    .values({ conversationId: id, senderId: userId, content })
    .returning();
  await ctx.db
    .update(conversations)
    .set({ lastMessageAt: row.createdAt, lastMessagePreview: content.slice(0, 120) })
    .where(eq(conversations.id, id));
  const message = presentMessage(row);
  for (const u of [c.participant1, c.participant2]) {
    await ctx.realtime.publish(topics.user(u), EVENT_TYPES.dmMessage, message);
  }
  return message;
}

/** The viewer has seen the other person's messages: marked read, and the sender learns it live. */
export async function markConversationRead(ctx: Ctx, userId: string, id: string) {
  const c = await ownConversation(ctx, userId, id);
  const updated = await ctx.db
    .update(directMessages)
    .set({ isRead: true })
    .where(
      and(
        eq(directMessages.conversationId, id),
        ne(directMessages.senderId, userId),
        eq(directMessages.isRead, false),
      ),
    )
    .returning({ id: directMessages.id });
  if (updated.length > 0) {
    const payload = { conversationId: id, readerId: userId, messageIds: updated.map((u) => u.id) };
    await ctx.realtime.publish(topics.user(otherOf(c, userId)), EVENT_TYPES.dmRead, payload);
    await ctx.realtime.publish(topics.user(userId), EVENT_TYPES.dmRead, payload);
  }
  return updated.length;
}

/** The sender deletes one of their own messages, for both; the conversation's preview follows. */
export async function deleteDirectMessage(ctx: Ctx, userId: string, messageId: string) {
  requireUuid(messageId, 'Message not found');
  const [found] = await ctx.db
    .select({ m: directMessages, c: conversations })
    .from(directMessages)
    .innerJoin(conversations, eq(conversations.id, directMessages.conversationId))
    .where(
      and(
        eq(directMessages.id, messageId),
        or(eq(conversations.participant1, userId), eq(conversations.participant2, userId)),
      ),
    );
  if (!found) throw notFound('Message not found');
  if (found.m.senderId !== userId) throw forbidden(SAFETY_TEXTS.notOwnMessage);
  const deleted = await ctx.db.delete(directMessages).where(eq(directMessages.id, messageId)).returning();
  if (deleted.length === 0) throw notFound('Message not found');
  const conversationId = found.c.id;
  const [latest] = await ctx.db
    .select()
    .from(directMessages)
    .where(eq(directMessages.conversationId, conversationId))
    .orderBy(desc(directMessages.createdAt), desc(directMessages.id))
    .limit(1);
  await ctx.db
    .update(conversations)
    .set({
      lastMessageAt: latest?.createdAt ?? null,
      lastMessagePreview: latest ? latest.content.slice(0, 120) : null,
    })
    .where(eq(conversations.id, conversationId));
  for (const u of [found.c.participant1, found.c.participant2]) {
    await ctx.realtime.publish(topics.user(u), EVENT_TYPES.dmDeleted, { conversationId, id: messageId });
  }
}
