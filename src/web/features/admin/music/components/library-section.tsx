import type { TrackSort } from '@shared/contracts/media';
import { TRACKS_PAGE_SIZE } from '@shared/contracts/media';
import { MEDIA_TEXTS } from '@shared/texts/media';
import { errorMessage } from '@web/app/data/api-client';
import { useDebouncedValue } from '@web/app/hooks/use-debounced-value';
import { Button } from '@web/components/ui/button';
import { Select } from '@web/components/ui/input';
import { SearchInput } from '@web/components/ui/search-input';
import { LoadingState } from '@web/components/ui/spinner';
import { useId, useState } from 'react';
import { useTracks } from '../music-api';
import { AddToPlaylist } from './add-to-playlist';
import { BulkEdit } from './bulk-edit';
import { TRACK_GRID, TrackRow } from './track-row';
import { UploadDropzone } from './upload-dropzone';

const T = MEDIA_TEXTS.panel;
const SORTS: { id: TrackSort; label: string }[] = [
  { id: 'created', label: 'Newest' },
  { id: 'title', label: 'Title' },
  { id: 'artist', label: 'Artist' },
  { id: 'album', label: 'Album' },
  { id: 'duration', label: 'Length' },
];

/** The library: upload, then find, edit, give art to, delete and add tracks to a playlist. */
export function LibrarySection() {
  const id = useId();
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search, 250);
  const [sort, setSort] = useState<TrackSort>('created');
  const [dir, setDir] = useState<'asc' | 'desc'>('desc');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const tracks = useTracks({ q, page, sort, dir });
  const total = tracks.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / TRACKS_PAGE_SIZE));
  const toggle = (trackId: string) =>
    setSelected((s) => {
      const n = new Set(s);
      if (n.has(trackId)) n.delete(trackId);
      else n.add(trackId);
      return n;
    });

  return (
    <section aria-labelledby={`${id}-h`} className="flex flex-col gap-5" data-testid="music-library">
      <h3 id={`${id}-h`} className="font-bold text-lg text-white">
        {T.librarySection}
      </h3>
      <UploadDropzone />
      <div className="flex flex-wrap items-end gap-3">
        <SearchInput
          wrapperClassName="min-w-0 flex-1 basis-56"
          placeholder={T.search}
          aria-label={T.search}
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            setPage(1);
          }}
        />
        <div className="flex items-center gap-2 text-slate-300 text-sm">
          <label htmlFor={`${id}-sort`}>Sort</label>
          <Select
            id={`${id}-sort`}
            value={sort}
            className="w-32"
            onChange={(e) => {
              const s = e.target.value as TrackSort;
              setSort(s);
              setDir(s === 'created' ? 'desc' : 'asc');
              setPage(1);
            }}
          >
            {SORTS.map((s) => (
              <option key={s.id} value={s.id}>
                {s.label}
              </option>
            ))}
          </Select>
        </div>
        <Button variant="secondary" size="sm" onClick={() => setDir((d) => (d === 'asc' ? 'desc' : 'asc'))}>
          {dir === 'asc' ? 'Ascending' : 'Descending'}
        </Button>
      </div>
      {selected.size > 0 ? (
        <>
          <AddToPlaylist trackIds={[...selected]} onDone={() => setSelected(new Set())} />
          <BulkEdit trackIds={[...selected]} onDone={() => setSelected(new Set())} />
        </>
      ) : null}
      {tracks.isPending ? (
        <LoadingState label="Loading the library…" />
      ) : tracks.isError ? (
        <p className="text-red-300 text-sm">{errorMessage(tracks.error)}</p>
      ) : total === 0 ? (
        <p className="text-slate-400 text-sm">{q ? T.noMatch : T.empty}</p>
      ) : (
        <>
          <p className="text-slate-400 text-sm">
            {total} track{total === 1 ? '' : 's'}
            {selected.size > 0 ? ` · ${T.selected(selected.size)}` : ''}
          </p>
          <div
            aria-hidden
            className={`hidden gap-2 px-3 text-slate-500 text-xs uppercase tracking-wide xl:grid ${TRACK_GRID}`}
          >
            <span>Track</span>
            <span>{T.loudness}</span>
            <span>{T.year}</span>
            <span>{T.genre}</span>
            <span>{T.isrc}</span>
            <span />
          </div>
          <ul
            className="flex flex-col divide-y divide-slate-800 rounded-xl border border-slate-700"
            aria-label="Tracks"
          >
            {tracks.data?.tracks.map((t) => (
              <TrackRow key={t.id} track={t} selected={selected.has(t.id)} onSelect={() => toggle(t.id)} />
            ))}
          </ul>
          <nav className="flex items-center justify-between gap-3 text-sm" aria-label="Library pages">
            <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
              Previous
            </Button>
            <span className="text-slate-300">
              Page {page} of {pages}
            </span>
            <Button
              variant="secondary"
              size="sm"
              disabled={page >= pages}
              onClick={() => setPage((p) => p + 1)}
            >
              Next
            </Button>
          </nav>
        </>
      )}
    </section>
  );
}
