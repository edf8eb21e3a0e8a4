import type { Conversation } from '@shared/contracts/messages';

/** All my unread direct messages, across conversations. */
export function totalUnread(conversations: readonly Pick<Conversation, 'unreadCount'>[] | undefined): number {
  if (!conversations) return 0;
  return conversations.reduce((sum, c) => sum + Math.max(0, c.unreadCount), 0);
}

/** The count as a badge shows it: '9+' above 9. */
export const unreadBadge = (count: number) => (count > 9 ? '9+' : String(count));

/** The accessible name of the Messages link: 'Messages' or 'Messages, 2 unread'. */
export const messagesLabel = (count: number) => (count > 0 ? `Messages, ${count} unread` : 'Messages');
