import { desc, eq, lt } from 'drizzle-orm';
import type { SystemLog } from '../../../shared/contracts/staff';
import { EVENT_TYPES, topics } from '../../../shared/events';
import { LIMITS } from '../../../shared/limits';
import type { AppContext } from '../../context';
import type { SystemLogWriter } from '../../infra/logging/system-log-sink';
import { systemLogs } from './staff.table';

/** Stores a batch of the logger's entries, then tells open Developer sections. */
export function systemLogWriter(ctx: Pick<AppContext, 'db' | 'realtime'>): SystemLogWriter {
  return async (entries) => {
    await ctx.db.insert(systemLogs).values(entries);
    await ctx.realtime.publish(topics.capability('developer.tools'), EVENT_TYPES.systemLogsChanged, {});
  };
}

/** The latest 100 entries, of one level or all. */
export async function listSystemLogs(
  ctx: Pick<AppContext, 'db'>,
  level?: 'warn' | 'error',
): Promise<SystemLog[]> {
  const rows = await ctx.db
    .select()
    .from(systemLogs)
    .where(level ? eq(systemLogs.logLevel, level) : undefined)
    .orderBy(desc(systemLogs.createdAt), desc(systemLogs.id))
    .limit(LIMITS.systemLogLimit);
  return rows.map((r) => ({
    id: r.id,
    level: r.logLevel,
    component: r.component,
    message: r.message,
    createdAt: r.createdAt.toISOString(),
  }));
}

export async function pruneSystemLogs(ctx: Pick<AppContext, 'db' | 'config'>, now = new Date()) {
  const cutoff = new Date(now.getTime() - ctx.config.SYSTEM_LOG_RETENTION_DAYS * 86_400_000);
  const rows = await ctx.db
    .delete(systemLogs)
    .where(lt(systemLogs.createdAt, cutoff))
    .returning({ id: systemLogs.id });
  return rows.length;
}
