import type { Conversation } from '@shared/contracts/messages';
import { describe, expect, it } from 'vitest';
import { conversationsAfterMessage, conversationsAfterRead } from './dm-cache';
import { messagesLabel, totalUnread, unreadBadge } from './unread';

const conv = (id: string, unreadCount: number, lastMessageAt = '2026-01-01T10:00:00.000Z'): Conversation => ({
  id,
  unreadCount,
  lastMessageAt,
  lastMessagePreview: '',
  other: { id: 'other', displayName: 'Other', picture: null, role: 'user', createdAt: lastMessageAt },
});

describe('the unread direct-message count', () => {
  it('adds up every conversation, and follows a new message and a read receipt', () => {
    let list: Conversation[] = [conv('a', 1), conv('b', 0)];
    expect(totalUnread(list)).toBe(1);
    const message = {
      id: 'm1',
      conversationId: 'b',
      senderId: 'other',
      content: 'hi',
      isRead: false,
      createdAt: '2026-01-01T11:00:00.000Z',
    } as never;
    list = conversationsAfterMessage(list, message, 'me')!;
    expect(totalUnread(list)).toBe(2);
    list = conversationsAfterRead(list, { conversationId: 'b', readerId: 'me', messageIds: ['m1'] }, 'me');
    expect(totalUnread(list)).toBe(1);
    expect(totalUnread(undefined)).toBe(0);
  });

  it('names the link with the count and caps the badge', () => {
    expect(messagesLabel(0)).toBe('Messages');
    expect(messagesLabel(2)).toBe('Messages, 2 unread');
    expect(unreadBadge(3)).toBe('3');
    expect(unreadBadge(12)).toBe('9+');
  });
});
