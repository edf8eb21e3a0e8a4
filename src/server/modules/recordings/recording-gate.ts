import { existsSync } from 'node:fs';
import { statfs } from 'node:fs/promises';
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { BuiltinBackend } from '../../integrations/radio/builtin/builtin-backend';
import { profiles } from '../accounts/accounts.table';
import { notify } from '../notifications/notifications.service';
import { getRecordingSettings } from './recording-settings';

/** Free bytes for an unprivileged writer on the file system holding `dir`. */
export type FreeSpaceReader = (dir: string) => Promise<number>;

export const statfsFreeSpace: FreeSpaceReader = async (dir) => {
  // The folder may not exist yet (before the engine's first start): its nearest existing parent.
  let at = path.resolve(dir);
  while (!existsSync(at) && path.dirname(at) !== at) at = path.dirname(at);
  const s = await statfs(at);
  return s.bavail * s.bsize;
};

const MB = 1024 * 1024;

export interface GateState {
  /** Recording allowed right now (the setting on and enough free disk). */
  allowed: boolean;
  enabled: boolean;
  lowDisk: boolean;
  freeMb: number | null;
  floorMb: number;
}

type Ctx = Pick<AppContext, 'db' | 'realtime' | 'log'>;
type Engine = Pick<BuiltinBackend, 'setRecording' | 'recordingsDir'>;

/**
 * Decides whether the engine records: the setting on, and the recordings folder's disk above the floor.
 * Below the floor recording stops (the open file is closed and stored) and staff are told once; when
 * space is back, the next show is recorded again.
 */
export class RecordingGate {
  state: GateState | null = null;
  /** Tests replace it to fake a full disk. */
  readFreeSpace: FreeSpaceReader = statfsFreeSpace;
  private running: Promise<GateState> | null = null;

  constructor(
    private readonly ctx: Ctx,
    private readonly engine: Engine,
  ) {}

  /** Re-reads the settings and the free space, and tells the engine (every time: it may have restarted). */
  refresh(): Promise<GateState> {
    // One check at a time; a call during one waits for it and runs again after.
    const next = (this.running ?? Promise.resolve()).catch(() => {}).then(() => this.check());
    this.running = next;
    return next;
  }

  private async check(): Promise<GateState> {
    const settings = await getRecordingSettings(this.ctx);
    let freeMb: number | null = null;
    try {
      freeMb = Math.floor((await this.readFreeSpace(this.engine.recordingsDir)) / MB);
    } catch (err) {
      this.ctx.log.warn({ err }, 'recordings: could not read the free disk space');
    }
    const lowDisk = freeMb !== null && freeMb < settings.diskFloorMb;
    const was = this.state;
    const state: GateState = {
      allowed: settings.enabled && !lowDisk,
      enabled: settings.enabled,
      lowDisk,
      freeMb,
      floorMb: settings.diskFloorMb,
    };
    this.state = state;
    await this.engine.setRecording(state.allowed);
    if (lowDisk && !was?.lowDisk) await this.tellStaffDiskLow(state);
    if (!lowDisk && was?.lowDisk) {
      this.ctx.log.info(
        { component: 'recordings', freeMb, floorMb: settings.diskFloorMb },
        'recordings: free disk space is above the floor again; the next live show is recorded',
      );
    }
    return state;
  }

  private async tellStaffDiskLow(state: GateState) {
    const message = `Only ${state.freeMb} MB of disk is free for recordings (the floor is ${state.floorMb} MB). Live shows are not recorded until space is freed.`;
    this.ctx.log.warn({ component: 'recordings', ...state }, `recordings: recording stopped. ${message}`);
    const staff = await this.ctx.db
      .select({ id: profiles.id })
      .from(profiles)
      .where(inArray(profiles.role, ['admin', 'staff']));
    for (const s of staff) {
      await notify(this.ctx, s.id, {
        title: 'Recording stopped: disk almost full',
        message,
        link: '/admin?tab=site-settings',
      }).catch((err) => this.ctx.log.warn({ err }, 'recordings: could not notify a staff member'));
    }
  }
}
