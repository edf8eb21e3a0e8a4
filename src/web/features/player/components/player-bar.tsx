import { PLAYER_TEXTS } from '@shared/texts/station';
import { LikeButton } from '@web/features/library/components/like-button';
import { SongArt } from '@web/features/library/components/song-art';
import { OnAirMarker } from '@web/features/station/components/on-air-marker';
import { clsx } from 'clsx';
import { SlidersHorizontal } from 'lucide-react';
import { useId, useState } from 'react';
import { usePlayer } from '../player-context';
import { useNowPlayingView } from '../use-now-playing-view';
import { PlayButton } from './play-button';
import { CONNECTING_TEXT, RECONNECTING_TEXT } from './player-status';
import { QualityMenu } from './quality-menu';
import { VolumeControl } from './volume-control';

/**
 * The player bar at the bottom of every page, at every width: now playing, like, play/pause and volume,
 * for the one <audio> element (so the stream never restarts on navigation). On a phone it sits above the
 * tab bar with the volume behind a button; on a wider screen the volume slider and the on-air state show
 * inline. The shell hides it while the home page's own player is on screen.
 */
export function PlayerBar({ compact }: { compact: boolean }) {
  const view = useNowPlayingView();
  const { state, error } = usePlayer();
  const [volumeOpen, setVolumeOpen] = useState(false);
  const volumeId = useId();

  const line =
    view.configured === false
      ? PLAYER_TEXTS.notConfigured
      : state === 'error'
        ? (error ?? PLAYER_TEXTS.streamError)
        : state === 'reconnecting'
          ? RECONNECTING_TEXT
          : state === 'loading'
            ? CONNECTING_TEXT
            : view.artist;

  return (
    <section
      aria-label="Player"
      data-testid="radio-player"
      data-variant="bar"
      data-state={state}
      className="border-slate-800 border-t bg-slate-900/95 backdrop-blur"
    >
      <div
        className={clsx(
          'flex items-center',
          compact ? 'h-16 gap-2 px-3' : 'mx-auto h-[4.5rem] max-w-7xl gap-3 px-4 py-2 sm:px-6',
        )}
      >
        <SongArt
          src={view.art}
          fallbackSrc={view.defaultArt}
          className={compact ? 'size-11 rounded-lg' : 'size-12 rounded-lg'}
        />
        <div className="min-w-0 flex-1">
          <div className="flex min-w-0 items-center gap-2">
            <p data-testid="player-bar-title" className="truncate font-semibold text-sm text-white">
              {view.title}
            </p>
            {compact ? null : <OnAirMarker withListeners={false} />}
          </div>
          <p
            data-testid="player-bar-artist"
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
        {compact ? (
          <>
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
          </>
        ) : (
          <>
            <PlayButton size="sm" />
            <VolumeControl className="w-44 shrink-0" />
            <QualityMenu className="shrink-0" />
          </>
        )}
      </div>
      {compact ? (
        <div id={volumeId} hidden={!volumeOpen} className="flex flex-col gap-2 px-3 pb-3">
          <VolumeControl />
          <QualityMenu />
        </div>
      ) : null}
    </section>
  );
}
