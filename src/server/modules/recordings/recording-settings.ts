import type { AppContext } from '../../context';
import { readSettings } from '../settings/settings.service';

export interface RecordingSettings {
  /** Record every live show (default on). */
  enabled: boolean;
  /** Recordings older than this many days are deleted, file and row (default 30). */
  retentionDays: number;
  /** Below this much free disk (MB) in the recordings folder, recording stops and staff are told (default 1024). */
  diskFloorMb: number;
}

/** Site settings of the recording of live shows (Site Settings → Recordings). */
export async function getRecordingSettings(ctx: Pick<AppContext, 'db'>): Promise<RecordingSettings> {
  const s = await readSettings(ctx.db, [
    'recordings_enabled',
    'recordings_retention_days',
    'recordings_disk_floor_mb',
  ]);
  return {
    enabled: s.recordings_enabled,
    retentionDays: s.recordings_retention_days,
    diskFloorMb: s.recordings_disk_floor_mb,
  };
}
