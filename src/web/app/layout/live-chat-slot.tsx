import type { ChatWidgetState } from '@web/features/chat/chat-widget-state';
import { clsx } from 'clsx';
import { MessageCircle } from 'lucide-react';
import { type CSSProperties, lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useChatLauncherHidden, useLiveChatOpens } from './chat-launcher';

// The panel (chat list, composer, moderation) is a chunk of its own, fetched on first open or hover.
const loadPanel = () => import('@web/features/chat/components/live-chat-panel');
const LiveChatPanel = lazy(loadPanel);

/** Where the widget sits: clear of the player bar, and of the mobile tab bar. */
export type ChatWidgetPlacement = 'desktop' | 'desktop-player' | 'mobile' | 'mobile-player';

/** The room between the widget and the bars below it. */
const GAP_PX = 16;

const BOTTOM_PX: Record<ChatWidgetPlacement, number> = {
  desktop: 24,
  'desktop-player': 88,
  mobile: 76,
  'mobile-player': 140,
};

/** The floating 'Live Chat' widget on every page: closed, open or minimised. */
export function LiveChatSlot({
  placement = 'desktop',
  clearancePx = 0,
}: {
  placement?: ChatWidgetPlacement;
  /** The measured height of the bars fixed at the bottom (0 before it is known): the widget sits above it. */
  clearancePx?: number;
}) {
  const [state, setState] = useState<ChatWidgetState>('closed');
  const button = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  const hidden = useChatLauncherHidden();
  const opens = useLiveChatOpens();
  // A tile (or any control outside) asked for the chat: it opens as from the round button.
  const opener = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (opens === 0) return;
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setState('open');
  }, [opens]);
  // Measured, the bars' height already holds the safe area; until then, the placement's usual clearance.
  const measured = clearancePx > 0;
  const bottom = measured ? clearancePx + GAP_PX : BOTTOM_PX[placement];
  const safe = measured || placement.startsWith('desktop') ? '0px' : 'env(safe-area-inset-bottom)';
  const style = {
    bottom: `calc(${bottom}px + ${safe})`,
    '--chat-max-h': `calc(100dvh - ${bottom}px - ${safe} - 5.5rem)`,
  } as CSSProperties;

  // Focus goes back to the round button when the panel closes.
  useEffect(() => {
    // (or to the control that opened it, while the round button is hidden)
    if (state === 'closed' && wasOpen.current) (button.current ?? opener.current)?.focus();
    wasOpen.current = state !== 'closed';
  }, [state]);

  // Closed, the round button stays out of the way of what hides it (the phone home's shortcut tiles).
  if (state === 'closed' && hidden) return null;
  return (
    <div style={style} className="fixed right-3 z-50 flex justify-end sm:right-6">
      {state === 'closed' ? (
        <button
          ref={button}
          type="button"
          aria-label="Live Chat"
          aria-expanded={false}
          title="Live Chat"
          onClick={() => setState('open')}
          onPointerEnter={() => void loadPanel()}
          onFocus={() => void loadPanel()}
          className={clsx(
            'flex size-14 items-center justify-center rounded-full text-white shadow-pink-500/30 shadow-xl transition',
            'bg-gradient-to-br from-pink-500 to-violet-500 hover:scale-105 hover:brightness-110',
          )}
        >
          <MessageCircle aria-hidden className="size-6" />
        </button>
      ) : (
        <Suspense
          fallback={
            <div className="flex h-14 w-[min(22rem,calc(100vw-1.5rem))] items-center rounded-2xl border border-slate-700 bg-slate-900 px-4 text-slate-300 shadow-2xl">
              Loading chat...
            </div>
          }
        >
          <LiveChatPanel state={state} onChange={setState} />
        </Suspense>
      )}
    </div>
  );
}
