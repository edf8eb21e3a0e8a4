import type { ClusterStatus } from '@shared/contracts/admin';
import { CLUSTER_TEXTS } from '@shared/texts/admin';
import { formatClock, formatMessageTime } from '@web/app/format-date';
import { Server } from 'lucide-react';
import { formatSpan } from '../admin-format';
import { Row } from './status-row';

/** A heartbeat older than this: the instance is shown as gone quiet (it beats every 5 s). */
const QUIET_MS = 30_000;

const shortId = (id: string) => id.slice(0, 8);

/**
 * System status › Engine instance: which instance runs the built-in engine and since when, the instances
 * seen on the database (heartbeat, version) and the last failover with its cause.
 */
export function ClusterRow({ cluster, now }: { cluster: ClusterStatus; now: Date }) {
  const { engine, instances, lastFailover } = cluster;
  const name = (id: string) => {
    const i = instances.find((x) => x.id === id);
    return i ? `${i.hostname} (${shortId(id)})` : shortId(id);
  };
  const value = !engine
    ? CLUSTER_TEXTS.noEngine
    : engine.valid
      ? name(engine.instanceId)
      : CLUSTER_TEXTS.leaseExpired;
  return (
    <Row
      testId="status-cluster"
      since={engine?.since}
      icon={<Server aria-hidden className="size-4" />}
      label={CLUSTER_TEXTS.label}
      health={engine?.valid ? 'ok' : 'down'}
      value={value}
      detail={
        <>
          {engine?.valid ? (
            <span className="block" data-testid="status-cluster-since">
              since {formatClock(engine.since)} ({formatSpan(engine.since, now)}) · term {engine.term}
            </span>
          ) : null}
          <span className="block" data-testid="status-cluster-failover">
            {lastFailover
              ? `Last failover ${formatMessageTime(lastFailover.at, now)}: ${name(lastFailover.from)} → ${name(lastFailover.to)}, ${CLUSTER_TEXTS.failoverCause[lastFailover.cause]}`
              : CLUSTER_TEXTS.noFailover}
          </span>
          <details>
            <summary className="cursor-pointer select-none hover:text-slate-200">
              {CLUSTER_TEXTS.instancesSeen(instances.length)}
            </summary>
            <ul className="mt-2 flex flex-col gap-1" data-testid="status-cluster-instances">
              {instances.map((i) => {
                const quiet = now.getTime() - Date.parse(i.heartbeatAt) > QUIET_MS;
                return (
                  <li key={i.id} className="flex flex-wrap justify-between gap-x-3" data-instance={i.id}>
                    <span className="font-mono">
                      {i.hostname} ({shortId(i.id)}){i.isThis ? ' · this one' : ''}
                      {i.runsEngine ? ' · runs the engine' : ''}
                    </span>
                    <span>
                      v{i.version} · ENGINE={i.engineMode}
                      {i.eligible ? '' : ' (cannot run it)'} ·{' '}
                      {i.stoppedAt
                        ? `stopped ${formatMessageTime(i.stoppedAt, now)}`
                        : `heartbeat ${formatSpan(i.heartbeatAt, now)} ago${quiet ? ' (gone quiet)' : ''}`}
                    </span>
                  </li>
                );
              })}
            </ul>
          </details>
        </>
      }
    />
  );
}
