import { eq } from 'drizzle-orm';
import type { AppContext } from '../context';
import { badges, userBadges } from '../modules/badges/badges.table';
import { presenterChatMessages } from '../modules/chat/chat.table';
import { conversations, directMessages } from '../modules/messages/messages.table';

/** Chat history, conversations between members, and unlocked badges for the demo station. */
export async function seedDemoCommunity(ctx: AppContext, ids: Map<string, string>) {
  const out = { chat: 0, conversations: 0, badges: 0 };
  const { rows } = await ctx.dbh.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM presenter_chat_messages',
  );
  if (rows[0].n > 0) return out;
  const who = (email: string) => ids.get(`${email}@onair.local`)!;
  const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000);
  const chat: [string, string, boolean, number][] = [
    ['ben', 'Morning all! Loving this track', false, 42],
    ['jade', 'Morning Ben! Thanks for tuning in ☀️', true, 41],
    ['ella', 'Can we get some 80s next?', false, 35],
    ['jade', 'Ella, you read my mind: coming up after the news', true, 34],
    ['leo', 'Listening from the night shift, hello!', false, 20],
    ['mia', 'This station got me through my exams 🙌', false, 12],
    ['alex', 'Welcome to all the new members this week!', true, 8],
    ['noah', 'Shout-out to my nan, she listens every day', false, 3],
  ];
  for (const [name, content, presenter, at] of chat) {
    await ctx.db.insert(presenterChatMessages).values({
      userId: name === 'alex' ? who('admin') : who(name),
      content,
      isPresenterReply: presenter,
      createdAt: ago(at),
    });
    out.chat += 1;
  }
  const threads: [string, string, [string, string][]][] = [
    [
      'ben',
      'ella',
      [
        ['ben', 'Did you hear the Sunday Soul show?'],
        ['ella', 'Yes! That last track was amazing'],
        ['ben', 'Jade always finds the gems'],
      ],
    ],
    [
      'mia',
      'jade',
      [
        ['mia', 'Hi Jade, any tips for my application?'],
        ['jade', 'Be yourself and tell us your show idea!'],
      ],
    ],
  ];
  for (const [a, b, messages] of threads) {
    const [p1, p2] = [who(a), who(b)].sort();
    const [c] = await ctx.db
      .insert(conversations)
      .values({ participant1: p1, participant2: p2 })
      .onConflictDoNothing()
      .returning();
    if (!c) continue;
    let at = 90;
    for (const [from, content] of messages) {
      await ctx.db
        .insert(directMessages)
        .values({ conversationId: c.id, senderId: who(from), content, isRead: at > 60, createdAt: ago(at) });
      at -= 15;
    }
    await ctx.db
      .update(conversations)
      .set({ lastMessageAt: ago(at + 15), lastMessagePreview: messages.at(-1)![1] })
      .where(eq(conversations.id, c.id));
    out.conversations += 1;
  }
  const grants: [string, string][] = [
    ['ben', 'long_listener'],
    ['ben', 'night_owl'],
    ['ella', 'secret_footer'],
    ['mia', 'konami_code'],
    ['jade', 'long_listener'],
    ['leo', 'triple_click_logo'],
  ];
  for (const [name, code] of grants) {
    const [b] = await ctx.db.select().from(badges).where(eq(badges.code, code));
    await ctx.db
      .insert(userBadges)
      .values({ userId: who(name), badgeId: b.id })
      .onConflictDoNothing();
    out.badges += 1;
  }
  return out;
}
