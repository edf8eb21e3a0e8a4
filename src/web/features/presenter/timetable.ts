import type { ScheduleSlot } from '@shared/contracts/schedule';
import { isoDate, minutesOf, zonedParts, zonedTimeToUtc } from '@shared/time';
import { buildDayStrip, type StripDay } from '@web/features/schedule/schedule-time';

/**
 * The presenter's timetable, pure: the next 7 days on the presenter's own calendar, 24 hourly cells a
 * day (hour:00 to hour+1:00 on their clock). Each cell is the hour of the station's week it falls on
 * (slots are kept in the station's zone), and is free or held by the slot that overlaps it.
 */
export interface StationHour {
  dayOfWeek: number;
  startTime: string;
  endTime: string;
}

export interface TimetableCell {
  key: string;
  /** '09:00 – 10:00' on the presenter's clock. */
  label: string;
  /** The same hour on the station's clock, when the zones differ ('Station: Mon 08:00'). */
  stationLabel: string | null;
  /** Where a booking of this cell goes; null when the hour crosses midnight at the station. */
  station: StationHour | null;
  /** The station date this hour falls on ('YYYY-MM-DD'): a one-off booking takes it. */
  stationDate: string;
  /** The slot holding this cell (pending or approved), if any. */
  slot: ScheduleSlot | null;
  isPast: boolean;
}

export interface TimetableDay extends StripDay {
  cells: TimetableCell[];
  /** Cells held by the viewer's own slots. */
  mine: number;
}

const pad = (n: number) => String(n).padStart(2, '0');
const hhmm = (minutes: number) => `${pad(Math.floor(minutes / 60) % 24)}:${pad(minutes % 60)}`;
const DAY_SHORT = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const DAY = 24 * 60;

const endOf = (s: ScheduleSlot) => {
  const end = minutesOf(s.endTime) ?? 0;
  return end === 0 ? DAY : end;
};

/**
 * The slot (not rejected) overlapping `minutes` … `minutes + 60` of a station weekday: a weekly one, or a
 * one-off of that station date (when the date is given).
 */
export function slotAt(
  slots: ScheduleSlot[],
  dayOfWeek: number,
  start: number,
  date?: string,
): ScheduleSlot | null {
  const end = start + 60;
  return (
    slots.find(
      (s) =>
        s.status !== 'rejected' &&
        s.dayOfWeek === dayOfWeek &&
        (!s.date || s.date === date) &&
        start < endOf(s) &&
        end > (minutesOf(s.startTime) ?? DAY),
    ) ?? null
  );
}

export function buildTimetable(opts: {
  now: Date;
  presenterTz: string;
  stationTz: string;
  slots: ScheduleSlot[];
  viewerId: string;
  days?: number;
}): TimetableDay[] {
  const { now, presenterTz, stationTz, slots } = opts;
  return buildDayStrip(now, presenterTz, opts.days ?? 7).map((day) => {
    const cells: TimetableCell[] = [];
    for (let hour = 0; hour < 24; hour++) {
      const at = zonedTimeToUtc(day.year, day.month, day.day, hour, 0, presenterTz);
      const sp = zonedParts(at, stationTz);
      const fits = sp.minutes + 60 <= DAY;
      const stationDate = isoDate(sp);
      const station = fits
        ? { dayOfWeek: sp.dayOfWeek, startTime: hhmm(sp.minutes), endTime: hhmm(sp.minutes + 60) }
        : null;
      const differs = sp.minutes !== hour * 60 || sp.dayOfWeek !== day.dayOfWeek;
      cells.push({
        key: `${day.key}-${pad(hour)}`,
        label: `${hhmm(hour * 60)} – ${hhmm((hour + 1) * 60)}`,
        stationLabel: differs ? `Station: ${DAY_SHORT[sp.dayOfWeek]} ${hhmm(sp.minutes)}` : null,
        station,
        stationDate,
        slot: slotAt(slots, sp.dayOfWeek, sp.minutes, stationDate),
        isPast: at.getTime() + 60 * 60_000 <= now.getTime(),
      });
    }
    return {
      ...day,
      cells,
      mine: cells.filter((c) => c.slot?.presenterId === opts.viewerId).length,
    };
  });
}
