import { ON_AIR_TEXTS } from '@shared/texts/station';
import { openLiveChat, useHideChatLauncherWhileVisible } from '@web/app/layout/chat-launcher';
import { openRequestModal } from '@web/features/requests/request-modal-store';
import { listenersText } from '@web/features/station/components/listener-count';
import { useNowPlaying } from '@web/features/station/now-playing';
import {
  ON_AIR_LABEL,
  onAirState,
  streamQuality,
  streamQualityText,
} from '@web/features/station/on-air-state';
import { clsx } from 'clsx';
import {
  CalendarDays,
  Headphones,
  type LucideIcon,
  MessageCircle,
  Mic,
  Radio,
  Send,
  ShoppingBag,
  Sparkles,
} from 'lucide-react';
import { useRef } from 'react';
import { Link } from 'react-router';

const TILES: { to: string; label: string; hint: string; icon: LucideIcon; tone: string }[] = [
  {
    to: '/requests',
    label: 'Make Request',
    hint: 'Ask for a song',
    icon: Send,
    tone: 'from-pink-500 to-rose-500',
  },
  {
    to: '/schedule',
    label: 'Schedule',
    hint: "Who's on when",
    icon: CalendarDays,
    tone: 'from-violet-500 to-indigo-500',
  },
  {
    to: '/shop',
    label: 'Shop',
    hint: 'Spend your tokens',
    icon: ShoppingBag,
    tone: 'from-amber-500 to-orange-500',
  },
  {
    to: '/apply',
    label: 'Apply',
    hint: 'Become a presenter',
    icon: Mic,
    tone: 'from-emerald-500 to-teal-500',
  },
];

const tileClass =
  'flex h-full w-full flex-col gap-3 rounded-2xl border border-slate-700/80 bg-slate-900/70 p-4 text-left transition active:scale-[0.98]';

/**
 * The mobile home's shortcut tiles: Make Request, Schedule, Shop, Apply, and Live Chat. While a presenter
 * is live, Make Request opens the request modal; otherwise it leads to /requests, which explains when
 * requests open. While the tiles are in view the floating chat button is hidden (it would cover a tile):
 * the Live Chat tile opens the chat instead.
 */
export function MobileTiles({ live = false }: { live?: boolean }) {
  const nav = useRef<HTMLElement>(null);
  useHideChatLauncherWhileVisible(nav);
  return (
    <nav aria-label="Shortcuts" ref={nav}>
      <ul className="grid grid-cols-2 gap-3">
        {TILES.map(({ to, label, hint, icon: Icon, tone }) => {
          const content = (
            <>
              <span
                className={`flex size-10 items-center justify-center rounded-xl bg-gradient-to-br ${tone}`}
              >
                <Icon aria-hidden className="size-5 text-white" />
              </span>
              <span>
                <span className="block font-semibold text-white">{label}</span>
                <span className="block text-slate-400 text-xs">{hint}</span>
              </span>
            </>
          );
          return (
            <li key={to}>
              {live && to === '/requests' ? (
                <button type="button" onClick={openRequestModal} aria-haspopup="dialog" className={tileClass}>
                  {content}
                </button>
              ) : (
                <Link to={to} className={tileClass}>
                  {content}
                </Link>
              )}
            </li>
          );
        })}
        <li className="col-span-2">
          <button
            type="button"
            onClick={openLiveChat}
            className="flex w-full items-center gap-3 rounded-2xl border border-slate-700/80 bg-slate-900/70 p-4 text-left transition active:scale-[0.98]"
            data-testid="live-chat-tile"
          >
            <span className="flex size-10 items-center justify-center rounded-xl bg-gradient-to-br from-pink-500 to-violet-500">
              <MessageCircle aria-hidden className="size-5 text-white" />
            </span>
            <span>
              <span className="block font-semibold text-white">Live Chat</span>
              <span className="block text-slate-400 text-xs">Talk with other listeners</span>
            </span>
          </button>
        </li>
      </ul>
    </nav>
  );
}

/** The mobile home's stats: listeners now, what is on air, the stream's real quality (when known). */
export function MobileStats({ listeners }: { listeners: number }) {
  const { data } = useNowPlaying();
  const state = onAirState(data);
  const quality = streamQuality(data);
  const stats = [
    { icon: Headphones, value: String(listeners), label: 'Listeners', title: listenersText(listeners) },
    ...(state
      ? [
          {
            icon: Radio,
            value: ON_AIR_LABEL[state],
            label: ON_AIR_TEXTS.statLabel,
            title: ON_AIR_LABEL[state],
          },
        ]
      : []),
    ...(quality
      ? [
          {
            icon: Sparkles,
            value: quality === 'adaptive' ? 'HLS' : String(quality.kbps),
            label: quality === 'adaptive' ? ON_AIR_TEXTS.qualityAdaptive : ON_AIR_TEXTS.kbps,
            title: streamQualityText(data),
          },
        ]
      : []),
  ];
  return (
    <ul
      aria-label="Station stats"
      className={clsx('grid gap-3', stats.length === 3 ? 'grid-cols-3' : 'grid-cols-2')}
    >
      {stats.map(({ icon: Icon, value, label, title }) => (
        <li
          key={label}
          title={title}
          className="flex flex-col items-center gap-1 rounded-2xl border border-slate-700/80 bg-slate-900/70 px-2 py-3 text-center"
        >
          <Icon aria-hidden className="size-4 text-pink-400" />
          <span
            className="font-extrabold text-lg text-white tabular-nums"
            data-testid={label === 'Listeners' ? 'mobile-listeners' : undefined}
          >
            {value}
          </span>
          <span className="text-slate-400 text-xs">{label}</span>
        </li>
      ))}
    </ul>
  );
}
