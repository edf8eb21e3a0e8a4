import { z } from 'zod';
import type { AppContext } from '../../context';
import { defineJob } from '../../infra/jobs';
import { type Backups, runScheduledBackup } from './backups.service';

/**
 * Every minute: takes the day's backup once the set time (station time zone) has passed. pg-boss runs
 * a schedule once across all instances; the claimed day keeps it to one backup a day.
 */
export const scheduledBackupJob = (ctx: AppContext, backups: Backups) =>
  defineJob({
    name: 'backups.scheduled',
    schema: z.object({}),
    cron: '* * * * *',
    queue: { expireInSeconds: 6 * 3600, retryLimit: 0 },
    handler: async () => runScheduledBackup(ctx, backups),
  });
