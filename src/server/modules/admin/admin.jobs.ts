import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { LIMITS } from '../../../shared/limits';
import type { AppContext } from '../../context';
import { defineJob } from '../../infra/jobs';
import { countedAudience } from '../../integrations/radio/types';
import { type AudienceClient, type ClientKind, hlsAudienceSlot } from '../station/audience';
import { clientKindOf } from './client-kind';
import { listenerAudienceSamples, listenerSamples } from './listener-samples.table';
import { stationMonitorSlot } from './station-monitor';

type Ctx = Pick<AppContext, 'db' | 'station' | 'log'>;

/** The mount a backend's listeners count under when it could not list them. */
export const UNLISTED_MOUNT = 'stream';

/**
 * Everyone listening now: the backend's clients on every mount (the built-in engine lists Icecast's,
 * with User-Agents) and the HLS clients the app served within the last minute. A backend that fails to
 * list them counts the total its status measured, as clients of "stream" of unknown kind.
 */
async function audienceNow(ctx: Ctx, measured: number, now: Date): Promise<AudienceClient[]> {
  let icecast: AudienceClient[];
  try {
    icecast = await ctx.station.backend.audience();
  } catch (err) {
    ctx.log.warn({ err }, 'listener sample: the backend could not list its listeners');
    icecast = countedAudience(UNLISTED_MOUNT, measured);
  }
  let hls: AudienceClient[] = [];
  try {
    hls = hlsAudienceSlot.of(ctx).clients(now.getTime());
  } catch {
    // No HLS output in this app (another backend, or not wired): nobody listens that way.
  }
  return [...icecast, ...hls];
}

/**
 * Records this minute's audience, one row per minute whoever runs it: the total in listener_samples and
 * its breakdown per mount (an Icecast mount or an HLS variant) and kind of client in
 * listener_audience_samples, written together so the rows of a minute always add up to the total.
 *
 * The total is the number of clients listed (every Icecast mount plus HLS), not the status's figure
 * for the main mount: the two are read a few milliseconds apart, and the list is the one that can be
 * broken down. When the list cannot be read, the status's figure stands in for it (see audienceNow).
 */
export async function sampleListeners(ctx: Ctx, now = new Date()) {
  const { status } = await stationMonitorSlot.of(ctx).check();
  const clients = await audienceNow(ctx, status.listeners, now);
  const minute = new Date(Math.floor(now.getTime() / 60_000) * 60_000);
  const tally = new Map<string, { mount: string; clientKind: ClientKind; listeners: number }>();
  for (const c of clients) {
    const clientKind = clientKindOf(c.userAgent);
    const key = `${c.mount}\u0000${clientKind}`;
    const row = tally.get(key) ?? { mount: c.mount, clientKind, listeners: 0 };
    row.listeners += 1;
    tally.set(key, row);
  }
  const recorded = await ctx.db.transaction(async (tx) => {
    const inserted = await tx
      .insert(listenerSamples)
      .values({ sampledAt: minute, listeners: clients.length, onAir: status.onAir })
      .onConflictDoNothing()
      .returning({ at: listenerSamples.sampledAt });
    if (inserted.length === 0) return false;
    if (tally.size > 0)
      await tx
        .insert(listenerAudienceSamples)
        .values([...tally.values()].map((r) => ({ sampledAt: minute, ...r })));
    return true;
  });
  return { listeners: clients.length, onAir: status.onAir, recorded };
}

export async function pruneListenerSamples(ctx: Pick<AppContext, 'db'>) {
  await ctx.db.execute(
    sql`DELETE FROM listener_audience_samples
         WHERE sampled_at < now() - make_interval(days => ${LIMITS.listenerSampleRetentionDays})`,
  );
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
