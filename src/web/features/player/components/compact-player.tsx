import { LikeButton } from '@web/features/library/components/like-button';
import { SongArt } from '@web/features/library/components/song-art';
import { SendRequestButton } from '@web/features/requests/components/send-request-button';
import { clsx } from 'clsx';
import { useNowPlayingView } from '../use-now-playing-view';
import { BarVisualiser } from './bar-visualiser';
import { NowPlayingText } from './now-playing-text';
import { PlayButton } from './play-button';
import { PlayerFrame } from './player-frame';
import { PlayerStatus } from './player-status';
import { VolumeControl } from './volume-control';

/** The mobile home page's player: art, song, play, like and volume in a compact card. */
export function CompactPlayer({ className }: { className?: string }) {
  const view = useNowPlayingView();
  return (
    <PlayerFrame
      variant="compact"
      className={clsx(
        'rounded-2xl border border-white/10 bg-gradient-to-br from-indigo-950/80 via-slate-900 to-slate-950 p-4 shadow-black/40 shadow-xl',
        className,
      )}
    >
      <div className="flex items-center gap-4">
        <SongArt
          src={view.art}
          fallbackSrc={view.defaultArt}
          className="size-24 rounded-xl shadow-black/50 shadow-lg ring-1 ring-white/10"
        />
        <div className="min-w-0 flex-1">
          <p className="font-semibold text-[11px] text-pink-300 uppercase tracking-widest">
            {view.configured === false ? 'Off air' : view.isLive ? 'Live now' : 'Now playing'}
          </p>
          <NowPlayingText
            view={view}
            titleClassName="line-clamp-2 break-words font-bold text-lg text-white leading-snug"
            artistClassName="truncate text-slate-300 text-sm"
          />
        </div>
      </div>
      <div className="mt-4 flex items-center gap-2">
        <PlayButton size="md" />
        {view.song ? <LikeButton song={view.song} /> : null}
        <VolumeControl className="ml-1 flex-1" />
      </div>
      <BarVisualiser className="mt-4" />
      {view.isLive ? <SendRequestButton className="mt-4 w-full justify-center" /> : null}
      <PlayerStatus configured={view.configured} className="mt-3" />
    </PlayerFrame>
  );
}
