import type { BannedSong } from '@shared/contracts/banned-songs';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { Switch } from '@web/components/ui/switch';
import { clsx } from 'clsx';
import { Trash2 } from 'lucide-react';
import { formatBanDate } from '../banned-format';

/** One banned song: title, artist, reason, when and by whom; managers toggle it or delete it. */
export function BannedSongRow({
  song,
  canManage,
  toggling,
  deleting,
  onToggle,
  onDelete,
}: {
  song: BannedSong;
  canManage: boolean;
  toggling: boolean;
  deleting: boolean;
  onToggle: (s: BannedSong) => void;
  onDelete: (s: BannedSong) => void;
}) {
  const date = formatBanDate(song.bannedAt);
  return (
    <li
      data-testid="banned-song"
      data-active={String(song.isActive)}
      className={clsx('flex flex-wrap items-center gap-x-4 gap-y-3 p-4', !song.isActive && 'opacity-70')}
    >
      <div className="min-w-0 flex-1 basis-56">
        <p className="flex flex-wrap items-center gap-2">
          <span className="break-words font-semibold text-white">{song.title}</span>
          {song.isActive ? null : <Badge>Inactive</Badge>}
        </p>
        <p className="break-words text-pink-100/90 text-sm">{song.artist}</p>
        {song.reason ? (
          <p className="mt-1 break-words text-slate-300 text-sm">Reason: {song.reason}</p>
        ) : null}
        <p className="mt-1 text-slate-400 text-xs">
          {['Banned', date ? `on ${date}` : '', song.bannedBy?.name ? `by ${song.bannedBy.name}` : '']
            .filter(Boolean)
            .join(' ')}
        </p>
      </div>
      {canManage ? (
        <div className="flex items-center gap-3">
          <span className="text-slate-300 text-sm" aria-hidden>
            {song.isActive ? 'Active' : 'Inactive'}
          </span>
          <Switch
            checked={song.isActive}
            tone="red"
            aria-label={`Ban active: ${song.title} by ${song.artist}`}
            disabled={toggling}
            onChange={() => onToggle(song)}
          />
          {toggling ? <Spinner size="sm" className="text-pink-400" /> : null}
          <Button
            size="sm"
            variant="danger"
            busy={deleting}
            icon={<Trash2 aria-hidden className="size-3.5" />}
            aria-label={`Delete ${song.title} by ${song.artist}`}
            onClick={() => onDelete(song)}
          >
            Delete
          </Button>
        </div>
      ) : null}
    </li>
  );
}
