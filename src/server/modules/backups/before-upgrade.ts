import { PassThrough } from 'node:stream';
import type { Config } from '../../config';
import type { DbHandle } from '../../db/client';
import { localBackupStore } from './backup-store';
import { writeBackup } from './backup-writer';
import { backupId, backupsFolder } from './backups.service';
import { appliedMigration, migrationsPending } from './migrations-journal';
import { inSnapshot } from './sql-session';

/**
 * At start, before new migrations change the database: when BACKUP_BEFORE_MIGRATE is on and a
 * migration is pending, a backup goes to DATA_DIR/backups/before-upgrade-….tar.gz (docs/operations/upgrading.md:
 * restore it to roll back). A fresh database has nothing to keep. A failed backup stops the start:
 * the upgrade waits rather than run without the backup the setting asked for.
 */
export async function backupBeforeMigrate(
  dbh: DbHandle,
  config: Pick<Config, 'dataDir' | 'backupBeforeMigrate'>,
  log: { info(o: object, m: string): void },
): Promise<string | null> {
  if (!config.backupBeforeMigrate) return null;
  const applied = await inSnapshot(dbh, (run) => appliedMigration(run));
  if (!migrationsPending(applied)) return null;
  const id = backupId('before-upgrade');
  const body = new PassThrough();
  try {
    const [summary, stored] = await Promise.all([
      writeBackup(dbh, config.dataDir, body),
      localBackupStore(backupsFolder(config.dataDir)).put(id, body),
    ]);
    log.info(
      {
        component: 'backups',
        id,
        sizeBytes: stored.sizeBytes,
        from: summary.manifest.database.migration.tag,
      },
      'backups: backed up before the upgrade',
    );
    return id;
  } catch (err) {
    throw new Error(
      `The backup before the upgrade failed (${err instanceof Error ? err.message : String(err)}); nothing was migrated. Free some space or fix the cause, or set BACKUP_BEFORE_MIGRATE=false to upgrade without it.`,
    );
  }
}
