import type { MediaTrack } from '@shared/contracts/media';
import { MEDIA_TEXTS } from '@shared/texts/media';
import { errorMessage } from '@web/app/data/api-client';
import { toast } from '@web/app/toast/toast';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { ImageUp, Pencil, Play, Square, Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { useDeleteTrack, useReplaceArt, useUpdateTrack } from '../music-api';
import { togglePreview, usePreviewing } from '../preview-player';
import { formatDuration } from '../upload-queue';
import { CueEditorButton } from './cue-editor';

const T = MEDIA_TEXTS.panel;

/**
 * The library's columns on a wide screen (the track, its loudness, year, genre, ISRC, then its buttons,
 * with room for one more); narrower, the cells wrap under the track, each named, and the buttons say
 * their names.
 */
export const TRACK_GRID = 'xl:grid-cols-[minmax(0,1fr)_6rem_3.5rem_7rem_8.5rem_12.5rem]';

/** "−14.2 LUFS" (a true minus sign), or a dash while not measured. */
export const formatLoudness = (lufs: number | null) =>
  lufs === null ? '—' : `${lufs < 0 ? '−' : ''}${Math.abs(lufs).toFixed(1)} LUFS`;

/** An ISRC as people write it: GB-AAA-83-00001. */
export const formatIsrc = (isrc: string | null) =>
  isrc && isrc.length === 12
    ? `${isrc.slice(0, 2)}-${isrc.slice(2, 5)}-${isrc.slice(5, 7)}-${isrc.slice(7)}`
    : (isrc ?? '—');

function Cell({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <p className="min-w-0 truncate text-slate-300 text-xs xl:text-sm" data-testid={testId}>
      <span className="text-slate-500 xl:sr-only">{label} </span>
      {value}
    </p>
  );
}

export function TrackRow({
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
  const previewing = usePreviewing() === track.id;

  const onDelete = () => {
    if (!window.confirm(T.deleteConfirm(track.title))) return;
    remove.mutate(track.id, {
      onSuccess: (r) => toast.success(r.removeAfterAir ? T.deletedAfterAir : T.deleted),
      onError: (e) => toast.error(errorMessage(e)),
    });
  };

  return (
    <li className={`grid gap-2 px-3 py-2.5 xl:items-center ${TRACK_GRID}`} data-testid="track-row">
      <div className="flex min-w-0 items-center gap-3">
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
        <div className="min-w-0">
          <p className="truncate font-medium text-slate-100">{track.title}</p>
          <p className="truncate text-slate-400 text-xs">
            {track.artist}
            {track.album ? ` · ${track.album}` : ''} · {formatDuration(track.durationSeconds)}
            {track.removeAfterAir ? ` · ${T.deletedAfterAir}` : ''}
          </p>
          <p className="truncate text-slate-500 text-xs" data-testid="track-playlists">
            {track.playlists.length > 0
              ? `${T.inPlaylists} ${track.playlists.map((p) => p.name).join(', ')}`
              : T.inNoPlaylist}
          </p>
        </div>
      </div>
      <div className="flex flex-wrap gap-x-4 gap-y-0.5 pl-7 xl:contents">
        <Cell label={T.loudness} value={formatLoudness(track.loudnessLufs)} testId="track-loudness" />
        <Cell label={T.year} value={track.year === null ? '—' : String(track.year)} testId="track-year" />
        <Cell label={T.genre} value={track.genre ?? '—'} testId="track-genre" />
        <Cell label={T.isrc} value={formatIsrc(track.isrc)} testId="track-isrc" />
      </div>
      {editing ? (
        <EditTrack track={track} onClose={() => setEditing(false)} />
      ) : (
        <div className="flex shrink-0 flex-wrap gap-1.5 xl:justify-end">
          <Button
            size="sm"
            variant="ghost"
            aria-pressed={previewing}
            aria-label={previewing ? T.stopPreview(track.title) : T.preview(track.title)}
            icon={
              previewing ? <Square aria-hidden className="size-4" /> : <Play aria-hidden className="size-4" />
            }
            onClick={() => togglePreview(track.id)}
          >
            <span className="xl:sr-only">{previewing ? 'Stop' : 'Play'}</span>
          </Button>
          <Button
            size="sm"
            variant="ghost"
            icon={<Pencil aria-hidden className="size-4" />}
            onClick={() => setEditing(true)}
          >
            <span className="xl:sr-only">{T.edit}</span>
          </Button>
          <CueEditorButton track={track} />
          <Button
            size="sm"
            variant="ghost"
            busy={replaceArt.isPending}
            icon={<ImageUp aria-hidden className="size-4" />}
            onClick={() => art.current?.click()}
          >
            <span className="xl:sr-only">{T.replaceArt}</span>
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
            <span className="xl:sr-only">{T.delete}</span>
          </Button>
        </div>
      )}
    </li>
  );
}

/** The edit form: title, artist, album, year, genre and ISRC (the server checks each). */
function EditTrack({ track, onClose }: { track: MediaTrack; onClose: () => void }) {
  const [title, setTitle] = useState(track.title);
  const [artist, setArtist] = useState(track.artist);
  const [album, setAlbum] = useState(track.album ?? '');
  const [year, setYear] = useState(track.year === null ? '' : String(track.year));
  const [genre, setGenre] = useState(track.genre ?? '');
  const [isrc, setIsrc] = useState(track.isrc ? formatIsrc(track.isrc) : '');
  const update = useUpdateTrack();
  const field = 'min-w-0 flex-1 basis-32';
  return (
    <form
      className="col-span-full flex min-w-0 flex-wrap items-center gap-2"
      aria-label={`Edit ${track.title}`}
      onSubmit={(e) => {
        e.preventDefault();
        const y = year.trim();
        if (y !== '' && !/^\d{1,4}$/.test(y)) {
          toast.error(T.yearNotNumber);
          return;
        }
        update.mutate(
          {
            id: track.id,
            input: {
              title,
              artist,
              album: album.trim() || null,
              year: y === '' ? null : Number(y),
              genre: genre.trim() || null,
              isrc: isrc.trim() || null,
            },
          },
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
      <Input aria-label="Title" value={title} onChange={(e) => setTitle(e.target.value)} className={field} />
      <Input
        aria-label="Artist"
        value={artist}
        onChange={(e) => setArtist(e.target.value)}
        className={field}
      />
      <Input aria-label="Album" value={album} onChange={(e) => setAlbum(e.target.value)} className={field} />
      <Input
        aria-label={T.year}
        inputMode="numeric"
        placeholder={T.year}
        value={year}
        onChange={(e) => setYear(e.target.value)}
        className="w-24"
      />
      <Input
        aria-label={T.genre}
        placeholder={T.genre}
        value={genre}
        onChange={(e) => setGenre(e.target.value)}
        className={field}
      />
      <Input
        aria-label={T.isrc}
        placeholder="GB-AAA-24-00001"
        value={isrc}
        onChange={(e) => setIsrc(e.target.value)}
        className={field}
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
