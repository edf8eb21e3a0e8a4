import type { PlaylistTrack } from '@shared/contracts/media';
import { errorMessage } from '@web/app/data/api-client';
import { toast } from '@web/app/toast/toast';
import { Button } from '@web/components/ui/button';
import { Field, Input } from '@web/components/ui/input';
import { LoadingState } from '@web/components/ui/spinner';
import { ArrowDown, ArrowUp, Plus, X } from 'lucide-react';
import { useState } from 'react';
import { formatDuration } from '../playlist-form';
import { usePlaylistDetail, useSetPlaylistTracks, useTrackSearch } from '../programming-api';

/** Moves one item of a list up or down (sequential playlists play in this order). */
export function moved<T>(list: T[], index: number, by: -1 | 1): T[] {
  const to = index + by;
  if (to < 0 || to >= list.length) return list;
  const out = [...list];
  [out[index], out[to]] = [out[to], out[index]];
  return out;
}

/** A playlist's tracks: in order, with move, remove, and add from the library's search. */
export function PlaylistTracks({ playlistId, name }: { playlistId: string; name: string }) {
  const detail = usePlaylistDetail(playlistId);
  const save = useSetPlaylistTracks();
  const [q, setQ] = useState('');
  const search = useTrackSearch(q);

  const put = async (tracks: PlaylistTrack[] | string[], done?: string) => {
    const trackIds = tracks.map((t) => (typeof t === 'string' ? t : t.id));
    try {
      await save.mutateAsync({ id: playlistId, trackIds });
      if (done) toast.success(done);
    } catch (e) {
      toast.error(errorMessage(e, 'Could not save the tracks'));
    }
  };

  if (detail.isPending) return <LoadingState label="Loading the tracks" />;
  if (detail.isError) return <p className="text-red-300 text-sm">{errorMessage(detail.error)}</p>;
  const tracks = detail.data.tracks;
  const have = new Set(detail.data.trackIds);

  return (
    <div className="flex flex-col gap-4">
      <Field id="pl-track-search" label="Add tracks from the library">
        <Input
          id="pl-track-search"
          type="search"
          placeholder="Title or artist"
          value={q}
          onChange={(e) => setQ(e.target.value)}
        />
      </Field>
      {q.trim() && search.data ? (
        <ul className="flex max-h-48 flex-col gap-1 overflow-y-auto" aria-label="Search results">
          {search.data.tracks.map((t) => (
            <li key={t.id} className="flex items-center justify-between gap-2 text-sm">
              <span className="min-w-0 truncate text-slate-200">
                {t.title} · <span className="text-slate-400">{t.artist}</span>
              </span>
              <Button
                size="sm"
                variant="secondary"
                disabled={have.has(t.id)}
                busy={save.isPending}
                icon={<Plus className="size-4" aria-hidden />}
                onClick={() => put([...detail.data.trackIds, t.id], `Added ${t.title} to ${name}`)}
                aria-label={`Add ${t.title} to ${name}`}
              >
                {have.has(t.id) ? 'Added' : 'Add'}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      {tracks.length === 0 ? (
        <p className="text-slate-400 text-sm">No tracks yet. Add some above, or from the library list.</p>
      ) : (
        <ol className="flex flex-col divide-y divide-slate-700/60" aria-label={`Tracks of ${name}`}>
          {tracks.map((t, i) => (
            <li key={t.id} className="flex items-center gap-2 py-1.5 text-sm">
              <span className="w-6 text-right text-slate-400 tabular-nums">{i + 1}</span>
              <span className="min-w-0 flex-1 truncate text-slate-100">
                {t.title} · <span className="text-slate-400">{t.artist}</span>
              </span>
              <span className="text-slate-400 tabular-nums">{formatDuration(t.durationMs)}</span>
              <Button
                size="sm"
                variant="ghost"
                aria-label={`Move ${t.title} up`}
                disabled={i === 0}
                onClick={() => put(moved(tracks, i, -1))}
              >
                <ArrowUp className="size-4" aria-hidden />
              </Button>
              <Button
                size="sm"
                variant="ghost"
                aria-label={`Move ${t.title} down`}
                disabled={i === tracks.length - 1}
                onClick={() => put(moved(tracks, i, 1))}
              >
                <ArrowDown className="size-4" aria-hidden />
              </Button>
              <Button
                size="sm"
                variant="ghost"
                aria-label={`Remove ${t.title} from ${name}`}
                onClick={() =>
                  put(
                    tracks.filter((x) => x.id !== t.id),
                    `Removed ${t.title}`,
                  )
                }
              >
                <X className="size-4" aria-hidden />
              </Button>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
