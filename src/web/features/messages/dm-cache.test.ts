import type { Conversation, DirectMessage } from '@shared/contracts/messages';
import { describe, expect, it } from 'vitest';
import {
  applyReadReceipt,
  conversationsAfterMessage,
  conversationsAfterRead,
  markOthersRead,
  mergeDirectMessage,
  withConversation,
  withOlderMessages,
} from './dm-cache';

const ME = 'me';
const OTHER = 'other';
const at = (minute: number) => new Date(Date.UTC(2025, 0, 1, 12, minute)).toISOString();
const dm = (id: string, sender: string, minute: number, isRead = false): DirectMessage => ({
  id,
  conversationId: 'c1',
  senderId: sender,
  content: `text ${id}`,
  isRead,
  createdAt: at(minute),
});
const conv = (id: string, minute: number | null, unreadCount = 0): Conversation => ({
  id,
  other: { id: OTHER, displayName: 'Ella', picture: null, role: 'user', createdAt: at(0) },
  lastMessageAt: minute === null ? null : at(minute),
  lastMessagePreview: minute === null ? null : 'old',
  unreadCount,
});

describe('merging live direct messages', () => {
  it('appends once by id', () => {
    const list = [dm('a', ME, 1)];
    const next = mergeDirectMessage(list, dm('b', OTHER, 2));
    expect(next.map((m) => m.id)).toEqual(['a', 'b']);
    expect(mergeDirectMessage(next, dm('b', OTHER, 2))).toBe(next);
  });
  it('keeps the thread oldest first', () => {
    const list = [dm('a', ME, 1), dm('c', ME, 3)];
    expect(mergeDirectMessage(list, dm('b', OTHER, 2)).map((m) => m.id)).toEqual(['a', 'b', 'c']);
  });
});

describe('read receipts', () => {
  it('marks the listed messages read in place', () => {
    const list = [dm('a', ME, 1), dm('b', ME, 2), dm('c', OTHER, 3)];
    const next = applyReadReceipt(list, ['a', 'b']);
    expect(next.map((m) => m.isRead)).toEqual([true, true, false]);
    expect(next[2]).toBe(list[2]);
  });
  it('returns the same list when nothing changes', () => {
    const list = [dm('a', ME, 1, true)];
    expect(applyReadReceipt(list, ['a', 'zzz'])).toBe(list);
  });
  it('after reading, every message from the other person is read, mine are untouched', () => {
    const list = [dm('a', ME, 1), dm('b', OTHER, 2)];
    expect(markOthersRead(list, ME).map((m) => m.isRead)).toEqual([false, true]);
  });
  it('my reading lowers the unread count; the other reading my messages does not', () => {
    const list = [conv('c1', 5, 3), conv('c2', 4, 1)];
    const mine = conversationsAfterRead(
      list,
      { conversationId: 'c1', readerId: ME, messageIds: ['x', 'y'] },
      ME,
    );
    expect(mine.map((c) => c.unreadCount)).toEqual([1, 1]);
    const theirs = conversationsAfterRead(
      list,
      { conversationId: 'c1', readerId: OTHER, messageIds: ['x'] },
      ME,
    );
    expect(theirs).toBe(list);
    const tooMany = conversationsAfterRead(
      list,
      { conversationId: 'c2', readerId: ME, messageIds: ['x', 'y'] },
      ME,
    );
    expect(tooMany[1].unreadCount).toBe(0);
  });
});

describe('conversation list after a live message', () => {
  it('updates the preview, moves it to the top and counts one unread from the other person', () => {
    const list = [conv('c0', 9), conv('c1', 5)];
    const next = conversationsAfterMessage(list, dm('n', OTHER, 10), ME)!;
    expect(next.map((c) => c.id)).toEqual(['c1', 'c0']);
    expect(next[0]).toMatchObject({ lastMessagePreview: 'text n', unreadCount: 1, lastMessageAt: at(10) });
  });
  it('does not count my own message as unread', () => {
    const next = conversationsAfterMessage([conv('c1', 5)], dm('n', ME, 10), ME)!;
    expect(next[0].unreadCount).toBe(0);
    expect(next[0].lastMessagePreview).toBe('text n');
  });
  it('ignores a duplicate (not newer than the last message)', () => {
    const list = [conv('c1', 10, 1)];
    expect(conversationsAfterMessage(list, dm('n', OTHER, 10), ME)).toBe(list);
  });
  it('asks for a reload when the conversation is unknown', () => {
    expect(conversationsAfterMessage([conv('c9', 1)], dm('n', OTHER, 2), ME)).toBeNull();
  });
  it('a new conversation appears once', () => {
    const list = [conv('c1', 1)];
    expect(withConversation(list, conv('c1', 1))).toBe(list);
    expect(withConversation(list, conv('c2', null)).map((c) => c.id)).toEqual(['c2', 'c1']);
  });
});

describe('paging back through a long conversation', () => {
  it('puts an older page in front, once, and remembers whether more exist', () => {
    const thread = {
      conversation: conv('c1', 5),
      messages: [dm('c', ME, 3), dm('d', OTHER, 4)],
      hasMore: true,
    };
    const next = withOlderMessages(thread, {
      messages: [dm('a', ME, 1), dm('b', OTHER, 2), dm('c', ME, 3)],
      hasMore: false,
    });
    expect(next.messages.map((m) => m.id)).toEqual(['a', 'b', 'c', 'd']);
    expect(next.hasMore).toBe(false);
  });
});
