import { z } from 'zod';
import type { AppContext } from '../../context';
import { defineJob } from '../../infra/jobs';
import { checkTwitchLive, TWITCH_LIVE_JOB } from './twitch-live.service';

/** A cron expression for a polling interval of one minute or more (cron's finest step is a minute). */
export function cronEvery(seconds: number) {
  const minutes = Math.max(1, Math.round(seconds / 60));
  if (minutes === 1) return '* * * * *';
  return minutes >= 60 ? '0 * * * *' : `*/${minutes} * * * *`;
}

/**
 * Twitch live status, every TWITCH_POLL_SECONDS (60 by default): a pg-boss cron job (one instance runs
 * each tick). Intervals under a minute are made of the minute's run plus follow-up runs queued with
 * startAfter (pg-boss cron cannot go finer).
 */
export function twitchLiveJob(ctx: AppContext) {
  const every = ctx.config.TWITCH_POLL_SECONDS;
  return defineJob({
    name: TWITCH_LIVE_JOB,
    schema: z.object({ followUps: z.boolean().default(true) }),
    cron: cronEvery(every),
    runOnStart: true,
    handler: async ({ followUps }) => {
      const result = await checkTwitchLive(ctx);
      if (followUps && every < 60) {
        for (let s = every; s < 60; s += every) {
          await ctx.jobs.send(TWITCH_LIVE_JOB, { followUps: false }, { startAfter: s });
        }
      }
      return result;
    },
  });
}
