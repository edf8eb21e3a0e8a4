import type { NowPlaying } from '@shared/contracts/station';
import { HOME_TEXTS } from '@shared/texts/station';
import { Card } from '@web/components/ui/card';
import { SongArt } from '@web/features/library/components/song-art';
import { relativeTime } from '@web/features/notifications/relative-time';
import { clsx } from 'clsx';
import { ExternalLink, History } from 'lucide-react';
import { musicSearchUrl } from '../links';

const RECENT_COUNT = 3;
let clockFormat: Intl.DateTimeFormat | undefined;
/** Made on first use, not when the module loads: by then the page's worker has loaded ICU's data (intl-warmup.js). */
const clock = () => {
  clockFormat ??= new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' });
  return clockFormat;
};

/** The 3 latest tracks with the local time they played, each opening a music-service search. */
export function RecentlyPlayed({
  history,
  defaultArt,
  className,
}: {
  history: NowPlaying['history'];
  defaultArt: string | undefined;
  className?: string;
}) {
  const items = history.slice(0, RECENT_COUNT);
  return (
    <Card className={clsx('p-5 sm:p-6', className)}>
      <section aria-labelledby="recently-played-heading">
        <h2
          id="recently-played-heading"
          className="mb-4 flex items-center gap-2 font-bold text-lg text-white"
        >
          <History aria-hidden className="size-5 text-pink-400" />
          {HOME_TEXTS.recentlyPlayed}
        </h2>
        {items.length === 0 ? (
          <p className="text-slate-400 text-sm">Nothing has played yet.</p>
        ) : (
          <ol className="flex flex-col gap-1" data-testid="recently-played">
            {items.map((item) => {
              const at = new Date(item.playedAt);
              return (
                <li key={`${item.playedAt}-${item.song.title}`}>
                  <a
                    href={musicSearchUrl(item.song)}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="group -mx-2 flex min-w-0 items-center gap-3 rounded-xl p-2 transition hover:bg-white/5"
                  >
                    <SongArt src={item.song.art} fallbackSrc={defaultArt} className="size-12 rounded-lg" />
                    <span className="min-w-0 flex-1">
                      <span className="block truncate font-medium text-white">{item.song.title}</span>
                      <span className="block truncate text-slate-400 text-sm">{item.song.artist}</span>
                    </span>
                    <span className="flex shrink-0 flex-col items-end gap-1 text-slate-400 text-xs">
                      <time dateTime={item.playedAt} title={relativeTime(at)}>
                        {Number.isNaN(at.getTime()) ? '' : clock().format(at)}
                      </time>
                      <ExternalLink
                        aria-hidden
                        className="size-3.5 opacity-0 transition group-hover:opacity-100"
                      />
                    </span>
                    <span className="sr-only">(search on Spotify, opens in a new tab)</span>
                  </a>
                </li>
              );
            })}
          </ol>
        )}
      </section>
    </Card>
  );
}
