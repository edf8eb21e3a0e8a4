import { sql } from 'drizzle-orm';
import type { AdminStats, Dashboard, SystemStatus } from '../../../shared/contracts/admin';
import type { AppContext } from '../../context';
import { queryRows } from '../../db/client';
import { totalRevenue } from '../shop/shop.service';
import { clusterStatus } from './cluster-status';
import { presentOffAir, stationMonitorSlot } from './station-monitor';

type Ctx = Pick<AppContext, 'db' | 'dbh' | 'config' | 'jobs' | 'stripe' | 'station'>;

/** Total revenue in pounds: the shop's paid card orders, less refunds. */
export async function totalRevenueGbp(ctx: Pick<AppContext, 'db'>): Promise<number> {
  return totalRevenue(ctx.db);
}

/** Whether card payments (Stripe) are configured on this station. */
export function cardPaymentsConfigured(ctx: Pick<AppContext, 'stripe'>): boolean {
  return ctx.stripe !== null;
}

/** Total members, revenue, songs and plays (dashboard and analytics cards). */
export async function getAdminStats(ctx: Pick<AppContext, 'db'>): Promise<AdminStats> {
  const [[counts], revenueGbp] = await Promise.all([
    queryRows<{ users: number; songs: number; plays: number }>(
      ctx.db,
      sql`SELECT (SELECT count(*) FROM profiles)::int AS users,
                 (SELECT count(*) FROM songs)::int AS songs,
                 (SELECT count(*) FROM song_plays)::int AS plays`,
    ),
    totalRevenueGbp(ctx),
  ]);
  return { totalUsers: counts.users, revenueGbp, totalSongs: counts.songs, totalPlays: counts.plays };
}

async function databaseStatus(ctx: Pick<AppContext, 'dbh'>): Promise<SystemStatus['database']> {
  const started = performance.now();
  try {
    await ctx.dbh.query('SELECT 1 AS ok');
    return { reachable: true, latencyMs: Math.round((performance.now() - started) * 10) / 10 };
  } catch {
    return { reachable: false, latencyMs: null };
  }
}

/** pg-boss's queues of this app: jobs waiting, running, failed in the last day, and the last one done. */
async function jobsStatus(ctx: Pick<AppContext, 'dbh' | 'config' | 'jobs'>): Promise<SystemStatus['jobs']> {
  const runner = !ctx.config.JOBS_ENABLED ? 'disabled' : ctx.jobs.started ? 'running' : 'stopped';
  const names = ctx.jobs.names;
  const counts = new Map<string, SystemStatus['jobs']['queues'][number]>();
  try {
    const { rows: installed } = await ctx.dbh.query<{ t: string | null }>(
      `SELECT to_regclass('pgboss.job')::text AS t`,
    );
    if (installed[0]?.t) {
      const { rows } = await ctx.dbh.query<{
        name: string;
        queued: number;
        active: number;
        failed: number;
        last_completed: Date | string | null;
      }>(
        `SELECT name,
                count(*) FILTER (WHERE state IN ('created', 'retry'))::int AS queued,
                count(*) FILTER (WHERE state = 'active')::int AS active,
                count(*) FILTER (WHERE state = 'failed' AND completed_on > now() - interval '1 day')::int AS failed,
                max(completed_on) FILTER (WHERE state = 'completed') AS last_completed
           FROM pgboss.job WHERE name = ANY($1::text[]) GROUP BY name`,
        [names],
      );
      for (const r of rows) {
        counts.set(r.name, {
          name: r.name,
          queued: r.queued,
          active: r.active,
          failed: r.failed,
          lastCompletedAt: r.last_completed ? new Date(r.last_completed).toISOString() : null,
        });
      }
    }
  } catch {
    // The job tables cannot be read: the queues show as empty, the runner state still tells the story.
  }
  return {
    runner,
    queues: names.map(
      (name) => counts.get(name) ?? { name, queued: 0, active: 0, failed: 0, lastCompletedAt: null },
    ),
  };
}

/** Measured now: database round trip, engine state (and since when), listeners, job runner, payments. */
export async function getSystemStatus(ctx: Ctx): Promise<SystemStatus> {
  const [database, station, jobs, cluster] = await Promise.all([
    databaseStatus(ctx),
    stationMonitorSlot.of(ctx).check(),
    jobsStatus(ctx),
    clusterStatus(ctx).catch(() => ({ engine: null, instances: [], lastFailover: null })),
  ]);
  const { status, since, lastOffAir } = station;
  return {
    checkedAt: new Date().toISOString(),
    database,
    engine: {
      kind: status.kind,
      configured: status.configured,
      onAir: status.onAir,
      since: since.toISOString(),
      lastOffAir: presentOffAir(lastOffAir),
      isLive: status.live.isLive,
      streamerName: status.live.streamerName,
    },
    listeners: status.listeners,
    jobs,
    cardPayments: { configured: cardPaymentsConfigured(ctx) },
    cluster,
  };
}

export async function getDashboard(ctx: Ctx): Promise<Dashboard> {
  const [stats, status] = await Promise.all([getAdminStats(ctx), getSystemStatus(ctx)]);
  return { stats, status };
}
