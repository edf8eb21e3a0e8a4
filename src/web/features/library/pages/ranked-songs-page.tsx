import { LIBRARY_TEXTS } from '@shared/texts/library';
import { errorMessage } from '@web/app/data/api-client';
import { useDebouncedValue } from '@web/app/hooks/use-debounced-value';
import { PageTitle } from '@web/components/page-title';
import { Alert } from '@web/components/ui/alert';
import { EmptyState } from '@web/components/ui/empty-state';
import { SearchInput } from '@web/components/ui/search-input';
import { LoadingState, Spinner } from '@web/components/ui/spinner';
import { ArrowLeft, Heart, Music, PlayCircle } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { type RankKind, useRankedSongs } from '../api';
import { SongRow } from '../components/song-row';

const PAGES: Record<RankKind, { title: string; intro: string; empty: string; icon: typeof Heart }> = {
  'most-liked': {
    title: 'Most Liked',
    intro: 'The songs our listeners love most.',
    empty: LIBRARY_TEXTS.noLikes,
    icon: Heart,
  },
  'most-played': {
    title: 'Most Played',
    intro: 'The songs heard most often on the station.',
    empty: LIBRARY_TEXTS.noPlays,
    icon: PlayCircle,
  },
};

/** /most-liked and /most-played: up to 100 songs, searched on the server as the listener types. */
export function RankedSongsPage({ kind }: { kind: RankKind }) {
  const page = PAGES[kind];
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), 300);
  const songs = useRankedSongs(kind, q);
  const list = songs.data?.songs ?? [];
  const Icon = page.icon;

  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
      <Link
        to="/chart"
        className="mb-4 inline-flex items-center gap-1.5 rounded-lg py-1 font-medium text-pink-300 text-sm hover:text-pink-200"
      >
        <ArrowLeft aria-hidden className="size-4" />
        Back to the chart
      </Link>
      <header className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <div>
          <PageTitle icon={Icon} intro={page.intro}>
            {page.title}
          </PageTitle>
        </div>
      </header>
      <SearchInput
        wrapperClassName="mb-6"
        aria-label="Search songs"
        placeholder="Search by title or artist..."
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        className="h-11"
        maxLength={100}
        adornment={
          songs.isFetching && !songs.isPending ? (
            <Spinner size="sm" className="absolute top-3.5 right-3 text-pink-400" />
          ) : null
        }
      />
      {songs.isPending ? (
        <LoadingState label="Loading songs..." />
      ) : songs.isError ? (
        <Alert>{errorMessage(songs.error)}</Alert>
      ) : list.length === 0 ? (
        <EmptyState
          icon={<Music aria-hidden className="size-7" />}
          title={q ? LIBRARY_TEXTS.noSongsFound : page.empty}
          body={q ? `Nothing matches “${q}”.` : undefined}
        />
      ) : (
        <ol className="flex flex-col gap-2" aria-label={page.title}>
          {list.map((song, i) => (
            <SongRow key={song.id} song={song} position={i + 1} />
          ))}
        </ol>
      )}
    </div>
  );
}

export function MostLikedPage() {
  return <RankedSongsPage kind="most-liked" />;
}

export function MostPlayedPage() {
  return <RankedSongsPage kind="most-played" />;
}
