import type { Conversation } from '@shared/contracts/messages';
import { MESSAGES_TEXTS } from '@shared/texts/messages';
import { errorMessage } from '@web/app/data/api-client';
import { Alert } from '@web/components/ui/alert';
import { Avatar } from '@web/components/ui/avatar';
import { LoadingState } from '@web/components/ui/spinner';
import { relativeTime } from '@web/features/notifications/relative-time';
import { clsx } from 'clsx';
import { Inbox } from 'lucide-react';
import { useConversations } from '../api';

/** The left column: my conversations, newest first, with a preview and the unread count. */
export function ConversationList({
  selectedId,
  onSelect,
  now,
}: {
  selectedId: string | null;
  onSelect: (conversation: Conversation) => void;
  now: Date;
}) {
  const list = useConversations();
  if (list.isPending) return <LoadingState label="Loading conversations..." />;
  if (list.isError) return <Alert className="m-3">{errorMessage(list.error)}</Alert>;
  if (list.data.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 px-4 py-12 text-center text-slate-300">
        <Inbox aria-hidden className="size-8 text-violet-300" />
        <p>{MESSAGES_TEXTS.empty}</p>
      </div>
    );
  }
  return (
    <ul className="flex flex-col gap-1 p-2">
      {list.data.map((c) => {
        const selected = c.id === selectedId;
        return (
          <li key={c.id}>
            <button
              type="button"
              data-testid="conversation-item"
              data-unread={c.unreadCount}
              aria-current={selected ? 'true' : undefined}
              onClick={() => onSelect(c)}
              className={clsx(
                'flex w-full min-w-0 items-center gap-3 rounded-xl px-3 py-2.5 text-left transition',
                selected ? 'bg-white/10' : 'hover:bg-white/5',
              )}
            >
              <Avatar src={c.other.picture} name={c.other.displayName} size="sm" />
              <span className="min-w-0 flex-1">
                <span className="flex items-baseline gap-2">
                  <span className="truncate font-semibold text-white">{c.other.displayName}</span>
                  {c.lastMessageAt ? (
                    <span className="ml-auto shrink-0 text-slate-400 text-xs">
                      {relativeTime(c.lastMessageAt, now.getTime())}
                    </span>
                  ) : null}
                </span>
                <span
                  className={clsx(
                    'block truncate text-sm',
                    c.unreadCount > 0 ? 'font-medium text-slate-100' : 'text-slate-400',
                  )}
                >
                  {c.lastMessagePreview ?? MESSAGES_TEXTS.noMessages}
                </span>
              </span>
              {c.unreadCount > 0 ? (
                <span
                  data-testid="unread-count"
                  className="flex h-5 min-w-5 shrink-0 items-center justify-center rounded-full bg-pink-500 px-1.5 font-bold text-[11px] text-white"
                >
                  {c.unreadCount}
                  <span className="sr-only"> unread</span>
                </span>
              ) : null}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
