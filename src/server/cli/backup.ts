import { loadConfig } from '../config';
import { applyPrivateUmask } from '../infra/private-data';
import { backupCommand, restoreCommand } from '../modules/backups/backup-cli';

/**
 * `npm run backup -- FILE` and `npm run restore -- FILE [--force]` (docs/operations/backups.md).
 * The configuration is read as the app reads it; the auth secret is not generated here (a restore
 * brings the backup's own).
 */
async function main() {
  const [command, ...args] = process.argv.slice(2);
  const config = loadConfig({ ...process.env, AUTH_SECRET: process.env.AUTH_SECRET || 'x'.repeat(32) });
  // A backup file and a restored DATA_DIR are their user's only (docs/operations/backups.md).
  applyPrivateUmask();
  const out = (line: string) => console.log(line);
  let code = 2;
  if (command === 'backup') code = await backupCommand(args, config, out);
  else if (command === 'restore') code = await restoreCommand(args, config, out);
  else out('Usage: cli/backup.ts backup|restore FILE [--force]');
  process.exit(code);
}

void main();
