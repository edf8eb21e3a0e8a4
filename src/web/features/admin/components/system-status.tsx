import type { SystemStatus as Status } from '@shared/contracts/admin';
import { formatClock, formatMessageTime } from '@web/app/format-date';
import { useNow } from '@web/app/hooks/use-now';
import { Card } from '@web/components/ui/card';
import { BACKEND_LABELS } from '@web/features/station/components/radio-control';
import { CreditCard, Database, Headphones, Radio, Workflow } from 'lucide-react';
import { formatCount, formatSpan } from '../admin-format';
import { ClusterRow } from './cluster-row';
import { type Health, Row } from './status-row';

/** The measured state of the station's systems; every line comes from the server's check. */
export function SystemStatus({ status }: { status: Status }) {
  const now = useNow(1000);
  const { database, engine, jobs } = status;
  const since = engine.since ? `since ${formatClock(engine.since)} (${formatSpan(engine.since, now)})` : '';
  const failed = jobs.queues.reduce((n, q) => n + q.failed, 0);
  const jobsHealth: Health =
    jobs.runner === 'running' ? (failed > 0 ? 'warn' : 'ok') : jobs.runner === 'disabled' ? 'warn' : 'down';

  return (
    <Card className="overflow-hidden">
      <ul className="divide-y divide-slate-800" aria-label="System status">
        <Row
          testId="status-database"
          icon={<Database aria-hidden className="size-4" />}
          label="Database"
          health={database.reachable ? 'ok' : 'down'}
          value={database.reachable ? 'Reachable' : 'Not reachable'}
          detail={database.latencyMs !== null ? `Answered in ${database.latencyMs} ms` : null}
        />
        <Row
          testId="status-engine"
          since={engine.since}
          icon={<Radio aria-hidden className="size-4" />}
          label="Radio stream"
          health={engine.onAir ? 'ok' : engine.configured ? 'down' : 'warn'}
          value={engine.onAir ? 'On air' : engine.configured ? 'Off air' : 'Not configured'}
          detail={
            <>
              {BACKEND_LABELS[engine.kind]}
              {since ? ` · ${engine.onAir ? 'on air' : 'off air'} ${since}` : ''}
              {engine.onAir
                ? engine.isLive
                  ? ` · Live: ${engine.streamerName ?? 'a presenter'}`
                  : ' · AutoDJ'
                : ''}
              {engine.onAir && engine.lastOffAir ? (
                <span
                  className="block"
                  data-testid="status-engine-last-off-air"
                  data-from={engine.lastOffAir.from}
                >
                  Last off air at {formatClock(engine.lastOffAir.from)} for{' '}
                  {formatSpan(engine.lastOffAir.from, new Date(engine.lastOffAir.to))}
                </span>
              ) : null}
            </>
          }
        />
        <ClusterRow cluster={status.cluster} now={now} />
        <Row
          testId="status-listeners"
          icon={<Headphones aria-hidden className="size-4" />}
          label="Listeners now"
          health={engine.onAir ? 'ok' : 'warn'}
          value={<span className="tabular-nums">{formatCount(status.listeners)}</span>}
        />
        <Row
          testId="status-jobs"
          icon={<Workflow aria-hidden className="size-4" />}
          label="Background jobs"
          health={jobsHealth}
          value={
            jobs.runner === 'running'
              ? 'Running'
              : jobs.runner === 'disabled'
                ? 'Run by another instance'
                : 'Stopped'
          }
          detail={
            <details>
              <summary className="cursor-pointer select-none hover:text-slate-200">
                {jobs.queues.length} queues · {jobs.queues.reduce((n, q) => n + q.queued, 0)} waiting ·{' '}
                {jobs.queues.reduce((n, q) => n + q.active, 0)} running · {failed} failed today
              </summary>
              <ul className="mt-2 flex flex-col gap-1">
                {jobs.queues.map((q) => (
                  <li key={q.name} className="flex flex-wrap justify-between gap-x-3">
                    <span className="font-mono">{q.name}</span>
                    <span>
                      {q.queued} waiting · {q.active} running · {q.failed} failed · last done{' '}
                      {q.lastCompletedAt ? formatMessageTime(q.lastCompletedAt, now) : 'not yet'}
                    </span>
                  </li>
                ))}
              </ul>
            </details>
          }
        />
        <Row
          testId="status-payments"
          icon={<CreditCard aria-hidden className="size-4" />}
          label="Card payments"
          health={status.cardPayments.configured ? 'ok' : 'warn'}
          value={status.cardPayments.configured ? 'Configured' : 'Not configured'}
          detail={status.cardPayments.configured ? null : 'Members cannot buy tokens by card yet.'}
        />
      </ul>
    </Card>
  );
}
