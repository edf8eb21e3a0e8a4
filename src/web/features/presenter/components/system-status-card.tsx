import { errorMessage } from '@web/app/data/api-client';
import { Alert } from '@web/components/ui/alert';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { LoadingState } from '@web/components/ui/spinner';
import { RefreshCw } from 'lucide-react';
import { useSystemStatus } from '../developer-api';
import { SectionHeader } from './section-header';

function uptime(seconds: number) {
  const d = Math.floor(seconds / 86_400);
  const h = Math.floor((seconds % 86_400) / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  return d > 0 ? `${d}d ${h}h` : h > 0 ? `${h}h ${m}m` : `${m}m`;
}

/** What the app runs on and whether each part answers; refreshed on request. */
export function SystemStatusCard() {
  const status = useSystemStatus();
  const s = status.data;
  const rows = s
    ? ([
        [
          'Database',
          s.database.reachable
            ? `${s.database.kind === 'pg' ? 'PostgreSQL' : 'Embedded'} · ${s.database.latencyMs} ms`
            : 'Not reachable',
          s.database.reachable,
        ],
        [
          'Radio engine',
          `${s.engine.kind}${s.engine.configured ? (s.engine.onAir ? ' · on air' : ' · off air') : ' · not configured'}`,
          s.engine.configured && s.engine.onAir,
        ],
        ['Background jobs', s.jobs.running ? 'Running' : 'Not running in this instance', s.jobs.running],
        ['Event streams', `${s.eventStreams} open`, true],
        ['Version', `${s.version} · Node ${s.node}`, true],
        ['Uptime', uptime(s.uptimeSeconds), true],
      ] as const)
    : [];
  return (
    <Card className="p-5">
      <SectionHeader
        level="h3"
        title="System Status"
        action={
          <Button
            size="sm"
            variant="secondary"
            icon={<RefreshCw aria-hidden className="size-4" />}
            busy={status.isFetching}
            onClick={() => void status.refetch()}
          >
            Refresh
          </Button>
        }
      />
      {status.isPending ? (
        <LoadingState label="Checking the system..." />
      ) : status.isError ? (
        <Alert>{errorMessage(status.error)}</Alert>
      ) : (
        <dl className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3" data-testid="system-status">
          {rows.map(([label, value, ok]) => (
            <div key={label} className="relative rounded-lg bg-slate-950/40 py-2 pr-16 pl-3">
              <dt className="text-slate-400 text-xs">{label}</dt>
              <dd className="break-words text-sm text-white">
                {value}
                <Badge tone={ok ? 'green' : 'amber'} className="absolute top-2 right-3">
                  {ok ? 'OK' : 'Check'}
                </Badge>
              </dd>
            </div>
          ))}
        </dl>
      )}
    </Card>
  );
}
