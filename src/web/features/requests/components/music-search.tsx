import { MUSIC_TEXTS } from '@shared/texts/requests';
import { errorMessage } from '@web/app/data/api-client';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { LazyImage } from '@web/components/ui/lazy-image';
import { Spinner } from '@web/components/ui/spinner';
import { Library, Music, Search } from 'lucide-react';
import { type KeyboardEvent, useId, useState } from 'react';
import { useMusicSearch } from '../api';

export const MUSIC_SEARCH_LIMIT = 10;
export const LIBRARY_SOURCE_TEXT = "From the station's library";

/**
 * The request form's song search: Enter (or the button) searches, an empty search is ignored, up to
 * 10 results; choosing one fills Song Title and Artist. It lives inside the request form, so Enter
 * here must not submit that form.
 */
export function MusicSearch({ onPick }: { onPick: (song: { title: string; artist: string }) => void }) {
  const id = useId();
  const [query, setQuery] = useState('');
  const [term, setTerm] = useState('');
  const [open, setOpen] = useState(false);
  const search = useMusicSearch(term);

  const run = () => {
    const q = query.trim();
    if (!q) return;
    setTerm(q);
    setOpen(true);
    if (q === term) void search.refetch();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    run();
  };

  const data = search.data;
  // One row per distinct song (a key must be unique), at most 10.
  const results = [
    ...new Map((data?.results ?? []).map((r) => [`${r.title}\n${r.artist}\n${r.album ?? ''}`, r])),
  ].slice(0, MUSIC_SEARCH_LIMIT);

  return (
    <div className="flex flex-col gap-2 rounded-xl border border-slate-700 bg-slate-950/40 p-3">
      <label htmlFor={`${id}-q`} className="font-medium text-slate-300 text-sm">
        Search for a song
      </label>
      <div className="flex gap-2">
        <div className="relative min-w-0 flex-1">
          <Search aria-hidden className="pointer-events-none absolute top-3 left-3 size-4 text-slate-400" />
          <Input
            id={`${id}-q`}
            type="search"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            onKeyDown={onKeyDown}
            placeholder="Song or artist, then Enter"
            autoComplete="off"
            className="pl-9"
            aria-describedby={`${id}-hint`}
          />
        </div>
        <Button variant="secondary" onClick={run} busy={open && search.isFetching} aria-label="Search">
          <span className="hidden sm:inline">Search</span>
          {open && search.isFetching ? null : <Search aria-hidden className="size-4 sm:hidden" />}
        </Button>
      </div>
      <p id={`${id}-hint`} className="text-slate-400 text-xs">
        Pick a result to fill in the title and artist, or type them below.
      </p>
      {open && term ? (
        <div aria-live="polite">
          {search.isPending ? (
            <p className="flex items-center gap-2 py-2 text-slate-300 text-sm">
              <Spinner size="sm" className="text-pink-400" /> Searching...
            </p>
          ) : search.isError ? (
            <Alert>{errorMessage(search.error, MUSIC_TEXTS.spotifyFailed)}</Alert>
          ) : data ? (
            <div className="flex flex-col gap-2">
              {data.notice ? <Alert>{data.notice}</Alert> : null}
              {data.source === 'library' ? (
                <p className="flex items-center gap-1.5 text-slate-400 text-xs" data-testid="music-source">
                  <Library aria-hidden className="size-3.5" /> {LIBRARY_SOURCE_TEXT}
                </p>
              ) : null}
              {results.length === 0 ? (
                <p className="text-slate-300 text-sm">
                  {data.source === 'library'
                    ? MUSIC_TEXTS.spotifyUnavailable
                    : 'No songs found. Please enter song details manually.'}
                </p>
              ) : (
                <ul aria-label="Search results" className="flex max-h-72 flex-col gap-1 overflow-y-auto">
                  {results.map(([key, r]) => (
                    <li key={key}>
                      <button
                        type="button"
                        data-testid="music-result"
                        onClick={() => {
                          onPick({ title: r.title, artist: r.artist });
                          setOpen(false);
                        }}
                        className="flex w-full items-center gap-3 rounded-lg p-2 text-left transition hover:bg-white/5 focus-visible:bg-white/5"
                      >
                        <LazyImage
                          src={r.art}
                          className="size-10 shrink-0 rounded-md object-cover"
                          fallback={
                            <span className="flex size-10 shrink-0 items-center justify-center rounded-md bg-slate-800">
                              <Music aria-hidden className="size-4 text-slate-400" />
                            </span>
                          }
                        />
                        <span className="min-w-0">
                          <span className="block truncate font-medium text-sm text-white">{r.title}</span>
                          <span className="block truncate text-slate-400 text-xs">
                            {r.artist}
                            {r.album ? ` · ${r.album}` : ''}
                          </span>
                        </span>
                      </button>
                    </li>
                  ))}
                </ul>
              )}
            </div>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
