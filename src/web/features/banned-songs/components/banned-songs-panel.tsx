import type { BannedSong } from '@shared/contracts/banned-songs';
import { BANNED_TEXTS } from '@shared/texts/banned-songs';
import { hasCapability } from '@web/app/capabilities';
import { errorMessage } from '@web/app/data/api-client';
import { useMe } from '@web/app/session';
import { toast } from '@web/app/toast/toast';
import { Alert } from '@web/components/ui/alert';
import { Card } from '@web/components/ui/card';
import { EmptyNote } from '@web/components/ui/empty-state';
import { SearchInput } from '@web/components/ui/search-input';
import { LoadingState } from '@web/components/ui/spinner';
import { Switch } from '@web/components/ui/switch';
import { clsx } from 'clsx';
import { Info } from 'lucide-react';
import { useDeferredValue, useId, useMemo, useState } from 'react';
import { useBannedSongs, useDeleteBannedSong, useSetBanActive } from '../api';
import { matchesBanSearch } from '../banned-format';
import { BanSongForm } from './ban-song-form';
import { BannedSongRow } from './banned-song-row';

/**
 * The banned songs panel (Admin Panel tab, public page, later the presenter panel): everyone sees the
 * active bans; 'banned.manage' holders add, toggle, delete and may reveal inactive ones.
 */
export function BannedSongsPanel({
  className,
  heading: Heading = 'h2',
}: {
  className?: string;
  /** h1 when the panel is the page (/banned-songs). */
  heading?: 'h1' | 'h2';
}) {
  const id = useId();
  const { me } = useMe();
  const canManage = hasCapability(me, 'banned.manage');
  const [showInactive, setShowInactive] = useState(false);
  const [search, setSearch] = useState('');
  const term = useDeferredValue(search);
  const songs = useBannedSongs(canManage && showInactive);
  const toggle = useSetBanActive();
  const remove = useDeleteBannedSong();

  const filtered = useMemo(
    () => (songs.data ?? []).filter((s) => matchesBanSearch(s, term)),
    [songs.data, term],
  );

  const onToggle = (s: BannedSong) =>
    toggle.mutate(
      { id: s.id, isActive: !s.isActive },
      { onError: () => toast.error(BANNED_TEXTS.updateFailed) },
    );

  const onDelete = (s: BannedSong) => {
    if (!window.confirm(BANNED_TEXTS.confirmDelete)) return;
    remove.mutate(s.id, {
      onSuccess: () => toast.success(`"${s.title}" was deleted from the banned list.`),
      onError: () => toast.error(BANNED_TEXTS.deleteFailed),
    });
  };

  return (
    <section
      aria-labelledby={`${id}-heading`}
      className={clsx('flex flex-col gap-5', className)}
      data-testid="banned-songs"
    >
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <Heading
            id={`${id}-heading`}
            className={clsx('font-bold text-white', Heading === 'h1' ? 'text-3xl tracking-tight' : 'text-xl')}
          >
            Banned Songs
          </Heading>
          <p className="text-slate-400 text-sm">
            {songs.data
              ? `${songs.data.length} song${songs.data.length === 1 ? '' : 's'}${canManage && showInactive ? ' (including inactive)' : ''}`
              : 'Songs that cannot be requested.'}
          </p>
        </div>
        <div className="flex w-full flex-wrap items-center gap-4 sm:w-auto">
          {canManage ? (
            <div className="flex items-center gap-2 text-slate-200 text-sm">
              <Switch
                id="banned-show-inactive"
                checked={showInactive}
                aria-label="Show inactive"
                onChange={() => setShowInactive((v) => !v)}
              />
              <label htmlFor="banned-show-inactive" aria-hidden>
                Show inactive
              </label>
            </div>
          ) : null}
          <SearchInput
            wrapperClassName="w-full sm:w-64"
            aria-label="Search banned songs"
            placeholder="Search banned songs"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </div>
      </div>

      <div className="flex items-start gap-3 rounded-xl border border-sky-500/30 bg-sky-500/10 p-4 text-sky-100 text-sm">
        <Info aria-hidden className="mt-0.5 size-4 shrink-0" />
        <p>
          Banned songs cannot be requested: the request form refuses them. A ban that is switched off
          (inactive) no longer blocks requests but stays on record.
        </p>
      </div>

      {songs.isPending ? (
        <LoadingState label="Loading banned songs..." />
      ) : songs.isError ? (
        <Alert>{errorMessage(songs.error)}</Alert>
      ) : filtered.length === 0 ? (
        <EmptyNote>
          {songs.data.length === 0 ? 'No banned songs.' : 'No banned songs match your search.'}
        </EmptyNote>
      ) : (
        <ul
          aria-label="Banned songs"
          className="divide-y divide-slate-700 overflow-hidden rounded-xl border border-slate-700 bg-slate-900/70"
        >
          {filtered.map((s) => (
            <BannedSongRow
              key={s.id}
              song={s}
              canManage={canManage}
              toggling={toggle.isPending && toggle.variables?.id === s.id}
              deleting={remove.isPending && remove.variables === s.id}
              onToggle={onToggle}
              onDelete={onDelete}
            />
          ))}
        </ul>
      )}

      {canManage ? (
        <Card className="p-5">
          <BanSongForm />
        </Card>
      ) : null}
    </section>
  );
}
