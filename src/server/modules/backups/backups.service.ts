import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import type { Backup, BackupSchedule, BackupScheduleView } from '../../../shared/contracts/backups';
import { FILES_TEXTS } from '../../../shared/texts/common';
import { zonedParts } from '../../../shared/time';
import type { AppContext } from '../../context';
import { AppError, conflict, notFound } from '../../infra/http/errors';
import { perApp } from '../../infra/per-app';
import { openObjectStore, s3SettingsOf } from '../../infra/storage/object-store-factory';
import { profiles } from '../accounts/accounts.table';
import { notify } from '../notifications/notifications.service';
import { stationTimeZone } from '../schedule/schedule.service';
import { claimSetting, readSetting, writeSetting } from '../settings/settings.service';
import { systemLogWriter } from '../staff/system-logs.service';
import {
  type BackupStore,
  isBackupId,
  localBackupStore,
  objectBackupStore,
  type StoredBackup,
} from './backup-store';
import { writeBackup } from './backup-writer';

type Ctx = Pick<AppContext, 'db' | 'dbh' | 'config' | 'realtime' | 'log'>;

export const DEFAULT_SCHEDULE: BackupSchedule = { enabled: true, time: '03:00', keep: 7 };

/** The app's backup store and the one backup it runs at a time (per instance). */
export interface Backups {
  store: BackupStore;
  running: Promise<unknown> | null;
}
export const backupsSlot = perApp<Backups>('the backups');

export const backupsFolder = (dataDir: string) => path.join(dataDir, 'backups');
/** Backups go to DATA_DIR/backups, or to the bucket's `backups/` prefix when S3_BUCKET is set. */
export const createBackups = (config: Parameters<typeof s3SettingsOf>[0] & { dataDir: string }): Backups => ({
  store: s3SettingsOf(config, 'backups')
    ? objectBackupStore(openObjectStore(config, 'backups'))
    : localBackupStore(backupsFolder(config.dataDir)),
  running: null,
});

const present = (b: StoredBackup): Backup => ({
  id: b.id,
  createdAt: b.createdAt.toISOString(),
  sizeBytes: b.sizeBytes,
});

/** A name that sorts by time and says what made it: `scheduled-20261125-030000-1a2b`. */
export function backupId(kind: 'manual' | 'scheduled' | 'before-upgrade', now = new Date()) {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return `${kind}-${stamp}-${randomBytes(2).toString('hex')}`;
}

/**
 * A store that cannot be reached (the bucket down, refusing, or timing out) answers 503 with the message
 * uploads give (docs/operations/backups.md#a-bucket-that-cannot-be-reached); the cause is logged.
 */
function storeUnavailable(ctx: Pick<AppContext, 'log'>, what: string, err: unknown) {
  if (err instanceof AppError) return err;
  ctx.log.error({ err, component: 'backups' }, `backups: the backup store could not ${what}`);
  return Object.assign(new AppError('UNAVAILABLE', FILES_TEXTS.storeUnavailable), { cause: err });
}

async function reachStore<T>(ctx: Pick<AppContext, 'log'>, what: string, run: () => Promise<T>) {
  try {
    return await run();
  } catch (err) {
    throw storeUnavailable(ctx, what, err);
  }
}

export async function listBackups(ctx: Pick<AppContext, 'log'>): Promise<Backup[]> {
  return (await reachStore(ctx, 'list the backups', () => backupsSlot.of(ctx).store.list())).map(present);
}

export async function openBackup(ctx: Pick<AppContext, 'log'>, id: string) {
  const found = isBackupId(id)
    ? await reachStore(ctx, 'read a backup', () => backupsSlot.of(ctx).store.get(id))
    : null;
  if (!found) throw notFound('Backup not found');
  return found;
}

