import { CHAT_TEXTS } from '@shared/texts/chat';
import { hasCapability } from '@web/app/capabilities';
import { useMe } from '@web/app/session';
import { Button } from '@web/components/ui/button';
import { useAuthModal } from '@web/features/auth/hooks/auth-modal-context';
import { ChevronUp, LogIn, MessageCircle, Minus, X } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import type { ChatWidgetState } from '../chat-widget-state';
import { ChatComposer } from './chat-composer';
import { type ChatListHandle, ChatMessageList } from './chat-message-list';

const iconButton =
  'flex size-9 items-center justify-center rounded-lg text-slate-300 transition hover:bg-white/10 hover:text-white';

/** The floating live chat's panel: loaded on first open. Minimised, only its title bar stays. */
export default function LiveChatPanel({
  state,
  onChange,
}: {
  state: Exclude<ChatWidgetState, 'closed'>;
  onChange: (state: ChatWidgetState) => void;
}) {
  const { me } = useMe();
  const { openAuth } = useAuthModal();
  const titleId = useId();
  const panel = useRef<HTMLElement>(null);
  const list = useRef<ChatListHandle>(null);
  const open = state === 'open';

  // Opening puts the keyboard in the panel (the input, or the login button); Esc closes it.
  // Not on touch screens, where focusing the input would throw up the on-screen keyboard.
  useEffect(() => {
    if (!open || !window.matchMedia('(pointer: fine)').matches) return;
    panel.current?.querySelector<HTMLElement>('input, [data-autofocus]')?.focus();
  }, [open]);

  const closeButton = (
    <button type="button" aria-label="Close chat" onClick={() => onChange('closed')} className={iconButton}>
      <X aria-hidden className="size-4" />
    </button>
  );

  if (!open) {
    return (
      <section
        aria-label="Live Chat (minimised)"
        className="flex w-[min(22rem,calc(100vw-1.5rem))] items-center gap-1 rounded-2xl border border-slate-700 bg-slate-900/95 py-1.5 pr-1.5 pl-2 shadow-2xl shadow-black/50 backdrop-blur"
      >
        <button
          type="button"
          aria-label="Live Chat"
          aria-expanded={false}
          onClick={() => onChange('open')}
          className="flex min-w-0 flex-1 items-center gap-2 rounded-lg px-2 py-1.5 text-left font-semibold text-white transition hover:bg-white/5"
        >
          <MessageCircle aria-hidden className="size-5 shrink-0 text-pink-400" />
          <span className="truncate">Live Chat</span>
          <ChevronUp aria-hidden className="ml-auto size-4 text-slate-400" />
        </button>
        {closeButton}
      </section>
    );
  }

  return (
    <section
      ref={panel}
      aria-labelledby={titleId}
      data-testid="live-chat-panel"
      onKeyDown={(e) => {
        if (e.key === 'Escape') onChange('closed');
      }}
      className="flex h-[30rem] max-h-[var(--chat-max-h)] min-h-64 w-[min(22rem,calc(100vw-1.5rem))] flex-col overflow-hidden rounded-2xl border border-slate-700 bg-slate-900/95 shadow-2xl shadow-black/60 backdrop-blur"
    >
      <header className="flex items-center gap-2 border-slate-700/80 border-b bg-gradient-to-r from-pink-500/15 to-violet-500/15 py-2 pr-2 pl-4">
        <MessageCircle aria-hidden className="size-5 text-pink-400" />
        <h2 id={titleId} className="font-bold text-white">
          Live Chat
        </h2>
        <div className="ml-auto flex items-center">
          <button
            type="button"
            aria-label="Minimise chat"
            onClick={() => onChange('minimised')}
            className={iconButton}
          >
            <Minus aria-hidden className="size-4" />
          </button>
          {closeButton}
        </div>
      </header>
      {me ? (
        <>
          <ChatMessageList
            handle={list}
            compact
            canModerate={hasCapability(me, 'chat.moderate')}
            className="min-h-0 flex-1"
          />
          <div className="border-slate-700/80 border-t p-2">
            <ChatComposer mode="widget" onSent={() => list.current?.scrollToEnd()} />
          </div>
        </>
      ) : (
        <div className="flex flex-1 flex-col items-center justify-center gap-4 px-6 text-center">
          <p className="text-slate-300">{CHAT_TEXTS.widgetLogin}</p>
          <Button
            data-autofocus
            onClick={() => openAuth('login')}
            icon={<LogIn aria-hidden className="size-4" />}
          >
            Login
          </Button>
        </div>
      )}
    </section>
  );
}
