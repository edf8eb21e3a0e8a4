import type { StationStatusEvent } from '../../../shared/contracts/admin';
import { EVENT_TYPES, topics } from '../../../shared/events';
import type { AppContext } from '../../context';
import { perApp } from '../../infra/per-app';
import type { EngineStatus, RadioBackend } from '../../integrations/radio/types';

/** How often the server looks at the engine while it runs (the browsers never poll: changes are pushed). */
export const STATION_CHECK_MS = 5000;

export interface StationObservation {
  status: EngineStatus;
  /** Since when the station has been in this state (on or off air), as this instance observed it. */
  since: Date;
  /** The last time it was off air and came back (a restart can be over in a second or two), if it was. */
  lastOffAir: { from: Date; to: Date } | null;
}

export const presentOffAir = (span: StationObservation['lastOffAir']) =>
  span ? { from: span.from.toISOString(), to: span.to.toISOString() } : null;

/**
 * Watches whether the station is on air: measured from the radio backend on every check (the dashboard
 * asks on each read; a timer checks every few seconds while the app listens) and pushed to admins the
 * moment it changes, with the time of the change. It also remembers the last interruption (off air, then
 * back), so an admin who looks after a quick restart still sees that the stream stopped, and for how long.
 */
export class StationMonitor {
  private state: { onAir: boolean; since: Date } | null = null;
  private lastOffAir: { from: Date; to: Date } | null = null;
  private queue: Promise<unknown> = Promise.resolve();
  private timer: NodeJS.Timeout | null = null;
  private unwatch: (() => void) | null = null;

  constructor(
    private readonly ctx: Pick<AppContext, 'realtime' | 'log'>,
    private readonly backend: RadioBackend,
  ) {}

  /**
   * Measures now. One measurement at a time, in order: a check asked for meanwhile measures afresh after it.
   * `stopped`: the engine said the process feeding the stream exited, so this observation is off air
   * whatever the measurement finds (a restart's replacement can be up before the measurement answers).
   */
  check(stopped = false): Promise<StationObservation> {
    const next = this.queue.then(() => this.measure(stopped));
    this.queue = next.catch(() => {});
    return next;
  }

  /** Checks every few seconds, and at once when the engine says its processes stopped or started. */
  start(intervalMs = STATION_CHECK_MS) {
    if (this.timer) return;
    const run = (stopped = false) => {
      this.check(stopped).catch((err) => this.ctx.log.warn({ err }, 'station monitor: check failed'));
    };
    this.timer = setInterval(run, intervalMs);
    this.timer.unref();
    this.unwatch = this.backend.onEngineChange?.((change) => run(change.stopped)) ?? null;
    run();
  }

  stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.unwatch?.();
    this.unwatch = null;
  }

  private async measure(stopped: boolean): Promise<StationObservation> {
    const measured = await this.readStatus();
    const status = stopped ? { ...measured, onAir: false } : measured;
    const previous = this.state;
    if (!previous || previous.onAir !== status.onAir) {
      this.state = { onAir: status.onAir, since: new Date() };
      if (previous && status.onAir) this.lastOffAir = { from: previous.since, to: this.state.since };
      if (previous) {
        const event: StationStatusEvent = {
          onAir: status.onAir,
          since: this.state.since.toISOString(),
          lastOffAir: presentOffAir(this.lastOffAir),
        };
        await this.ctx.realtime.publish(
          topics.capability('admin.panel'),
          EVENT_TYPES.stationStatusChanged,
          event,
        );
      }
    }
    return { status, since: this.state!.since, lastOffAir: this.lastOffAir };
  }

  /** A backend that cannot answer is reported off air, with its error, rather than failing the caller. */
  private async readStatus(): Promise<EngineStatus> {
    try {
      return await this.backend.status();
    } catch (err) {
      return {
        kind: this.backend.kind,
        configured: this.backend.kind !== 'none',
        onAir: false,
        details: [{ label: 'Error', value: (err as Error).message }],
        listeners: 0,
        live: { isLive: false, streamerName: null },
      };
    }
  }
}

/** The app's station monitor: built by admin/index.ts, read by the admin module. */
export const stationMonitorSlot = perApp<StationMonitor>('station monitor');
