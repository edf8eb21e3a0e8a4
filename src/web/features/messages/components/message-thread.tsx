import type { DirectMessage } from '@shared/contracts/messages';
import { MESSAGES_TEXTS } from '@shared/texts/messages';
import { SAFETY_TEXTS } from '@shared/texts/safety';
import { errorMessage } from '@web/app/data/api-client';
import { useFollowBottom } from '@web/app/hooks/scroll-follow';
import { useDocumentVisible } from '@web/app/hooks/use-document-visible';
import { useMe } from '@web/app/session';
import { toast } from '@web/app/toast/toast';
import { formatRoleName } from '@web/components/role-badge';
import { Alert } from '@web/components/ui/alert';
import { Avatar } from '@web/components/ui/avatar';
import { Button } from '@web/components/ui/button';
import { Dialog } from '@web/components/ui/dialog';
import { LoadingState } from '@web/components/ui/spinner';
import { BlockDialog, type BlockTarget } from '@web/features/safety/components/block-dialog';
import { ReportDialog, type ReportTarget } from '@web/features/safety/components/report-dialog';
import { ArrowLeft, Ban, Flag, History, MessageSquare } from 'lucide-react';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useDeleteDirectMessage, useMarkRead, useOlderMessages, useThread } from '../api';
import { DmBubble } from './dm-bubble';
import { DmComposer } from './dm-composer';

/**
 * The open conversation: bubbles (mine on the right), following new messages only when the reader is
 * within 100 px of the bottom. The other person's messages are marked read while the thread is in view.
 * I delete my own messages; I report theirs, or report or block them from the header.
 */
