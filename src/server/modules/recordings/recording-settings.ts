import type { AppContext } from '../../context';
import { getSetting } from '../content/settings.service';

/** Site settings of the recording of live shows (Site Settings → Recordings). */
export const RECORDING_ENABLED_SETTING = 'recordings_enabled';
export const RECORDING_RETENTION_DAYS_SETTING = 'recordings_retention_days';
export const RECORDING_DISK_FLOOR_MB_SETTING = 'recordings_disk_floor_mb';

export const RECORDING_DEFAULTS = { enabled: true, retentionDays: 30, diskFloorMb: 1024 } as const;

export interface RecordingSettings {
  /** Record every live show (default on). */
  enabled: boolean;
  /** Recordings older than this many days are deleted, file and row (default 30). */
  retentionDays: number;
  /** Below this much free disk (MB) in the recordings folder, recording stops and staff are told (default 1024). */
  diskFloorMb: number;
}

export async function getRecordingSettings(ctx: Pick<AppContext, 'db'>): Promise<RecordingSettings> {
  const [enabled, retentionDays, diskFloorMb] = await Promise.all([
    getSetting<unknown>(ctx.db, RECORDING_ENABLED_SETTING),
    getSetting<unknown>(ctx.db, RECORDING_RETENTION_DAYS_SETTING),
    getSetting<unknown>(ctx.db, RECORDING_DISK_FLOOR_MB_SETTING),
  ]);
  const whole = (v: unknown, min: number, fallback: number) =>
    typeof v === 'number' && Number.isInteger(v) && v >= min ? v : fallback;
  return {
    enabled: typeof enabled === 'boolean' ? enabled : RECORDING_DEFAULTS.enabled,
    retentionDays: whole(retentionDays, 1, RECORDING_DEFAULTS.retentionDays),
    diskFloorMb: whole(diskFloorMb, 0, RECORDING_DEFAULTS.diskFloorMb),
  };
}
