import type { ChatMessage } from '@shared/contracts/community';
import { TEXTS } from '@shared/texts';
import { errorMessage } from '@web/app/api-client';
import { useFollowBottom } from '@web/app/scroll-follow';
import { useNow } from '@web/app/use-now';
import { Alert } from '@web/components/ui/alert';
import { LoadingState } from '@web/components/ui/spinner';
import { clsx } from 'clsx';
import { MessageCircle } from 'lucide-react';
import { type Ref, useImperativeHandle, useRef, useState } from 'react';
import { useChatMessages } from '../api';
import { ChatMessageRow } from './chat-message-row';
import { DeleteChatMessageDialog } from './delete-chat-message-dialog';

export interface ChatListHandle {
  scrollToEnd: () => void;
}

/**
 * The scrolling list of chat messages (live from the cache). It follows new messages only while the
 * reader is within 100 px of the bottom. Moderators get a delete button on each message.
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
  const now = useNow(60_000);
  const box = useRef<HTMLDivElement>(null);
  const [deleting, setDeleting] = useState<ChatMessage | null>(null);
  // The chat history (spec 3: the last 100), the same in the widget and on the chat page.
  const messages = chat.data?.messages ?? [];
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
            <p>{TEXTS.chat.empty}</p>
          </div>
        ) : (
          <ul className={clsx('flex flex-col', compact ? 'gap-1.5 p-2' : 'gap-2 p-3')}>
            {messages.map((m) => (
              <ChatMessageRow
                key={m.id}
                message={m}
                compact={compact}
                now={now}
                onDelete={canModerate ? setDeleting : undefined}
              />
            ))}
          </ul>
        )}
      </div>
      {canModerate ? <DeleteChatMessageDialog message={deleting} onClose={() => setDeleting(null)} /> : null}
    </>
  );
}
