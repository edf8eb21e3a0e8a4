import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { scheduledBackupJob } from './backups.jobs';
import { backupsRoutes } from './backups.routes';
import { backupsSlot, createBackups } from './backups.service';
import { startControlServer } from './control-file';

/**
 * The backups module: backups in the admin panel and on a schedule. On the embedded database the app
 * also answers `npm run backup` on a loopback port (control-file.ts).
 */
export const backupsModule = fp(
  async function backupsPlugin(app: FastifyInstance) {
    const { ctx } = app;
    const backups = createBackups(ctx.config);
    backupsSlot.provide(ctx, backups);
    ctx.jobs.register(scheduledBackupJob(ctx, backups));
    await app.register(backupsRoutes);

    // `npm run backup` cannot open the embedded database while this app holds it: it asks here.
    let control: Awaited<ReturnType<typeof startControlServer>> | null = null;
    if (ctx.dbh.kind === 'pglite') {
      app.addHook('onListen', async () => {
        control = await startControlServer(ctx.dbh, ctx.config.dataDir, app.log).catch((err) => {
          app.log.warn(
            { err, component: 'backups' },
            'backups: the command-line backup endpoint did not start',
          );
          return null;
        });
      });
      app.addHook('preClose', async () => {
        await control?.close();
      });
    }
  },
  { name: 'backups' },
);
