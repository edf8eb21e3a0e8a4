import type { ChatMessage } from '@shared/contracts/chat';
import { CHAT_TEXTS } from '@shared/texts/chat';
import { errorMessage } from '@web/app/data/api-client';
import { useFollowBottom } from '@web/app/hooks/scroll-follow';
import { useNow } from '@web/app/hooks/use-now';
import { useMe } from '@web/app/session';
import { Alert } from '@web/components/ui/alert';
import { LoadingState } from '@web/components/ui/spinner';
import { useBlockedIds } from '@web/features/safety/api';
import { BlockDialog, type BlockTarget } from '@web/features/safety/components/block-dialog';
import { ReportDialog, type ReportTarget } from '@web/features/safety/components/report-dialog';
import { clsx } from 'clsx';
import { MessageCircle } from 'lucide-react';
import { type Ref, useImperativeHandle, useMemo, useRef, useState } from 'react';
import { useChatMessages } from '../api';
import { ChatMessageRow } from './chat-message-row';
import { DeleteChatMessageDialog } from './delete-chat-message-dialog';

export interface ChatListHandle {
  scrollToEnd: () => void;
}

/**
 * The scrolling list of chat messages (live from the cache). It follows new messages only while the
 * reader is within 100 px of the bottom. Members delete their own messages, report or block others';
 * moderators delete any. Messages of members I blocked are never shown, live ones included.
 */
export function ChatMessageList({
  compact = false,
  canModerate = false,
  className,
  handle,
}: {
  compact?: boolean;
  canModerate?: boolean;
  className?: string;
  handle?: Ref<ChatListHandle>;
}) {
  const chat = useChatMessages();
  const { me } = useMe();
  const myId = me?.user.id;
  const blocked = useBlockedIds();
  const now = useNow(60_000);
  const box = useRef<HTMLDivElement>(null);
  const [deleting, setDeleting] = useState<ChatMessage | null>(null);
  const [reporting, setReporting] = useState<ReportTarget | null>(null);
  const [blocking, setBlocking] = useState<BlockTarget | null>(null);
  // The chat history (the last 100), the same in the widget and on the chat page, less the
  // members I blocked (the server leaves them out of the history; live messages are dropped here).
  const all = chat.data?.messages;
  const messages = useMemo(() => (all ?? []).filter((m) => !blocked.has(m.author.id)), [all, blocked]);
  const { onScroll, scrollToEnd } = useFollowBottom(box, `${messages.length}:${messages.at(-1)?.id}`);
  useImperativeHandle(handle, () => ({ scrollToEnd }), [scrollToEnd]);

  return (
    <>
      <div
        ref={box}
        onScroll={onScroll}
        role="log"
        aria-label="Chat messages"
        aria-live="polite"
        className={clsx('overflow-y-auto overscroll-contain', className)}
      >
        {chat.isPending ? (
          <LoadingState label="Loading chat..." className="h-full py-6" />
        ) : chat.isError ? (
          <Alert className="m-3">{errorMessage(chat.error)}</Alert>
        ) : messages.length === 0 ? (
          <div className="flex h-full flex-col items-center justify-center gap-2 px-4 py-8 text-center text-slate-300">
            <MessageCircle aria-hidden className="size-8 text-violet-300" />
            <p>{CHAT_TEXTS.empty}</p>
          </div>
        ) : (
          <ul className={clsx('flex flex-col', compact ? 'gap-1.5 p-2' : 'gap-2 p-3')}>
            {messages.map((m) => (
              <ChatMessageRow
                key={m.id}
                message={m}
                compact={compact}
                now={now}
                own={m.author.id === myId}
                myName={me?.displayName}
                onDelete={canModerate || m.author.id === myId ? setDeleting : undefined}
                onReport={
                  m.author.id === myId
                    ? undefined
                    : (x) =>
                        setReporting({
                          kind: 'chat',
                          targetId: x.id,
                          name: x.author.name,
                          excerpt: x.content,
                        })
                }
                onBlock={
                  m.author.id === myId
                    ? undefined
                    : (x) => setBlocking({ id: x.author.id, name: x.author.name })
                }
              />
            ))}
          </ul>
        )}
      </div>
      <DeleteChatMessageDialog
        message={deleting}
        own={deleting?.author.id === myId}
        onClose={() => setDeleting(null)}
      />
      <ReportDialog target={reporting} onClose={() => setReporting(null)} />
      <BlockDialog member={blocking} onClose={() => setBlocking(null)} />
    </>
  );
}
