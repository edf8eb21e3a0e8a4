import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BackupCreated,
  BackupIdParams,
  BackupList,
  BackupSchedule,
  BackupScheduleView,
} from '../../../shared/contracts/backups';
import { ErrorBody } from '../../../shared/contracts/common';
import { BACKUP_EXTENSION } from './backup-format';
import {
  backupsSlot,
  listBackups,
  openBackup,
  setBackupSchedule,
  takeBackup,
  viewBackupSchedule,
} from './backups.service';

/** Backups in the admin panel (admins only): the list, "Back up now", downloads and the schedule. */
export async function backupsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const backups = backupsSlot.of(ctx);

  const tags = ['backups'];
  const admin = { access: { capability: 'admin.panel' as const } };
  r.get(
    '/api/admin/backups',
    { config: admin, schema: { tags, response: { 200: BackupList } } },
    async (_req, reply) => {
      reply.header('cache-control', 'no-store');
      return { backups: await listBackups(ctx) };
    },
  );
  r.post(
    '/api/admin/backups',
    { config: admin, schema: { tags, response: { 201: BackupCreated, 409: ErrorBody } } },
    async (_req, reply) => reply.status(201).send({ backup: await takeBackup(ctx, backups, 'manual') }),
  );
  r.get(
    '/api/admin/backups/:id',
    {
      config: admin,
      schema: {
        tags,
        params: BackupIdParams,
        description: 'The backup file (a gzipped tar), as a download.',
        response: { 200: z.any().describe('application/gzip'), 404: ErrorBody },
      },
    },
    async (req, reply) => {
      const file = await openBackup(ctx, req.params.id);
      return reply
        .header('content-type', 'application/gzip')
        .header('content-length', file.sizeBytes)
        .header('content-disposition', `attachment; filename="onair-${req.params.id}${BACKUP_EXTENSION}"`)
        .header('cache-control', 'no-store')
        .send(file.body);
    },
  );
  r.get(
    '/api/admin/backup-schedule',
    { config: admin, schema: { tags, response: { 200: BackupScheduleView } } },
    async (_req, reply) => {
      reply.header('cache-control', 'no-store');
      return viewBackupSchedule(ctx);
    },
  );
  r.put(
    '/api/admin/backup-schedule',
    { config: admin, schema: { tags, body: BackupSchedule, response: { 200: BackupScheduleView } } },
    async (req) => setBackupSchedule(ctx, req.body),
  );
}
