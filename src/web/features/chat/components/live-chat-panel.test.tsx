import type { Me } from '@shared/contracts/accounts';
import type { ChatMessage } from '@shared/contracts/chat';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { queryKeys } from '@web/app/data/query-keys';
import { AuthModalProvider } from '@web/features/auth/hooks/auth-modal-context';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CHAT_HISTORY_LIMIT } from '../chat-cache';
import LiveChatPanel from './live-chat-panel';

const message = (i: number): ChatMessage => ({
  id: `m${i}`,
  content: `chat line number ${i}.`,
  isPresenterReply: false,
  createdAt: new Date(Date.UTC(2025, 0, 1, 12, 0, i)).toISOString(),
  author: { id: 'u1', name: 'Ben', picture: null, role: 'user' },
});

describe('the live chat widget', () => {
  it('shows the whole chat history (100 messages), like the chat page', () => {
    const queryClient = new QueryClient();
    const me = { user: { id: 'me' }, capabilities: [], roles: ['user'], isAdmin: false };
    // Only the parts of the session the widget reads.
    queryClient.setQueryData(queryKeys.me, { me: me as unknown as Me });
    const messages = Array.from({ length: CHAT_HISTORY_LIMIT }, (_, i) => message(i));
    queryClient.setQueryData(queryKeys.chat, { messages });
    const html = renderToString(
      <QueryClientProvider client={queryClient}>
        <AuthModalProvider>
          <LiveChatPanel state="open" onChange={() => undefined} />
        </AuthModalProvider>
      </QueryClientProvider>,
    );
    const shown = html.match(/chat line number \d+\./g) ?? [];
    expect(CHAT_HISTORY_LIMIT).toBe(100);
    expect(shown).toHaveLength(100);
    expect(shown[0]).toBe('chat line number 0.');
  });
});
