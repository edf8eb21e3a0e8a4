import type { StreamerAccount } from '@shared/contracts/station';
import { EditDeleteButtons } from '@web/components/edit-delete-buttons';
import { Badge } from '@web/components/ui/badge';
import { Spinner } from '@web/components/ui/spinner';
import { Switch } from '@web/components/ui/switch';

/** One streamer account with its enable/disable switch and delete button. */
export function StreamerRow({
  streamer,
  toggling,
  deleting,
  onToggle,
  onDelete,
  onEdit,
}: {
  streamer: StreamerAccount;
  toggling: boolean;
  deleting: boolean;
  onToggle: (s: StreamerAccount) => void;
  onDelete: (s: StreamerAccount) => void;
  onEdit: (s: StreamerAccount) => void;
}) {
  return (
    <li data-testid="streamer-row" className="flex flex-wrap items-center gap-x-4 gap-y-3 p-4">
      <div className="min-w-0 flex-1 basis-48">
        <p className="flex flex-wrap items-center gap-2">
          <span className="truncate font-semibold text-white">{streamer.displayName}</span>
          {streamer.isActive ? <Badge tone="green">Active</Badge> : <Badge>Disabled</Badge>}
        </p>
        <p className="truncate font-mono text-slate-400 text-sm">{streamer.username}</p>
        {streamer.comments ? <p className="mt-1 text-slate-400 text-sm">{streamer.comments}</p> : null}
      </div>
      <div className="flex items-center gap-3">
        <Switch
          checked={streamer.isActive}
          tone="emerald"
          aria-label={`${streamer.username} enabled`}
          disabled={toggling}
          onChange={() => onToggle(streamer)}
        />
        {toggling ? <Spinner size="sm" className="text-pink-400" /> : null}
        <EditDeleteButtons
          name={streamer.username}
          onEdit={() => onEdit(streamer)}
          onDelete={() => onDelete(streamer)}
          deleting={deleting}
        />
      </div>
    </li>
  );
}
