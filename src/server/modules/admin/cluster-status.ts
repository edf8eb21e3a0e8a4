import type { ClusterStatus } from '../../../shared/contracts/admin';
import type { AppContext } from '../../context';
import { readLease } from '../../infra/cluster/engine-lease';
import { listInstances } from '../../infra/cluster/instances';

/**
 * The instances on the database, the one that runs the built-in engine (and since when) and the last
 * failover, read from the lease and the instances' heartbeats (docs/operations/several-instances.md).
 */
export async function clusterStatus(ctx: Pick<AppContext, 'dbh' | 'station'>): Promise<ClusterStatus> {
  const [lease, seen] = await Promise.all([readLease(ctx.dbh), listInstances(ctx.dbh)]);
  const thisId = ctx.station.instances.self.id;
  const holder = lease?.valid ? lease.holder : null;
  return {
    engine: lease
      ? {
          instanceId: lease.holder,
          hostname: seen.find((i) => i.id === lease.holder)?.hostname ?? null,
          since: lease.acquiredAt.toISOString(),
          term: lease.term,
          heartbeatAt: lease.heartbeatAt.toISOString(),
          valid: lease.valid,
        }
      : null,
    instances: seen.map((i) => ({
      id: i.id,
      hostname: i.hostname,
      address: i.address,
      version: i.version,
      engineMode: i.engineMode,
      eligible: i.eligible,
      startedAt: i.startedAt.toISOString(),
      heartbeatAt: i.heartbeatAt.toISOString(),
      stoppedAt: i.stoppedAt?.toISOString() ?? null,
      runsEngine: i.id === holder,
      isThis: i.id === thisId,
    })),
    lastFailover: lease?.lastFailover
      ? {
          at: lease.lastFailover.at.toISOString(),
          from: lease.lastFailover.from,
          to: lease.lastFailover.to,
          cause: lease.lastFailover.cause,
        }
      : null,
  };
}
