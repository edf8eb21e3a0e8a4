import { DAILY_RESET_CHECK_MS, shouldDailyReset } from './player-rules';

/** Checks the local clock every 60 s and calls `onReset` at 03:00, at most once an hour. */
export class DailyResetClock {
  private lastResetAt: number | null = null;
  private lastCheckAt: number | null = null;
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor(private readonly onReset: () => void) {}

  start() {
    if (!this.timer) this.timer = setInterval(() => this.check(new Date()), DAILY_RESET_CHECK_MS);
  }

  stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  check(now: Date) {
    const due = shouldDailyReset(now, this.lastResetAt, this.lastCheckAt);
    this.lastCheckAt = now.getTime();
    if (!due) return;
    this.lastResetAt = now.getTime();
    this.onReset();
  }
}
