import type { Chart } from '@shared/contracts/library';
import { ADMIN_TEXTS } from '@shared/texts/admin';
import { CHART_TEXTS } from '@shared/texts/library';
import { toast } from '@web/app/toast/toast';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { useGenerateChart } from '@web/features/chart/api';
import { formatWeekEnding } from '@web/features/chart/chart-format';
import { Trophy } from 'lucide-react';
import { useState } from 'react';

const summarise = (chart: Chart) =>
  chart.weekEnding
    ? `${CHART_TEXTS.weekEnding(formatWeekEnding(chart.weekEnding))} · ${chart.entries.length} ${
        chart.entries.length === 1 ? 'song' : 'songs'
      }`
    : 'No plays this week yet, so the chart is empty.';

/** Site settings' weekly chart generator: builds this week's chart from the plays so far. */
export function WeeklyChartGenerator() {
  const generate = useGenerateChart();
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);

  const run = () =>
    generate.mutate(undefined, {
      onSuccess: (chart) => {
        toast.success(CHART_TEXTS.generated, { description: summarise(chart) });
        setResult({ ok: true, text: `${CHART_TEXTS.generated} ${summarise(chart)}` });
      },
      onError: () => {
        toast.error(ADMIN_TEXTS.weeklyChartFailed);
        setResult({ ok: false, text: ADMIN_TEXTS.weeklyChartFailed });
      },
    });

  return (
    <Card className="p-5">
      <section aria-labelledby="weekly-chart-heading" className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div className="min-w-0">
            <h3
              id="weekly-chart-heading"
              className="flex items-center gap-2 font-semibold text-lg text-white"
            >
              <Trophy aria-hidden className="size-5 text-amber-300" /> Weekly chart
            </h3>
            <p className="text-slate-400 text-sm">
              Build this week’s chart from the plays so far. Each finished week also closes by itself on
              Monday.
            </p>
          </div>
          <Button busy={generate.isPending} onClick={run}>
            {generate.isPending ? CHART_TEXTS.generating : 'Generate Weekly Chart'}
          </Button>
        </div>
        {result ? <Alert tone={result.ok ? 'success' : 'error'}>{result.text}</Alert> : null}
      </section>
    </Card>
  );
}
