import type { ScheduleSlot } from '@shared/contracts/schedule';
import { minutesOf } from '@shared/time';
import { buildDayStrip, type StripDay } from '@web/features/schedule/schedule-time';

/**
 * The admin's week grid, pure: the next 7 days on the station's calendar, 24 hours each, every slot in
 * the hour it starts (a weekly one on its weekday, a one-off on its own date). Rejected slots hold
 * nothing and are left out.
 */
export interface GridDay extends StripDay {
  /** hours[h]: the slots starting in hour h of this day. */
  hours: ScheduleSlot[][];
  pending: number;
}

export function buildWeekGrid(now: Date, stationTz: string, slots: ScheduleSlot[]): GridDay[] {
  return buildDayStrip(now, stationTz, 7).map((day) => {
    const hours: ScheduleSlot[][] = Array.from({ length: 24 }, () => []);
    for (const s of slots) {
      if (s.status === 'rejected' || s.dayOfWeek !== day.dayOfWeek) continue;
      if (s.date && s.date !== day.key) continue;
      const start = minutesOf(s.startTime);
      if (start !== null) hours[Math.floor(start / 60)].push(s);
    }
    const pending = hours.flat().filter((s) => s.status === 'pending').length;
    return { ...day, hours, pending };
  });
}
