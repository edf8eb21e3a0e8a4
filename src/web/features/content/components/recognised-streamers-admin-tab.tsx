import type { RecognisedStreamer, TwitchStatus } from '@shared/contracts/streamers';
import { STREAMERS_TEXTS } from '@shared/texts/content';
import { errorMessage } from '@web/app/data/api-client';
import { formatMessageTime } from '@web/app/format-date';
import { toast } from '@web/app/toast/toast';
import { EditDeleteButtons } from '@web/components/edit-delete-buttons';
import { Alert } from '@web/components/ui/alert';
import { Avatar } from '@web/components/ui/avatar';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { type DataColumn, DataTable } from '@web/components/ui/data-table';
import { EmptyNote } from '@web/components/ui/empty-state';
import { LoadingState } from '@web/components/ui/spinner';
import { Switch } from '@web/components/ui/switch';
import { TabHeader } from '@web/features/admin/components/tab-header';
import { clsx } from 'clsx';
import { Info, Plus } from 'lucide-react';
import { useRef, useState } from 'react';
import { useAllStreamers, useDeleteStreamer, useUpdateStreamer } from '../api';
import { StreamerAdminForm } from './streamer-admin-form';
import { LiveBadge } from './streamer-card';

function TwitchNote({ twitch }: { twitch: TwitchStatus }) {
  if (!twitch.configured) {
    return (
      <p className="flex items-start gap-2 rounded-xl border border-amber-500/30 bg-amber-500/10 p-4 text-amber-100 text-sm">
        <Info aria-hidden className="mt-0.5 size-4 shrink-0" />
        {STREAMERS_TEXTS.twitchNotConfigured}
      </p>
    );
  }
  if (twitch.lastError) return <Alert>Twitch live status: {twitch.lastError}</Alert>;
  return (
    <p className="flex items-start gap-2 rounded-xl border border-sky-500/30 bg-sky-500/10 p-4 text-sky-100 text-sm">
      <Info aria-hidden className="mt-0.5 size-4 shrink-0" />
      {twitch.lastCheckedAt
        ? `LIVE badges come from Twitch; last checked ${formatMessageTime(twitch.lastCheckedAt)}.`
        : 'LIVE badges come from Twitch; the first check runs shortly.'}
    </p>
  );
}

const STREAMER_COLUMNS: DataColumn[] = [
  { label: 'Streamer' },
  { label: 'Platform' },
  { label: 'Order' },
  { label: 'Active' },
  { label: 'Actions', align: 'right' },
];

/** Admin Panel › Recognised streamers: the community streamers table with the add/edit form. */
export function RecognisedStreamersAdminTab() {
  const data = useAllStreamers();
  const update = useUpdateStreamer();
  const remove = useDeleteStreamer();
  const [editing, setEditing] = useState<{ streamer: RecognisedStreamer | null } | null>(null);
  const formRef = useRef<HTMLDivElement>(null);

  const open = (streamer: RecognisedStreamer | null) => {
    setEditing({ streamer });
    requestAnimationFrame(() => formRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' }));
  };
  const onToggle = (s: RecognisedStreamer) =>
    update.mutate(
      { id: s.id, patch: { isActive: !s.isActive } },
      {
        onSuccess: () => toast.success(STREAMERS_TEXTS.updated),
        onError: (err) => toast.error(STREAMERS_TEXTS.updateError(errorMessage(err))),
      },
    );
  const onDelete = (s: RecognisedStreamer) => {
    if (!window.confirm(STREAMERS_TEXTS.confirmDelete)) return;
    remove.mutate(s.id, {
      onSuccess: () => toast.success(STREAMERS_TEXTS.deleted),
      onError: (err) => toast.error(STREAMERS_TEXTS.deleteError(errorMessage(err))),
    });
  };

  return (
    <section
      aria-labelledby="rs-admin-heading"
      className="flex flex-col gap-5"
      data-testid="recognised-streamers-admin"
    >
      <TabHeader
        id="rs-admin-heading"
        title="Recognised Streamers"
        actions={
          <Button icon={<Plus aria-hidden className="size-4" />} onClick={() => open(null)}>
            Add streamer
          </Button>
        }
      >
        Community streamers shown on /streamers and the home page.
      </TabHeader>
      {data.data ? <TwitchNote twitch={data.data.twitch} /> : null}
      <div ref={formRef} className="scroll-mt-24">
        {editing ? (
          <Card className="p-5">
            <StreamerAdminForm
              key={editing.streamer?.id ?? 'new'}
              streamer={editing.streamer}
              onDone={() => setEditing(null)}
            />
          </Card>
        ) : null}
      </div>
      {data.isPending ? (
        <LoadingState label={STREAMERS_TEXTS.loading} />
      ) : data.isError ? (
        <Alert>{errorMessage(data.error)}</Alert>
      ) : data.data.streamers.length === 0 ? (
        <EmptyNote>{STREAMERS_TEXTS.empty}</EmptyNote>
      ) : (
        <DataTable
          columns={STREAMER_COLUMNS}
          className="rounded-xl border border-slate-700 bg-slate-900/70"
          tableClassName="min-w-[40rem]"
          headClassName="border-slate-700 border-b text-slate-400 text-xs uppercase tracking-wide"
          headCellClassName="px-4 py-3"
          bodyClassName="divide-y divide-slate-800"
        >
          {data.data.streamers.map((s) => (
            <tr key={s.id} data-testid="streamer-admin-row" className={clsx(!s.isActive && 'opacity-70')}>
              <td className="px-4 py-3">
                <div className="flex items-center gap-3">
                  <Avatar src={s.profileImage} name={s.username} size="sm" />
                  <div className="min-w-0">
                    <p className="flex flex-wrap items-center gap-2 font-semibold text-white">
                      {s.username}
                      {s.isLive ? <LiveBadge /> : null}
                    </p>
                    <p className="truncate text-slate-400 text-xs">
                      {[
                        s.twitchUsername && `twitch.tv/${s.twitchUsername}`,
                        s.youtubeChannelId && `YouTube ${s.youtubeChannelId}`,
                      ]
                        .filter(Boolean)
                        .join(' · ') || 'No channel'}
                    </p>
                  </div>
                </div>
              </td>
              <td className="px-4 py-3">
                <Badge>{s.platform}</Badge>
              </td>
              <td className="px-4 py-3 text-slate-200">{s.displayOrder}</td>
              <td className="px-4 py-3">
                <Switch
                  checked={s.isActive}
                  tone="emerald"
                  aria-label={`Active: ${s.username}`}
                  disabled={update.isPending && update.variables?.id === s.id}
                  onChange={() => onToggle(s)}
                />
              </td>
              <td className="px-4 py-3">
                <div className="flex justify-end gap-2">
                  <EditDeleteButtons
                    name={s.username}
                    onEdit={() => open(s)}
                    onDelete={() => onDelete(s)}
                    deleting={remove.isPending && remove.variables === s.id}
                  />
                </div>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </section>
  );
}
