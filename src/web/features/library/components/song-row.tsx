import type { SongStat } from '@shared/contracts/library';
import { clsx } from 'clsx';
import { Heart, PlayCircle } from 'lucide-react';
import { LikeButton } from './like-button';
import { SongArt } from './song-art';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** A ranked song: position, art (music icon as fallback), title, artist, like and play counts, like. */
export function SongRow({ song, position }: { song: SongStat; position: number }) {
  return (
    <li
      data-testid="song-row"
      className="flex items-center gap-3 rounded-2xl border border-slate-700/80 bg-slate-900/70 p-3 sm:gap-4 sm:p-4"
    >
      <span
        className={clsx(
          'w-7 shrink-0 text-center font-extrabold tabular-nums sm:w-9 sm:text-lg',
          position <= 3 ? 'text-pink-300' : 'text-slate-400',
        )}
      >
        {position}
      </span>
      <SongArt src={song.art} className="size-12 rounded-lg sm:size-14" />
      <div className="min-w-0 flex-1">
        <p className="truncate font-semibold text-white">{song.title}</p>
        <p className="truncate text-slate-400 text-sm">{song.artist}</p>
        <p className="mt-1 flex flex-wrap gap-x-3 gap-y-0.5 text-slate-300 text-xs">
          <span className="inline-flex items-center gap-1" data-testid="like-count">
            <Heart aria-hidden className="size-3.5 text-pink-400" />
            {plural(song.likeCount, 'like', 'likes')}
          </span>
          <span className="inline-flex items-center gap-1" data-testid="play-count">
            <PlayCircle aria-hidden className="size-3.5 text-violet-300" />
            {plural(song.playCount, 'play', 'plays')}
          </span>
        </p>
      </div>
      <LikeButton song={song} />
    </li>
  );
}
