import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { LIMITS } from '../../../shared/limits';
import type { AppContext } from '../../context';
import { defineJob } from '../../infra/jobs';
import { listenerSamples } from './listener-samples.table';
import { stationMonitorOf } from './station-monitor';

type Ctx = Pick<AppContext, 'db'>;

/** Records this minute's audience: measured from the engine, one row per minute whoever runs it. */
export async function sampleListeners(ctx: Ctx, now = new Date()) {
  const { status } = await stationMonitorOf(ctx).check();
  const minute = new Date(Math.floor(now.getTime() / 60_000) * 60_000);
  const inserted = await ctx.db
    .insert(listenerSamples)
    .values({ sampledAt: minute, listeners: status.listeners, onAir: status.onAir })
    .onConflictDoNothing()
    .returning({ at: listenerSamples.sampledAt });
  return { listeners: status.listeners, onAir: status.onAir, recorded: inserted.length === 1 };
}

export async function pruneListenerSamples(ctx: Pick<AppContext, 'db'>) {
  const res = await ctx.db.execute(
    sql`DELETE FROM listener_samples
         WHERE sampled_at < now() - make_interval(days => ${LIMITS.listenerSampleRetentionDays})`,
  );
  const out = res as { rowCount?: number; affectedRows?: number };
  return { deleted: out.rowCount ?? out.affectedRows ?? null };
}

/** Every minute (pg-boss cron's finest step). */
export const sampleListenersJob = (ctx: Ctx) =>
  defineJob({
    name: 'analytics.listeners.sample',
    schema: z.object({}),
    cron: '* * * * *',
    handler: () => sampleListeners(ctx),
  });

/** Daily: samples older than 90 days go. */
export const pruneListenerSamplesJob = (ctx: Pick<AppContext, 'db'>) =>
  defineJob({
    name: 'analytics.listeners.prune',
    schema: z.object({}),
    cron: '40 3 * * *',
    handler: () => pruneListenerSamples(ctx),
  });
