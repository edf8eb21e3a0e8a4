import { MEDIA_TEXTS } from '@shared/texts/media';
import { errorMessage } from '@web/app/data/api-client';
import { toast } from '@web/app/toast/toast';
import { Button } from '@web/components/ui/button';
import { Select } from '@web/components/ui/input';
import { useState } from 'react';
import { useAddToPlaylist } from '../music-api';
import { usePlaylists } from '../programming-api';

const T = MEDIA_TEXTS.panel;

/** The selected tracks → one playlist (its list becomes the union: nothing already there moves). */
export function AddToPlaylist({ trackIds, onDone }: { trackIds: string[]; onDone: () => void }) {
  const playlists = usePlaylists();
  const add = useAddToPlaylist();
  const [choice, setChoice] = useState('');
  const list = playlists.data ?? [];
  const target = list.find((p) => p.id === choice) ?? list[0];
  return (
    <div className="flex flex-wrap items-center gap-2 rounded-lg border border-slate-700 bg-slate-900/60 px-3 py-2 text-sm">
      <span className="text-slate-200">{T.selected(trackIds.length)}</span>
      {list.length === 0 ? (
        <span className="text-slate-400">{playlists.isPending ? 'Loading playlists…' : T.noPlaylists}</span>
      ) : (
        <>
          <Select
            aria-label="Playlist"
            className="w-48"
            value={target?.id}
            onChange={(e) => setChoice(e.target.value)}
          >
            {list.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </Select>
          <Button
            size="sm"
            busy={add.isPending}
            onClick={() =>
              target &&
              add.mutate(
                { playlistId: target.id, trackIds },
                {
                  onSuccess: () => {
                    toast.success(T.addedToPlaylist(trackIds.length, target.name));
                    onDone();
                  },
                  onError: (e) => toast.error(errorMessage(e)),
                },
              )
            }
          >
            {T.addToPlaylist}
          </Button>
        </>
      )}
    </div>
  );
}
