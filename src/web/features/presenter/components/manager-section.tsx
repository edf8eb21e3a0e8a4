import type { PresenterStats } from '@shared/contracts/staff';
import { PRESENTER_TEXTS } from '@shared/texts/staff';
import { errorMessage } from '@web/app/data/api-client';
import { formatDay, formatMessageTime } from '@web/app/format-date';
import { toast } from '@web/app/toast/toast';
import { Alert } from '@web/components/ui/alert';
import { Avatar } from '@web/components/ui/avatar';
import { Button } from '@web/components/ui/button';
import { EmptyState } from '@web/components/ui/empty-state';
import { Textarea } from '@web/components/ui/input';
import { LoadingState } from '@web/components/ui/spinner';
import { ChartColumn, Pencil, RefreshCw } from 'lucide-react';
import { useId, useState } from 'react';
import { useGenerateStats, usePresenterStats, useSaveStatsNotes } from '../api';
import { SectionHeader } from './section-header';

/** Manager: presenter statistics from the shows that went out on air, with 'Update Stats'. */
export function ManagerSection() {
  const stats = usePresenterStats();
  const generate = useGenerateStats();
  const onGenerate = () =>
    generate.mutate(undefined, {
      onSuccess: () => toast.success('Presenter statistics updated.'),
      onError: () => toast.error(PRESENTER_TEXTS.statsFailed),
    });
  return (
    <div>
      <SectionHeader
        title="Presenter Statistics"
        description={
          stats.data?.generatedAt
            ? `Figures from ${formatMessageTime(stats.data.generatedAt)}. A show is a stretch of live plays and counts 1 hour.`
            : 'A show is a stretch of live plays and counts 1 hour.'
        }
        action={
          <Button
            icon={<RefreshCw aria-hidden className="size-4" />}
            busy={generate.isPending}
            onClick={onGenerate}
          >
            {PRESENTER_TEXTS.updateStats}
          </Button>
        }
      />
      {stats.isPending ? (
        <LoadingState label="Loading statistics..." />
      ) : stats.isError ? (
        <Alert>{errorMessage(stats.error)}</Alert>
      ) : stats.data.stats.length === 0 ? (
        <EmptyState
          icon={<ChartColumn aria-hidden className="size-7" />}
          title="No statistics yet"
          body={`Press ${PRESENTER_TEXTS.updateStats} to count every presenter's shows.`}
        />
      ) : (
        <ul className="flex flex-col gap-3" aria-label="Presenter statistics">
          {stats.data.stats.map((s) => (
            <StatsRow key={s.presenter.id} stats={s} />
          ))}
        </ul>
      )}
    </div>
  );
}

function StatsRow({ stats: s }: { stats: PresenterStats }) {
  const id = useId();
  const save = useSaveStatsNotes();
  const [editing, setEditing] = useState(false);
  const [notes, setNotes] = useState(s.performanceNotes ?? '');
  const figures = [
    ['Total shows', s.totalShows],
    ['Total hours', s.totalHours],
    ['This week', s.showsThisWeek],
    ['This month', s.showsThisMonth],
    ['Average rating', s.averageRating.toFixed(1)],
    ['Last show', s.lastShowDate ? formatDay(s.lastShowDate) : 'Not yet'],
  ] as const;
  const onSave = () =>
    save.mutate(
      { presenterId: s.presenter.id, performanceNotes: notes },
      {
        onSuccess: () => setEditing(false),
        onError: (err) => toast.error(errorMessage(err)),
      },
    );
  return (
    <li data-testid="presenter-stats" className="rounded-2xl border border-slate-700/80 bg-slate-900/70 p-4">
      <div className="flex items-center gap-3">
        <Avatar src={s.presenter.picture} name={s.presenter.name} size="sm" />
        <h3 className="min-w-0 flex-1 truncate font-semibold text-white">{s.presenter.name}</h3>
        <Button
          size="sm"
          variant="ghost"
          icon={<Pencil aria-hidden className="size-4" />}
          onClick={() => setEditing((v) => !v)}
          aria-expanded={editing}
          aria-controls={`${id}-notes`}
        >
          Notes
        </Button>
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-6">
        {figures.map(([label, value]) => (
          <div key={label} className="rounded-lg bg-slate-950/40 px-3 py-2">
            <dt className="text-slate-400 text-xs">{label}</dt>
            <dd className="font-bold text-white tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      {editing ? (
        <div id={`${id}-notes`} className="mt-3 flex flex-col gap-2">
          <label htmlFor={`${id}-notes-input`} className="font-medium text-slate-300 text-sm">
            Performance notes for {s.presenter.name}
          </label>
          <Textarea
            id={`${id}-notes-input`}
            rows={3}
            maxLength={2000}
            value={notes}
            onChange={(e) => setNotes(e.target.value)}
          />
          <div>
            <Button size="sm" busy={save.isPending} onClick={onSave}>
              Save Notes
            </Button>
          </div>
        </div>
      ) : s.performanceNotes ? (
        <p className="mt-3 whitespace-pre-line break-words text-slate-300 text-sm">{s.performanceNotes}</p>
      ) : null}
    </li>
  );
}