export function MessageThread({
  conversationId,
  onBack,
  now,
}: {
  conversationId: string;
  onBack?: () => void;
  now: Date;
}) {
  const { me } = useMe();
  const myId = me?.user.id ?? '';
  const thread = useThread(conversationId);
  const markRead = useMarkRead();
  const older = useOlderMessages(conversationId);
  const visible = useDocumentVisible();
  const remove = useDeleteDirectMessage();
  const [deleting, setDeleting] = useState<DirectMessage | null>(null);
  const [reporting, setReporting] = useState<ReportTarget | null>(null);
  const [blocking, setBlocking] = useState<BlockTarget | null>(null);
  const box = useRef<HTMLDivElement>(null);
  const messages = thread.data?.messages ?? [];
  const last = messages.at(-1);
  const { onScroll, scrollToEnd } = useFollowBottom(
    box,
    `${messages.length}:${last?.id}`,
    `${conversationId}:${thread.isSuccess}`,
  );

  // Read receipts: on viewing, and when a new message from the other person arrives while open.
  const unread = messages.some((m) => m.senderId !== myId && !m.isRead);
  const tried = useRef<string | null>(null);
  const { mutate } = markRead;
  useEffect(() => {
    if (!unread || !visible) return;
    const key = `${conversationId}:${last?.id}`;
    if (tried.current === key) return;
    tried.current = key;
    mutate(conversationId);
  }, [unread, visible, conversationId, last?.id, mutate]);

  // Loading older messages keeps the reader's place: the distance from the bottom stays the same.
  const fromBottom = useRef<number | null>(null);
  const first = messages[0]?.id;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when older messages were put in front
  useLayoutEffect(() => {
    const el = box.current;
    if (el && fromBottom.current !== null) el.scrollTop = el.scrollHeight - fromBottom.current;
    fromBottom.current = null;
  }, [first]);
  const loadOlder = () => {
    if (!first) return;
    const el = box.current;
    if (el) fromBottom.current = el.scrollHeight - el.scrollTop;
    older.mutate(first, {
      onError: (err) => {
        fromBottom.current = null;
        toast.error(errorMessage(err));
      },
    });
  };

  const other = thread.data?.conversation.other;
  return (
    <div className="flex h-full min-h-0 flex-col">
      <header className="flex min-h-16 items-center gap-3 border-slate-700/80 border-b px-3 py-2.5">
        {onBack ? (
          <button
            type="button"
            aria-label="Back to conversations"
            onClick={onBack}
            className="flex size-9 shrink-0 items-center justify-center rounded-lg text-slate-200 transition hover:bg-white/10"
          >
            <ArrowLeft aria-hidden className="size-5" />
          </button>
        ) : null}
        {other ? (
          <>
            <Avatar src={other.picture} name={other.displayName} size="sm" />
            <div className="min-w-0">
              <h2 className="truncate font-bold text-white">{other.displayName}</h2>
              {other.role !== 'user' ? (
                <p className="text-slate-400 text-xs">{formatRoleName(other.role)}</p>
              ) : null}
            </div>
            <div className="ml-auto flex shrink-0 gap-1">
              <Button
                variant="ghost"
                size="sm"
                icon={<Flag aria-hidden className="size-4" />}
                aria-label={`Report ${other.displayName}`}
                onClick={() => setReporting({ kind: 'member', targetId: other.id, name: other.displayName })}
              >
                <span className="hidden sm:inline">Report</span>
              </Button>
              <Button
                variant="ghost"
                size="sm"
                icon={<Ban aria-hidden className="size-4" />}
                aria-label={`Block ${other.displayName}`}
                onClick={() => setBlocking({ id: other.id, name: other.displayName })}
              >
                <span className="hidden sm:inline">Block</span>
              </Button>
            </div>
          </>
        ) : null}
      </header>
      <div
        ref={box}
        onScroll={onScroll}
        role="log"
        aria-label="Messages in this conversation"
        className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-3 py-4"
      >
        {thread.isPending ? (
          <LoadingState label="Loading messages..." />
        ) : thread.isError ? (
          <Alert>{errorMessage(thread.error)}</Alert>
        ) : messages.length === 0 ? (
          <div className="flex h-full flex-col items-center justify-center gap-2 text-center text-slate-300">
            <MessageSquare aria-hidden className="size-8 text-violet-300" />
            <p>{MESSAGES_TEXTS.noMessages}</p>
          </div>
        ) : (
          <ul className="flex flex-col gap-2">
            {thread.data?.hasMore ? (
              <li className="flex justify-center pb-2">
                <Button
                  variant="secondary"
                  size="sm"
                  busy={older.isPending}
                  icon={<History aria-hidden className="size-4" />}
                  onClick={loadOlder}
                >
                  Load older messages
                </Button>
              </li>
            ) : null}
            {messages.map((m) => (
              <DmBubble
                key={m.id}
                message={m}
                own={m.senderId === myId}
                now={now}
                onDelete={setDeleting}
                onReport={(x) =>
                  setReporting({
                    kind: 'message',
                    targetId: x.id,
                    name: other?.displayName ?? 'Message',
                    excerpt: x.content,
                  })
                }
              />
            ))}
          </ul>
        )}
      </div>
      <div className="border-slate-700/80 border-t p-3">
        <DmComposer conversationId={conversationId} onSent={scrollToEnd} />
      </div>
      <Dialog open={Boolean(deleting)} onClose={() => setDeleting(null)} title="Delete your message?">
        {deleting ? (
          <div className="flex flex-col gap-4">
            <blockquote className="line-clamp-4 whitespace-pre-wrap break-words rounded-lg border border-slate-700 bg-slate-800/60 px-3 py-2 text-slate-200 text-sm">
              {deleting.content}
            </blockquote>
            <p className="text-slate-300 text-sm">It disappears for both of you.</p>
            {remove.isError ? <Alert>{errorMessage(remove.error)}</Alert> : null}
            <div className="flex justify-end gap-2">
              <Button variant="secondary" onClick={() => setDeleting(null)}>
                Cancel
              </Button>
              <Button
                variant="danger"
                busy={remove.isPending}
                data-autofocus
                onClick={() =>
                  remove.mutate(deleting, {
                    onSuccess: () => {
                      toast.success(SAFETY_TEXTS.messageDeleted);
                      setDeleting(null);
                    },
                  })
                }
              >
                Delete
              </Button>
            </div>
          </div>
        ) : null}
      </Dialog>
      <ReportDialog target={reporting} onClose={() => setReporting(null)} />
      <BlockDialog member={blocking} onClose={() => setBlocking(null)} />
    </div>
  );
}
