import type { Conversation } from '@shared/contracts/messages';
import { MESSAGES_TEXTS } from '@shared/texts/messages';
import { errorMessage } from '@web/app/data/api-client';
import { useMediaQuery } from '@web/app/hooks/use-media-query';
import { useNow } from '@web/app/hooks/use-now';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { LoadingState } from '@web/components/ui/spinner';
import { clsx } from 'clsx';
import { MessagesSquare, Users } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useOpenConversation } from '../api';
import { ConversationList } from '../components/conversation-list';
import { MessageThread } from '../components/message-thread';

/**
 * /messages (signed-in; the router sends visitors home). `?user=id` opens or creates the conversation
 * with that member; the open conversation lives in `?conversation=id`, so the browser's back works.
 * Below 768 px the list and the thread take turns, with a back button. The box fits the screen and
 * ends above the floating chat button (and the mobile player and tabs), so the send button stays clear.
 */
export default function MessagesPage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const narrow = useMediaQuery('(max-width: 767px)');
  const now = useNow(60_000);
  const selected = params.get('conversation');
  const userParam = params.get('user');
  const open = useOpenConversation();
  const [openError, setOpenError] = useState<string | null>(null);
  const handled = useRef<string | null>(null);

  const { mutate } = open;
  useEffect(() => {
    if (!userParam || handled.current === userParam) return;
    handled.current = userParam;
    setOpenError(null);
    mutate(userParam, {
      onSuccess: ({ conversation }) => setParams({ conversation: conversation.id }, { replace: true }),
      onError: (err) => {
        setOpenError(errorMessage(err));
        setParams({}, { replace: true });
      },
    });
  }, [userParam, mutate, setParams]);

  const select = (c: Conversation) => {
    setOpenError(null);
    if (c.id !== selected) setParams({ conversation: c.id });
  };
  const back = () => setParams({});

  const showList = !narrow || !selected;
  const showThread = !narrow || Boolean(selected);

  return (
    <div className="mx-auto max-w-6xl px-3 py-6 sm:px-6 sm:py-8">
      {openError ? <Alert className="mb-4">{openError}</Alert> : null}
      <div
        className={clsx(
          'grid overflow-hidden rounded-2xl border border-slate-700/80 bg-slate-900/70',
          'h-[calc(100dvh-18rem)] min-h-[24rem] md:h-[calc(100dvh-12rem)] md:min-h-[32rem]',
          narrow ? 'grid-cols-1' : 'grid-cols-[minmax(18rem,22rem)_minmax(0,1fr)]',
        )}
      >
        {showList ? (
          <section
            aria-labelledby="messages-heading"
            className="flex min-h-0 flex-col border-slate-700/80 md:border-r"
          >
            <header className="flex flex-wrap items-center justify-between gap-2 border-slate-700/80 border-b px-3 py-3">
              <h1 id="messages-heading" className="flex items-center gap-2 font-bold text-lg text-white">
                <MessagesSquare aria-hidden className="size-5 text-pink-400" />
                Messages
              </h1>
              <Button
                variant="secondary"
                size="sm"
                icon={<Users aria-hidden className="size-4" />}
                onClick={() => navigate('/members')}
              >
                Browse Members
              </Button>
            </header>
            <div className="min-h-0 flex-1 overflow-y-auto">
              <ConversationList selectedId={selected} onSelect={select} now={now} />
            </div>
          </section>
        ) : null}
        {showThread ? (
          <section aria-label="Conversation" className="min-h-0 min-w-0">
            {showList ? null : <h1 className="sr-only">Messages</h1>}
            {selected ? (
              <MessageThread
                key={selected}
                conversationId={selected}
                onBack={narrow ? back : undefined}
                now={now}
              />
            ) : open.isPending ? (
              <LoadingState label="Opening conversation..." className="h-full" />
            ) : (
              <div className="flex h-full flex-col items-center justify-center gap-3 px-6 text-center text-slate-300">
                <MessagesSquare aria-hidden className="size-10 text-violet-300" />
                <p>{MESSAGES_TEXTS.select}</p>
              </div>
            )}
          </section>
        ) : null}
      </div>
    </div>
  );
}
