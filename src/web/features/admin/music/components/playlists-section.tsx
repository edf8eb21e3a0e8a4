import type { Playlist } from '@shared/contracts/media';
import { errorMessage } from '@web/app/data/api-client';
import { toast } from '@web/app/toast/toast';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Dialog } from '@web/components/ui/dialog';
import { EmptyState } from '@web/components/ui/empty-state';
import { LoadingState } from '@web/components/ui/spinner';
import { Switch } from '@web/components/ui/switch';
import { ListMusic, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { describePlaylist, draftFromPlaylist, draftToInput, emptyDraft, kindLabel } from '../playlist-form';
import {
  useCreatePlaylist,
  useDeletePlaylist,
  usePlaylists,
  useShows,
  useUpdatePlaylist,
} from '../programming-api';
import { PlaylistForm } from './playlist-form';
import { PlaylistTracks } from './playlist-tracks';

type Editing =
  | { mode: 'new' }
  | { mode: 'edit'; playlist: Playlist }
  | { mode: 'tracks'; playlist: Playlist };

/** One playlist in the list: what it does, its track count, and its actions. */
export function PlaylistCard({
  playlist,
  showName,
  onToggle,
  onEdit,
  onTracks,
  onDelete,
}: {
  playlist: Playlist;
  showName?: string;
  onToggle: () => void;
  onEdit: () => void;
  onTracks: () => void;
  onDelete: () => void;
}) {
  return (
    // On a phone: the switch beside the words, which keep the row's width, and the actions on a row of
    // their own under the words; from sm up, one line that wraps the actions when it must.
    <li
      className="grid grid-cols-[auto_minmax(0,1fr)] items-center gap-x-3 gap-y-2 py-3 sm:flex sm:flex-wrap sm:gap-3"
      data-testid="playlist-row"
    >
      <Switch checked={playlist.enabled} onChange={onToggle} aria-label={`${playlist.name} enabled`} />
      <div className="min-w-0 break-words sm:min-w-48 sm:flex-1" data-testid="playlist-words">
        <p className="flex flex-wrap items-center gap-2 font-medium text-white">
          {playlist.name} <Badge tone="violet">{kindLabel(playlist.kind)}</Badge>
        </p>
        <p className="text-slate-400 text-sm">
          {describePlaylist(playlist, showName)} · {playlist.trackCount}{' '}
          {playlist.trackCount === 1 ? 'track' : 'tracks'}
        </p>
      </div>
      <div className="col-start-2 flex flex-wrap gap-1" data-testid="playlist-actions">
        <Button
          size="sm"
          variant="secondary"
          icon={<ListMusic className="size-4" aria-hidden />}
          onClick={onTracks}
        >
          Tracks
        </Button>
        <Button size="sm" variant="ghost" icon={<Pencil className="size-4" aria-hidden />} onClick={onEdit}>
          Edit
        </Button>
        <Button
          size="sm"
          variant="ghost"
          icon={<Trash2 className="size-4" aria-hidden />}
          onClick={onDelete}
          aria-label={`Delete ${playlist.name}`}
        >
          <span className="sr-only sm:not-sr-only">Delete</span>
        </Button>
      </div>
    </li>
  );
}

/** Playlists and programming: list, create and edit (with the kind's fields), enable, delete, tracks. */
export function PlaylistsSection() {
  const playlists = usePlaylists();
  const shows = useShows();
  const create = useCreatePlaylist();
  const update = useUpdatePlaylist();
  const remove = useDeletePlaylist();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [formError, setFormError] = useState<string>();
  const close = () => {
    setEditing(null);
    setFormError(undefined);
  };
  const showName = (id: string | null) => shows.data?.find((s) => s.id === id)?.showName;

  const toggle = async (p: Playlist) => {
    try {
      await update.mutateAsync({ id: p.id, patch: { enabled: !p.enabled } });
      toast.success(`${p.name} ${p.enabled ? 'disabled' : 'enabled'}`);
    } catch (e) {
      toast.error(errorMessage(e, 'Could not change the playlist'));
    }
  };
  const del = async (p: Playlist) => {
    if (!window.confirm(`Delete the playlist "${p.name}"? Its tracks stay in the library.`)) return;
    try {
      await remove.mutateAsync(p.id);
      toast.success(`Deleted ${p.name}`);
    } catch (e) {
      toast.error(errorMessage(e, 'Could not delete the playlist'));
    }
  };

  return (
    <Card className="p-5 sm:p-6">
      <section aria-labelledby="playlists-title" className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="playlists-title" className="font-bold text-lg text-white">
            Playlists
          </h2>
          <Button
            size="sm"
            icon={<Plus className="size-4" aria-hidden />}
            onClick={() => setEditing({ mode: 'new' })}
          >
            New playlist
          </Button>
        </div>
        {playlists.isPending ? (
          <LoadingState label="Loading the playlists" />
        ) : playlists.isError ? (
          <p className="text-red-300 text-sm">{errorMessage(playlists.error)}</p>
        ) : playlists.data.length === 0 ? (
          <EmptyState
            icon={<ListMusic className="size-6" aria-hidden />}
            title="No playlists yet"
            body="Make a rotation playlist and add tracks: AutoDJ plays from the playlists in force."
          />
        ) : (
          <ul className="divide-y divide-slate-700/60">
            {playlists.data.map((p) => (
              <PlaylistCard
                key={p.id}
                playlist={p}
                showName={showName(p.showSlotId)}
                onToggle={() => toggle(p)}
                onEdit={() => setEditing({ mode: 'edit', playlist: p })}
                onTracks={() => setEditing({ mode: 'tracks', playlist: p })}
                onDelete={() => del(p)}
              />
            ))}
          </ul>
        )}
      </section>
      <Dialog open={editing?.mode === 'new'} onClose={close} title="New playlist">
        <PlaylistForm
          initial={emptyDraft()}
          submitLabel="Create playlist"
          busy={create.isPending}
          error={formError}
          onSubmit={async (d) => {
            try {
              const { playlist } = await create.mutateAsync(draftToInput(d));
              toast.success(`Created ${playlist.name}`);
              setEditing({ mode: 'tracks', playlist });
              setFormError(undefined);
            } catch (e) {
              setFormError(errorMessage(e, 'Could not create the playlist'));
            }
          }}
        />
      </Dialog>
      <Dialog open={editing?.mode === 'edit'} onClose={close} title="Edit playlist">
        {editing?.mode === 'edit' ? (
          <PlaylistForm
            initial={draftFromPlaylist(editing.playlist)}
            submitLabel="Save"
            busy={update.isPending}
            error={formError}
            onSubmit={async (d) => {
              try {
                await update.mutateAsync({ id: editing.playlist.id, patch: draftToInput(d) });
                toast.success(`Saved ${d.name}`);
                close();
              } catch (e) {
                setFormError(errorMessage(e, 'Could not save the playlist'));
              }
            }}
          />
        ) : null}
      </Dialog>
      <Dialog
        open={editing?.mode === 'tracks'}
        onClose={close}
        title={editing?.mode === 'tracks' ? `Tracks of ${editing.playlist.name}` : 'Tracks'}
      >
        {editing?.mode === 'tracks' ? (
          <PlaylistTracks playlistId={editing.playlist.id} name={editing.playlist.name} />
        ) : null}
      </Dialog>
    </Card>
  );
}
