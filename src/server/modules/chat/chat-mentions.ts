import { or, sql } from 'drizzle-orm';
import { displayNameOf } from '../../../shared/contracts/accounts';
import type { ChatMessage } from '../../../shared/contracts/chat';
import { SAFETY_TEXTS } from '../../../shared/texts/safety';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { profiles } from '../accounts/accounts.table';
import { notify } from '../notifications/notifications.service';
import { blockedEitherWay } from '../safety/blocks.service';

/** At most this many members are notified for one message (a wall of @s notifies the first few). */
export const MAX_MENTIONS = 5;
const WORD = /[\p{L}\p{N}_]/u;

/**
 * The members an `@Display Name` in the text names: the longest display name written right after each
 * `@` (so "@Ann Lee" is Ann Lee, not a member called Ann), matched case-insensitively and ending at a
 * word boundary.
 */
export async function mentionedMembers(db: DbOrTx, content: string): Promise<string[]> {
  const starts = [...content.matchAll(/(?<![\p{L}\p{N}_.])@([\p{L}\p{N}_.'-]+)/gu)].slice(0, 20);
  if (starts.length === 0) return [];
  const firstWords = [...new Set(starts.map((m) => m[1].toLowerCase()))];
  const like = (w: string) => `${w.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const candidates = await db
    .select({ id: profiles.id, fullName: profiles.fullName, email: profiles.email })
    .from(profiles)
    .where(
      or(
        ...firstWords.flatMap((w) => [
          sql`lower(${profiles.fullName}) LIKE ${like(w)}`,
          sql`lower(${profiles.email}) LIKE ${like(w)}`,
        ]),
      ),
    )
    .limit(200);
  const named = candidates.map((c) => ({ id: c.id, name: displayNameOf(c).toLowerCase() }));
  const lower = content.toLowerCase();
  const found: string[] = [];
  for (const m of starts) {
    const at = (m.index ?? 0) + 1;
    const fits = named.filter(
      (c) => lower.startsWith(c.name, at) && !WORD.test(lower.charAt(at + c.name.length)),
    );
    const longest = Math.max(0, ...fits.map((c) => c.name.length));
    for (const c of fits) if (c.name.length === longest && !found.includes(c.id)) found.push(c.id);
  }
  return found;
}

/**
 * Each member named in a chat message is notified, except the author and anyone blocked either way. The
 * mentions of one sender collapse into one notification until it is read.
 */
export async function notifyMentions(ctx: Pick<AppContext, 'db' | 'realtime'>, message: ChatMessage) {
  const named = (await mentionedMembers(ctx.db, message.content)).filter((id) => id !== message.author.id);
  const blocked = await blockedEitherWay(ctx.db, message.author.id, named);
  for (const userId of named.filter((id) => !blocked.has(id)).slice(0, MAX_MENTIONS)) {
    await notify(ctx, userId, {
      title: SAFETY_TEXTS.mentionTitle(message.author.name),
      message: message.content.slice(0, 200),
      link: '/presenter-chat',
      groupKey: `mention:${message.author.id}`,
    });
  }
}
