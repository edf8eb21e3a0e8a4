import { Equalizer } from '@web/features/home/components/equalizer';
import { LikeButton } from '@web/features/library/components/like-button';
import { SongArt } from '@web/features/library/components/song-art';
import { SendRequestButton } from '@web/features/requests/components/send-request-button';
import { ListenerCount } from '@web/features/station/components/listener-count';
import { clsx } from 'clsx';
import { usePlayer } from '../player-context';
import { useNowPlayingView } from '../use-now-playing-view';
import { BarVisualiser } from './bar-visualiser';
import { NowPlayingText } from './now-playing-text';
import { PlayButton } from './play-button';
import { PlayerFrame } from './player-frame';
import { PlayerStatus } from './player-status';
import { QualityMenu } from './quality-menu';
import { VolumeControl } from './volume-control';

/** The home page's large player: album art, title, artist, controls, listeners and requests. */
export function LargePlayer({ className }: { className?: string }) {
  const view = useNowPlayingView();
  const { state } = usePlayer();
  return (
    <PlayerFrame
      variant="large"
      className={clsx(
        'rounded-3xl border border-white/10 bg-slate-950/60 p-5 shadow-2xl shadow-black/40 backdrop-blur sm:p-6',
        className,
      )}
    >
      <div className="flex flex-col gap-5 sm:flex-row sm:items-center">
        <div className="relative mx-auto shrink-0 sm:mx-0">
          <SongArt
            src={view.art}
            fallbackSrc={view.defaultArt}
            className="size-52 rounded-2xl shadow-black/50 shadow-xl ring-1 ring-white/10 sm:size-44"
          />
          {view.isLive ? (
            <span className="absolute top-2 left-2 rounded-md bg-rose-600 px-2 py-0.5 font-bold text-[11px] text-white tracking-wider">
              LIVE
            </span>
          ) : null}
        </div>
        <div className="min-w-0 flex-1 text-center sm:text-left">
          <p className="mb-2 flex items-center justify-center gap-2 font-semibold text-pink-300 text-xs uppercase tracking-widest sm:justify-start">
            <Equalizer active={state === 'playing'} bars={4} className="h-3.5 gap-0.5" barClassName="w-1" />
            {view.configured === false ? 'Off air' : 'Now playing'}
          </p>
          <NowPlayingText
            view={view}
            titleClassName="line-clamp-2 break-words font-extrabold text-2xl text-white leading-tight"
            artistClassName="mt-1 truncate font-medium text-lg text-pink-100/90"
          />
          {view.album ? <p className="truncate text-slate-400 text-sm">{view.album}</p> : null}
        </div>
      </div>
      <div className="mt-6 flex items-center gap-3">
        <PlayButton size="lg" />
        {view.song ? <LikeButton song={view.song} size="lg" /> : null}
        <VolumeControl className="ml-auto w-full max-w-52" />
      </div>
      <BarVisualiser className="mt-4" />
      <div className="mt-5 flex flex-wrap items-center justify-between gap-3 border-white/10 border-t pt-4">
        <ListenerCount total={view.listeners} />
        <QualityMenu />
        {/* 'Send a request' appears only while a presenter is live. */}
        {view.isLive ? <SendRequestButton /> : null}
      </div>
      <PlayerStatus configured={view.configured} className="mt-3" />
    </PlayerFrame>
  );
}
