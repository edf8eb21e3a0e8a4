import type { MediaTrack, TrackSort } from '@shared/contracts/media';
import { TRACKS_PAGE_SIZE } from '@shared/contracts/media';
import { MEDIA_TEXTS } from '@shared/texts/media';
import { errorMessage } from '@web/app/data/api-client';
import { useDebouncedValue } from '@web/app/hooks/use-debounced-value';
import { toast } from '@web/app/toast/toast';
import { Button } from '@web/components/ui/button';
import { Input, Select } from '@web/components/ui/input';
import { SearchInput } from '@web/components/ui/search-input';
import { LoadingState } from '@web/components/ui/spinner';
import { ImageUp, Pencil, Trash2 } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useDeleteTrack, useReplaceArt, useTracks, useUpdateTrack } from '../music-api';
import { formatDuration } from '../upload-queue';
import { AddToPlaylist } from './add-to-playlist';
import { CueEditorButton } from './cue-editor';
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
        <AddToPlaylist trackIds={[...selected]} onDone={() => setSelected(new Set())} />
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

function TrackRow({
  track,
  selected,
  onSelect,
}: {
  track: MediaTrack;
  selected: boolean;
  onSelect: () => void;
}) {
  const [editing, setEditing] = useState(false);
  const art = useRef<HTMLInputElement>(null);
  const remove = useDeleteTrack();
  const replaceArt = useReplaceArt();

  const onDelete = () => {
    if (!window.confirm(T.deleteConfirm(track.title))) return;
    remove.mutate(track.id, {
      onSuccess: (r) => toast.success(r.removeAfterAir ? T.deletedAfterAir : T.deleted),
      onError: (e) => toast.error(errorMessage(e)),
    });
  };

  return (
    <li className="flex flex-col gap-2 px-3 py-2.5 sm:flex-row sm:items-center" data-testid="track-row">
      <div className="flex min-w-0 flex-1 items-center gap-3">
        <input
          type="checkbox"
          className="size-4 shrink-0 accent-pink-500"
          checked={selected}
          onChange={onSelect}
          aria-label={`Select ${track.title}`}
        />
        {track.artUrl ? (
          <img src={track.artUrl} alt="" className="size-10 shrink-0 rounded object-cover" />
        ) : (
          <div aria-hidden className="size-10 shrink-0 rounded bg-slate-800" />
        )}
        {editing ? (
          <EditTrack track={track} onClose={() => setEditing(false)} />
        ) : (
          <div className="min-w-0">
            <p className="truncate font-medium text-slate-100">{track.title}</p>
            <p className="truncate text-slate-400 text-xs">
              {track.artist}
              {track.album ? ` · ${track.album}` : ''} · {formatDuration(track.durationSeconds)}
              {track.removeAfterAir ? ` · ${T.deletedAfterAir}` : ''}
            </p>
          </div>
        )}
      </div>
      {editing ? null : (
        <div className="flex shrink-0 flex-wrap gap-1.5">
          <Button
            size="sm"
            variant="ghost"
            icon={<Pencil aria-hidden className="size-4" />}
            onClick={() => setEditing(true)}
          >
            {T.edit}
          </Button>
          <CueEditorButton track={track} />
          <Button
            size="sm"
            variant="ghost"
            busy={replaceArt.isPending}
            icon={<ImageUp aria-hidden className="size-4" />}
            onClick={() => art.current?.click()}
          >
            {T.replaceArt}
          </Button>
          <input
            ref={art}
            type="file"
            accept="image/jpeg,image/png,image/gif,image/webp"
            className="hidden"
            aria-label={`${T.replaceArt} for ${track.title}`}
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (file)
                replaceArt.mutate(
                  { id: track.id, file },
                  {
                    onSuccess: () => toast.success(T.artSaved),
                    onError: (err) => toast.error(errorMessage(err)),
                  },
                );
            }}
          />
          <Button
            size="sm"
            variant="danger"
            busy={remove.isPending}
            icon={<Trash2 aria-hidden className="size-4" />}
            onClick={onDelete}
          >
            {T.delete}
          </Button>
        </div>
      )}
    </li>
  );
}

function EditTrack({ track, onClose }: { track: MediaTrack; onClose: () => void }) {
  const [title, setTitle] = useState(track.title);
  const [artist, setArtist] = useState(track.artist);
  const [album, setAlbum] = useState(track.album ?? '');
  const update = useUpdateTrack();
  return (
    <form
      className="flex min-w-0 flex-1 flex-wrap items-center gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        update.mutate(
          { id: track.id, input: { title, artist, album: album.trim() || null } },
          {
            onSuccess: () => {
              toast.success(T.saved);
              onClose();
            },
            onError: (err) => toast.error(errorMessage(err)),
          },
        );
      }}
    >
      <Input
        aria-label="Title"
        value={title}
        onChange={(e) => setTitle(e.target.value)}
        className="min-w-0 flex-1 basis-32"
      />
      <Input
        aria-label="Artist"
        value={artist}
        onChange={(e) => setArtist(e.target.value)}
        className="min-w-0 flex-1 basis-32"
      />
      <Input
        aria-label="Album"
        value={album}
        onChange={(e) => setAlbum(e.target.value)}
        className="min-w-0 flex-1 basis-32"
      />
      <Button type="submit" size="sm" busy={update.isPending}>
        {T.save}
      </Button>
      <Button size="sm" variant="ghost" onClick={onClose}>
        {T.cancel}
      </Button>
    </form>
  );
}
