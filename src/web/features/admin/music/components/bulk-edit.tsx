import { MEDIA_TEXTS } from '@shared/texts/media';
import { errorMessage } from '@web/app/data/api-client';
import { toast } from '@web/app/toast/toast';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { useId, useState } from 'react';
import { useBulkEditTracks } from '../music-api';

const T = MEDIA_TEXTS.panel;

/** The selected tracks' artist, album and genre at once: only the fields filled in change. */
export function BulkEdit({ trackIds, onDone }: { trackIds: string[]; onDone: () => void }) {
  const id = useId();
  const [artist, setArtist] = useState('');
  const [album, setAlbum] = useState('');
  const [genre, setGenre] = useState('');
  const edit = useBulkEditTracks();
  const given = (v: string) => (v.trim() ? v.trim() : undefined);
  const nothing = !artist.trim() && !album.trim() && !genre.trim();
  return (
    <form
      aria-labelledby={`${id}-h`}
      className="flex flex-col gap-2 rounded-lg border border-slate-700 bg-slate-900/60 px-3 py-2 text-sm"
      data-testid="bulk-edit"
      onSubmit={(e) => {
        e.preventDefault();
        if (nothing) {
          toast.error(T.bulkEditNothing);
          return;
        }
        edit.mutate(
          { trackIds, artist: given(artist), album: given(album), genre: given(genre) },
          {
            onSuccess: (r) => {
              toast.success(T.bulkEdited(r.updated));
              onDone();
            },
            onError: (err) => toast.error(errorMessage(err)),
          },
        );
      }}
    >
      <p id={`${id}-h`} className="font-medium text-slate-100">
        {T.bulkEdit} ({T.selected(trackIds.length)})
      </p>
      <p className="text-slate-400 text-xs">{T.bulkEditHint}</p>
      <div className="flex flex-wrap items-center gap-2">
        {(
          [
            ['Artist', artist, setArtist],
            ['Album', album, setAlbum],
            [T.genre, genre, setGenre],
          ] as const
        ).map(([label, value, set]) => (
          <Input
            key={label}
            aria-label={label}
            placeholder={label}
            value={value}
            onChange={(e) => set(e.target.value)}
            className="min-w-0 flex-1 basis-36"
          />
        ))}
        <Button type="submit" size="sm" busy={edit.isPending} disabled={nothing}>
          {T.bulkEditApply}
        </Button>
      </div>
    </form>
  );
}
