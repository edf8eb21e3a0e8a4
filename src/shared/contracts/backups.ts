import { z } from 'zod';

/** One backup file kept by the app (DATA_DIR/backups, or the bucket). */
export const Backup = z.object({
  id: z.string(),
  createdAt: z.string(),
  sizeBytes: z.number().int(),
});
export type Backup = z.infer<typeof Backup>;

export const BackupList = z.object({ backups: z.array(Backup) });
export const BackupCreated = z.object({ backup: Backup });

/** Scheduled backups: daily at a time of the station's time zone, keeping the newest `keep`; or off. */
export const BackupSchedule = z.object({
  enabled: z.boolean(),
  /** 'HH:MM', 24-hour, in the station's time zone. */
  time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use a time such as 03:00'),
  keep: z.number().int().min(1).max(365),
});
export type BackupSchedule = z.infer<typeof BackupSchedule>;

export const BackupScheduleView = BackupSchedule.extend({
  timeZone: z.string(),
  /** When the last scheduled backup ran (station date), if ever. */
  lastScheduledDay: z.string().nullable(),
});
export type BackupScheduleView = z.infer<typeof BackupScheduleView>;

export const BackupIdParams = z.object({ id: z.string().max(200) });
