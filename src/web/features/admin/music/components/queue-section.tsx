import type { QueueItem } from '@shared/contracts/media';
import { AUTODJ_TEXTS } from '@shared/texts/autodj';
import { errorMessage } from '@web/app/data/api-client';
import { toast } from '@web/app/toast/toast';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { LoadingState } from '@web/components/ui/spinner';
import { ListMusic, SkipForward, X } from 'lucide-react';
import { useQueue, useRemoveQueued, useSkipTrack } from '../programming-api';

/** One upcoming track: position, title, artist, where it comes from, and Remove. */
export function QueueRow({
  item,
  index,
  onRemove,
  busy,
}: {
  item: QueueItem;
  index: number;
  onRemove: (item: QueueItem) => void;
  busy?: boolean;
}) {
  return (
    <li className="flex items-center gap-3 py-2" data-testid="queue-item">
      <span className="w-5 text-right text-slate-400 text-sm tabular-nums">{index + 1}</span>
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium text-white">{item.title}</p>
        <p className="truncate text-slate-400 text-sm">
          {item.artist}
          {item.requested ? ' · Request' : item.playlist ? ` · ${item.playlist}` : ''}
        </p>
      </div>
      {item.held ? (
        <span className="shrink-0 rounded-full bg-pink-500/15 px-2 py-0.5 text-pink-200 text-xs">
          {AUTODJ_TEXTS.heldLabel}
        </span>
      ) : (
        <Button
          variant="ghost"
          size="sm"
          icon={<X className="size-4" aria-hidden />}
          onClick={() => onRemove(item)}
          busy={busy}
          aria-label={`Remove ${item.title} from the queue`}
        >
          <span className="sr-only sm:not-sr-only">Remove</span>
        </Button>
      )}
    </li>
  );
}

/** AutoDJ's next five tracks, with Skip (the track on air) and Remove (a queued one). */
export function QueueSection() {
  const queue = useQueue();
  const remove = useRemoveQueued();
  const skip = useSkipTrack();

  const onRemove = async (item: QueueItem) => {
    try {
      await remove.mutateAsync(item.id);
      toast.success(`Removed ${item.title} from the queue`);
    } catch (e) {
      toast.error(errorMessage(e, 'Could not remove the track'));
    }
  };
  const onSkip = async () => {
    try {
      const r = await skip.mutateAsync(undefined);
      toast.success(r.message);
    } catch (e) {
      toast.error(errorMessage(e, 'Could not skip the track'));
    }
  };

  return (
    <Card className="p-5 sm:p-6">
      <section aria-labelledby="queue-title" className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="queue-title" className="flex items-center gap-2 font-bold text-lg text-white">
            <ListMusic className="size-5 text-pink-300" aria-hidden /> Up next
          </h2>
          <Button
            variant="secondary"
            size="sm"
            icon={<SkipForward className="size-4" aria-hidden />}
            onClick={onSkip}
            busy={skip.isPending}
          >
            Skip current track
          </Button>
        </div>
        {queue.isPending ? (
          <LoadingState label="Loading the queue" />
        ) : queue.isError ? (
          <p className="text-red-300 text-sm">{errorMessage(queue.error)}</p>
        ) : queue.data.length === 0 ? (
          <p className="text-slate-400 text-sm">
            Nothing queued: add tracks to an enabled playlist and AutoDJ plans the next five here.
          </p>
        ) : (
          <ol className="divide-y divide-slate-700/60">
            {queue.data.map((item, i) => (
              <QueueRow
                key={item.id}
                item={item}
                index={i}
                onRemove={onRemove}
                busy={remove.isPending && remove.variables === item.id}
              />
            ))}
          </ol>
        )}
      </section>
    </Card>
  );
}