/** Takes a backup into the store, then keeps the newest `keep` (retention). One at a time per instance. */
export async function takeBackup(
  ctx: Ctx,
  backups: Backups,
  kind: 'manual' | 'scheduled',
  keep?: number,
): Promise<Backup> {
  if (backups.running) throw conflict('A backup is already running. Try again when it has finished.');
  const work = (async () => {
    const id = backupId(kind);
    const body = new PassThrough();
    // Whichever side fails first is the reason; a store that fails stops the writer (and its snapshot).
    const failed: { by: 'writer' | 'store'; err: unknown }[] = [];
    const [, stored] = await Promise.all([
      writeBackup(ctx.dbh, ctx.config.dataDir, body).catch((err) => void failed.push({ by: 'writer', err })),
      backups.store.put(id, body).catch((err) => {
        failed.push({ by: 'store', err });
        body.destroy();
        return null;
      }),
    ]);
    const first = failed[0];
    if (first) throw first.by === 'store' ? storeUnavailable(ctx, 'store a backup', first.err) : first.err;
    if (!stored) throw new Error('The backup was not stored.');
    const keeping = keep ?? (await getBackupSchedule(ctx)).keep;
    await reachStore(ctx, 'remove old backups', () => applyRetention(backups.store, keeping));
    return present(stored);
  })();
  backups.running = work;
  try {
    return await work;
  } finally {
    backups.running = null;
  }
}

/** Deletes the oldest backups beyond the newest `keep`. */
export async function applyRetention(store: BackupStore, keep: number) {
  const all = await store.list();
  for (const old of all.slice(keep)) await store.delete(old.id);
  return Math.max(0, all.length - keep);
}

export async function getBackupSchedule(ctx: Pick<AppContext, 'db'>): Promise<BackupSchedule> {
  return { ...DEFAULT_SCHEDULE, ...(await readSetting(ctx.db, 'backups.schedule')) };
}

export async function viewBackupSchedule(
  ctx: Pick<AppContext, 'db' | 'config'>,
): Promise<BackupScheduleView> {
  const [schedule, timeZone, last] = await Promise.all([
    getBackupSchedule(ctx),
    stationTimeZone(ctx),
    readSetting(ctx.db, 'backups.last_scheduled_day'),
  ]);
  return { ...schedule, timeZone, lastScheduledDay: last ?? null };
}

export async function setBackupSchedule(ctx: Pick<AppContext, 'db' | 'config'>, input: BackupSchedule) {
  await writeSetting(ctx.db, 'backups.schedule', input);
  return viewBackupSchedule(ctx);
}

/**
 * Run every minute by the job runner: once the set time has passed on the station's calendar today and
 * today's backup has not run, claims the day (one instance wins) and takes it. A station that was off
 * at the set time gets its backup when it comes back that day.
 */
export async function runScheduledBackup(ctx: Ctx, backups: Backups, now = new Date()) {
  const schedule = await getBackupSchedule(ctx);
  if (!schedule.enabled) return { ran: false, reason: 'off' };
  const p = zonedParts(now, await stationTimeZone(ctx));
  const day = `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
  const hhmm = `${String(p.hour).padStart(2, '0')}:${String(p.minute).padStart(2, '0')}`;
  if (hhmm < schedule.time) return { ran: false, reason: 'not yet' };
  if (!(await claimSetting(ctx.db, 'backups.last_scheduled_day', day)))
    return { ran: false, reason: 'done today' };
  try {
    const backup = await takeBackup(ctx, backups, 'scheduled', schedule.keep);
    return { ran: true, backup };
  } catch (err) {
    await reportBackupFailure(ctx, err);
    return { ran: false, reason: 'failed' };
  }
}

/** A failed backup: every admin's bell, and the system logs (the Developer section). */
export async function reportBackupFailure(ctx: Ctx, err: unknown) {
  const reason = err instanceof Error ? err.message : String(err);
  ctx.log.error({ err, component: 'backups' }, 'backups: the scheduled backup failed');
  await systemLogWriter(ctx)([
    {
      logLevel: 'error',
      component: 'backups',
      message: `The scheduled backup failed: ${reason}`.slice(0, 2000),
      details: null,
      createdAt: new Date(),
    },
  ]).catch(() => {});
  const admins = await ctx.db
    .select({ id: profiles.id })
    .from(profiles)
    .where(and(eq(profiles.role, 'admin')));
  for (const a of admins) {
    await notify(ctx, a.id, {
      title: 'Backup failed',
      message: `Tonight's backup did not complete: ${reason}`.slice(0, 500),
      link: '/admin?tab=site-settings',
    }).catch(() => {});
  }
}
