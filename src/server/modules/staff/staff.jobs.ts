import { z } from 'zod';
import type { AppContext } from '../../context';
import { defineJob } from '../../infra/jobs';
import { generatePresenterStats } from './presenter-stats.service';
import { pruneSystemLogs } from './system-logs.service';

type Ctx = Pick<AppContext, 'db' | 'realtime' | 'config'>;

/** Nightly at 02:30 UTC: presenter statistics are fresh each morning without anyone pressing 'Update Stats'. */
export const presenterStatsJob = (ctx: Ctx) =>
  defineJob({
    name: 'staff.presenter-stats',
    schema: z.object({}),
    cron: '30 2 * * *',
    handler: async () => ({ presenters: await generatePresenterStats(ctx) }),
  });

/** Daily: system log entries older than SYSTEM_LOG_RETENTION_DAYS go. */
export const pruneSystemLogsJob = (ctx: Ctx) =>
  defineJob({
    name: 'staff.system-logs.prune',
    schema: z.object({}),
    cron: '45 4 * * *',
    handler: async () => ({ removed: await pruneSystemLogs(ctx) }),
  });
