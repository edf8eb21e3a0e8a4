import { CHART_TEXTS } from '@shared/texts/library';
import { hasCapability } from '@web/app/capabilities';
import { errorMessage } from '@web/app/data/api-client';
import { useMe } from '@web/app/session';
import { toast } from '@web/app/toast/toast';
import { BackButton } from '@web/components/back-button';
import { IconLink } from '@web/components/icon-link';
import { PageTitle } from '@web/components/page-title';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { EmptyState } from '@web/components/ui/empty-state';
import { LoadingState } from '@web/components/ui/spinner';
import { BarChart3, Heart, PlayCircle, RefreshCw, Trophy } from 'lucide-react';
import { useNavigate } from 'react-router';
import { useChart, useGenerateChart } from '../api';
import { formatWeekEnding } from '../chart-format';
import { ChartEntryRow } from '../components/chart-entry-row';

const linkClass =
  'inline-flex h-10 items-center gap-2 rounded-lg border border-slate-600 bg-slate-800 px-4 font-semibold text-slate-100 text-sm transition hover:border-slate-400 hover:bg-slate-700';

/** /chart: last week's chart. Generating it is for 'chart.generate' holders only. */
export default function ChartPage() {
  const navigate = useNavigate();
  const { me } = useMe();
  const chart = useChart();
  const generate = useGenerateChart();
  const canGenerate = hasCapability(me, 'chart.generate');
  const entries = chart.data?.entries ?? [];

  const onGenerate = () =>
    generate.mutate(undefined, {
      onSuccess: () => toast.success(CHART_TEXTS.generated),
      onError: () => toast.error(CHART_TEXTS.failed),
    });

  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6 sm:py-12">
      <BackButton className="-ml-3 mb-4" onClick={() => navigate('/')}>
        Back to Home
      </BackButton>
      <header className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <PageTitle icon={Trophy} iconClassName="text-amber-300">
            {CHART_TEXTS.title}
          </PageTitle>
          {chart.data?.weekEnding ? (
            <p className="mt-1 text-slate-300" data-testid="chart-week">
              {CHART_TEXTS.weekEnding(formatWeekEnding(chart.data.weekEnding))}
            </p>
          ) : null}
        </div>
        {canGenerate && entries.length > 0 ? (
          <Button
            variant="secondary"
            busy={generate.isPending}
            icon={<RefreshCw aria-hidden className="size-4" />}
            onClick={onGenerate}
          >
            {generate.isPending ? CHART_TEXTS.updating : CHART_TEXTS.update}
          </Button>
        ) : null}
      </header>
      <nav aria-label="More charts" className="mb-6 flex flex-wrap gap-2">
        <IconLink to="/most-liked" icon={Heart} iconClassName="text-pink-400" className={linkClass}>
          Most Liked
        </IconLink>
        <IconLink to="/most-played" icon={PlayCircle} iconClassName="text-violet-300" className={linkClass}>
          Most Played
        </IconLink>
      </nav>

      {chart.isPending ? (
        <LoadingState label={CHART_TEXTS.loading} />
      ) : chart.isError ? (
        <Alert>{errorMessage(chart.error)}</Alert>
      ) : entries.length === 0 ? (
        <EmptyState
          icon={<BarChart3 aria-hidden className="size-7" />}
          title={CHART_TEXTS.emptyTitle}
          body={CHART_TEXTS.emptyBody}
          action={
            canGenerate ? (
              <Button busy={generate.isPending} onClick={onGenerate} className="mt-2">
                {generate.isPending ? CHART_TEXTS.generating : CHART_TEXTS.generate}
              </Button>
            ) : null
          }
        />
      ) : (
        <ol className="flex flex-col gap-2" aria-label={CHART_TEXTS.title}>
          {entries.map((entry) => (
            <ChartEntryRow key={entry.id} entry={entry} />
          ))}
        </ol>
      )}
    </div>
  );
}
