import { TEXTS } from '@shared/texts';
import { LikeButton } from '@web/features/library/components/like-button';
import { SongArt } from '@web/features/library/components/song-art';
import { clsx } from 'clsx';
import { SlidersHorizontal } from 'lucide-react';
import { useId, useState } from 'react';
import { usePlayer } from '../player-context';
import { useNowPlayingView } from '../use-now-playing-view';
import { PlayButton } from './play-button';
import { CONNECTING_TEXT, RECONNECTING_TEXT } from './player-status';
import { VolumeControl } from './volume-control';

/** The mobile mini player above the tab bar: song, like, volume and play/pause on every page. */
export function MiniPlayer() {
  const view = useNowPlayingView();
  const { state, error } = usePlayer();
  const [volumeOpen, setVolumeOpen] = useState(false);
  const volumeId = useId();

  const line =
    view.configured === false
      ? TEXTS.player.notConfigured
      : state === 'error'
        ? (error ?? TEXTS.player.streamError)
        : state === 'reconnecting'
          ? RECONNECTING_TEXT
          : state === 'loading'
            ? CONNECTING_TEXT
            : view.artist;

  return (
    <div
      data-testid="radio-player"
      data-variant="mini"
      data-state={state}
      className="border-slate-800 border-t bg-slate-900/95 backdrop-blur"
    >
      <div className="flex h-16 items-center gap-2 px-3">
        <SongArt src={view.art} fallbackSrc={view.defaultArt} className="size-11 rounded-lg" />
        <div className="min-w-0 flex-1">
          <p className="truncate font-semibold text-sm text-white">{view.title}</p>
          <p
            role={state === 'error' ? 'alert' : undefined}
            className={clsx(
              'truncate text-xs',
              state === 'error'
                ? 'text-red-300'
                : state === 'reconnecting'
                  ? 'text-amber-200'
                  : 'text-slate-400',
            )}
          >
            {line}
          </p>
        </div>
        {view.song ? <LikeButton song={view.song} size="sm" /> : null}
        <button
          type="button"
          onClick={() => setVolumeOpen((v) => !v)}
          aria-expanded={volumeOpen}
          aria-controls={volumeId}
          aria-label="Volume settings"
          className={clsx(
            'flex size-8 shrink-0 items-center justify-center rounded-full transition hover:bg-white/10',
            volumeOpen ? 'text-pink-300' : 'text-slate-300',
          )}
        >
          <SlidersHorizontal aria-hidden className="size-4" />
        </button>
        <PlayButton size="sm" />
      </div>
      <div id={volumeId} hidden={!volumeOpen} className="px-3 pb-3">
        <VolumeControl />
      </div>
    </div>
  );
}
