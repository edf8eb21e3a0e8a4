import { z } from 'zod';
import { defineJob, type JobDefinition } from '../../infra/jobs';
import {
  type DeliveryCtx,
  deliverDiscordMessage,
  failSpentDelivery,
  LEASE_SECONDS,
  RETRY,
  sweepDiscordOutbox,
} from './delivery';
import { DELIVER_JOB, DELIVERY_FAILED_JOB, SWEEP_JOB } from './outbox.service';

const MessageRef = z.object({ id: z.uuid() });

/**
 * The Discord queue's jobs, the dead-letter queue first (the delivery queue names it). One worker delivers
 * in order, polling every second and draining at once when there is more.
 */
export function discordJobs(ctx: DeliveryCtx): JobDefinition[] {
  return [
    defineJob({
      name: DELIVERY_FAILED_JOB,
      schema: MessageRef,
      handler: async ({ id }) => failSpentDelivery(ctx, id),
    }),
    defineJob({
      name: DELIVER_JOB,
      schema: MessageRef,
      queue: { ...RETRY, deadLetter: DELIVERY_FAILED_JOB },
      work: { pollingIntervalSeconds: 1, drain: true },
      handler: async ({ id }) => deliverDiscordMessage(ctx, id),
    }),
    defineJob({
      name: SWEEP_JOB,
      schema: z.object({}),
      cron: '* * * * *',
      handler: async () => ({ requeued: await sweepDiscordOutbox(ctx) }),
    }),
  ];
}

/** After a start (or a crash): sweep now, and again once a crashed sender's lease has run out. */
export async function sweepAfterStart(ctx: DeliveryCtx) {
  if (!ctx.jobs.started) return;
  await ctx.jobs.send(SWEEP_JOB);
  await ctx.jobs.sendLater(SWEEP_JOB, {}, new Date(Date.now() + (LEASE_SECONDS + 5) * 1000));
}
