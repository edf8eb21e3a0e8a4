import type { Analytics } from '@shared/contracts/admin';
import { errorMessage } from '@web/app/data/api-client';
import { Alert } from '@web/components/ui/alert';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { LoadingState } from '@web/components/ui/spinner';
import { RefreshCw } from 'lucide-react';
import { lazy, type ReactNode, Suspense } from 'react';
import { useAnalytics } from '../api';
import { AudienceSection } from './audience-section';
import { StatCards } from './stat-cards';
import { TabHeader } from './tab-header';

const AnalyticsCharts = lazy(() => import('./analytics-charts'));

/** A ranked list with a bar for each value, readable on a phone. */
function RankedBars({
  rows,
  unit,
}: {
  rows: { key: string; label: ReactNode; value: number }[];
  unit: string;
}) {
  const max = Math.max(1, ...rows.map((r) => r.value));
  return (
    <ol className="flex flex-col gap-3">
      {rows.map((r, i) => (
        <li key={r.key} className="flex flex-col gap-1">
          <div className="flex items-baseline justify-between gap-3 text-sm">
            <span className="min-w-0 text-slate-200">
              <span className="mr-2 text-slate-500 tabular-nums">{i + 1}.</span>
              {r.label}
            </span>
            <span className="shrink-0 font-semibold text-white tabular-nums">
              {r.value} {unit}
            </span>
          </div>
          <span aria-hidden className="h-1.5 overflow-hidden rounded-full bg-slate-800">
            <span
              className="block h-full rounded-full bg-gradient-to-r from-pink-500 to-violet-500"
              style={{ width: `${(r.value / max) * 100}%` }}
            />
          </span>
        </li>
      ))}
    </ol>
  );
}

function TopRequesters({ rows }: { rows: Analytics['topRequesters'] }) {
  return (
    <Card className="flex flex-col gap-4 p-4 sm:p-5">
      <div>
        <h3 className="font-semibold text-white">Top requesters</h3>
        <p className="text-slate-400 text-xs">Requests sent in the last 30 days.</p>
      </div>
      {rows.length === 0 ? (
        <p className="text-slate-400 text-sm">No requests in the last 30 days.</p>
      ) : (
        <RankedBars
          unit="requests"
          rows={rows.map((r, i) => ({
            key: `${r.name}-${i}`,
            value: r.requests,
            label: (
              <>
                <span className="break-words">{r.name}</span>
                {r.member ? null : (
                  <Badge className="ml-2" tone="neutral">
                    visitor
                  </Badge>
                )}
              </>
            ),
          }))}
        />
      )}
    </Card>
  );
}

/** Admin Panel › Analytics: the four figures and what the station's own data says about its audience. */
export function AnalyticsTab() {
  const analytics = useAnalytics();
  if (analytics.isPending) return <LoadingState label="Loading analytics..." />;
  if (analytics.isError) return <Alert>{errorMessage(analytics.error)}</Alert>;
  const data = analytics.data;
  return (
    <section
      aria-labelledby="analytics-heading"
      className="flex flex-col gap-6"
      data-testid="admin-analytics"
    >
      <TabHeader
        id="analytics-heading"
        title="Analytics"
        actions={
          <Button
            variant="ghost"
            size="sm"
            busy={analytics.isFetching}
            icon={<RefreshCw aria-hidden className="size-4" />}
            onClick={() => void analytics.refetch()}
          >
            Refresh
          </Button>
        }
      >
        Listeners are sampled every minute and kept for 90 days.
      </TabHeader>
      <StatCards stats={data.stats} revenueDecimals={0} />
      <AudienceSection />
      {/* Listeners over time and per show are the audience section's (its ranges, CSVs). */}
      <div className="grid gap-4 xl:grid-cols-2">
        <Suspense fallback={<LoadingState label="Loading charts..." />}>
          <AnalyticsCharts data={data} />
        </Suspense>
        <TopRequesters rows={data.topRequesters} />
      </div>
    </section>
  );
}
