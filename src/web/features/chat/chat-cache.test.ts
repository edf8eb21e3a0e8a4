import type { ChatMessage } from '@shared/contracts/chat';
import { describe, expect, it } from 'vitest';
import {
  CHAT_HISTORY_LIMIT,
  mergeChatMessage,
  removeChatMessage,
  withChatMessage,
  withoutChatMessage,
} from './chat-cache';

const msg = (id: string, minute: number): ChatMessage => ({
  id,
  content: `message ${id}`,
  isPresenterReply: false,
  createdAt: new Date(Date.UTC(2025, 0, 1, 12, minute)).toISOString(),
  author: { id: 'u1', name: 'Ben', picture: null, role: 'user' },
});

describe('live chat cache', () => {
  it('appends a new message at the end', () => {
    const list = [msg('a', 1), msg('b', 2)];
    expect(mergeChatMessage(list, msg('c', 3)).map((m) => m.id)).toEqual(['a', 'b', 'c']);
  });

  it('ignores a duplicate by id (own send echoed, replayed event)', () => {
    const list = [msg('a', 1), msg('b', 2)];
    expect(mergeChatMessage(list, msg('b', 2))).toBe(list);
  });

  it('keeps the list oldest first when an older message arrives late', () => {
    const list = [msg('a', 1), msg('c', 3)];
    expect(mergeChatMessage(list, msg('b', 2)).map((m) => m.id)).toEqual(['a', 'b', 'c']);
  });

  it('keeps the last 100 only', () => {
    const list = Array.from({ length: CHAT_HISTORY_LIMIT }, (_, i) => msg(`m${i}`, i));
    const next = mergeChatMessage(list, msg('new', 500));
    expect(next).toHaveLength(CHAT_HISTORY_LIMIT);
    expect(next[0].id).toBe('m1');
    expect(next.at(-1)?.id).toBe('new');
  });

  it('removes a deleted message, and leaves the list alone when it is not there', () => {
    const list = [msg('a', 1), msg('b', 2)];
    expect(removeChatMessage(list, 'a').map((m) => m.id)).toEqual(['b']);
    expect(removeChatMessage(list, 'zzz')).toBe(list);
  });

  it('cache updaters leave an unloaded cache alone', () => {
    expect(withChatMessage(msg('a', 1))(undefined)).toBeUndefined();
    expect(withoutChatMessage('a')(undefined)).toBeUndefined();
    expect(withChatMessage(msg('b', 2))({ messages: [msg('a', 1)] })?.messages).toHaveLength(2);
  });
});
