import type { StreamerAccount } from '@shared/contracts/station';
import { errorMessage } from '@web/app/data/api-client';
import { toast } from '@web/app/toast/toast';
import { HeadingBlock } from '@web/components/heading-block';
import { Alert } from '@web/components/ui/alert';
import { Card } from '@web/components/ui/card';
import { EmptyNote } from '@web/components/ui/empty-state';
import { LoadingState } from '@web/components/ui/spinner';
import { useState } from 'react';
import { useDeleteStreamer, useStreamers, useUpdateStreamer } from '../control-api';
import { StreamerEditDialog } from './streamer-edit-dialog';
import { StreamerForm } from './streamer-form';
import { StreamerRow } from './streamer-row';

/** Admin Panel › Streamers: the accounts presenters use to go live, on the station's backend. */
export function StreamersAdmin() {
  const streamers = useStreamers();
  const update = useUpdateStreamer();
  const remove = useDeleteStreamer();
  const [editing, setEditing] = useState<StreamerAccount | null>(null);

  const onToggle = (s: StreamerAccount) =>
    update.mutate(
      { id: s.id, patch: { isActive: !s.isActive } },
      {
        onSuccess: ({ streamer }) =>
          toast.success(`${streamer.username} is ${streamer.isActive ? 'enabled' : 'disabled'}.`),
        onError: (err) => toast.error(errorMessage(err)),
      },
    );

  const onDelete = (s: StreamerAccount) => {
    if (!window.confirm(`Delete the streamer account ${s.username}? They will no longer be able to go live.`))
      return;
    remove.mutate(s.id, {
      onSuccess: () => toast.success(`${s.username} deleted.`),
      onError: (err) => toast.error(errorMessage(err)),
    });
  };

  return (
    <section
      aria-labelledby="streamers-heading"
      className="flex flex-col gap-5"
      data-testid="streamers-admin"
    >
      <HeadingBlock id="streamers-heading" title="Streamers">
        Accounts that may connect to the station and broadcast live.
      </HeadingBlock>
      {streamers.isPending ? (
        <LoadingState label="Loading streamers..." />
      ) : streamers.isError ? (
        // A backend that cannot manage streamers says so in its own words.
        <Alert>{errorMessage(streamers.error)}</Alert>
      ) : (
        <>
          {streamers.data.length === 0 ? (
            <EmptyNote>No streamer accounts yet.</EmptyNote>
          ) : (
            <ul className="divide-y divide-slate-700 overflow-hidden rounded-xl border border-slate-700 bg-slate-900/70">
              {streamers.data.map((s) => (
                <StreamerRow
                  key={s.id}
                  streamer={s}
                  toggling={update.isPending && update.variables?.id === s.id}
                  deleting={remove.isPending && remove.variables === s.id}
                  onToggle={onToggle}
                  onDelete={onDelete}
                  onEdit={setEditing}
                />
              ))}
            </ul>
          )}
          <Card className="p-5">
            <StreamerForm />
          </Card>
          <StreamerEditDialog streamer={editing} onClose={() => setEditing(null)} />
        </>
      )}
    </section>
  );
}
