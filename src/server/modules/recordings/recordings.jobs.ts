import { lt } from 'drizzle-orm';
import { z } from 'zod';
import { EVENT_TYPES, topics } from '../../../shared/events';
import type { AppContext } from '../../context';
import { defineJob } from '../../infra/jobs';
import type { ObjectStore } from '../../infra/storage/object-store';
import { getRecordingSettings } from './recording-settings';
import { recordings } from './recordings.table';

type Ctx = Pick<AppContext, 'db' | 'log' | 'realtime'>;

/** Deletes the recordings (row and file) that started more than the retention setting's days ago. */
export async function deleteExpiredRecordings(ctx: Ctx, store: ObjectStore, now = new Date()) {
  const { retentionDays } = await getRecordingSettings(ctx);
  const cutoff = new Date(now.getTime() - retentionDays * 86_400_000);
  const gone = await ctx.db
    .delete(recordings)
    .where(lt(recordings.startedAt, cutoff))
    .returning({ id: recordings.id, storageKey: recordings.storageKey });
  for (const r of gone) {
    // The row is gone first: a file that cannot be deleted now is only disk, never a broken link.
    await store
      .delete(r.storageKey)
      .catch((err) => ctx.log.warn({ err, key: r.storageKey }, 'recordings: could not delete a file'));
  }
  if (gone.length > 0) {
    await ctx.realtime.publish(topics.public, EVENT_TYPES.recordingsChanged, {});
    ctx.log.info({ deleted: gone.length, retentionDays }, 'recordings: deleted recordings past retention');
  }
  return { deleted: gone.length, retentionDays };
}

/** Hourly: recordings older than the retention (Site Settings, default 30 days) go. */
export const recordingRetentionJob = (ctx: Ctx, store: ObjectStore) =>
  defineJob({
    name: 'recordings.retention',
    schema: z.object({}),
    cron: '23 * * * *',
    handler: () => deleteExpiredRecordings(ctx, store),
  });
