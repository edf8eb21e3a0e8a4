import {
  findCurrentSlot,
  minutesOf,
  slotsOn,
  type TimedSlot,
  to12Hour,
  upcomingSlots,
  zonedParts,
  zonedTimeToUtc,
} from '@shared/time';

/**
 * Schedule arithmetic, pure: slots are 'HH:MM' on a weekday in the station's time zone; listeners see
 * them on their own calendar and clock.
 */

const DAY_NAMES = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const DAY_NAMES_LONG = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

export interface StripDay extends CalendarDate {
  /** 'YYYY-MM-DD'. */
  key: string;
  /** 0 = Sunday … 6 = Saturday. */
  dayOfWeek: number;
  dayName: string;
  longLabel: string;
  dateLabel: string;
  isToday: boolean;
}

const pad = (n: number) => String(n).padStart(2, '0');
export const dateKey = (d: CalendarDate) => `${d.year}-${pad(d.month)}-${pad(d.day)}`;

/** The calendar date `offset` days after `d` (month and year roll over). */
export function addDays(d: CalendarDate, offset: number): CalendarDate & { dayOfWeek: number } {
  const t = new Date(Date.UTC(d.year, d.month - 1, d.day + offset));
  return {
    year: t.getUTCFullYear(),
    month: t.getUTCMonth() + 1,
    day: t.getUTCDate(),
    dayOfWeek: t.getUTCDay(),
  };
}

/** Seven days (or `count`) starting today in `tz`: day name, date, today marked. */
export function buildDayStrip(now: Date, tz: string, count = 7): StripDay[] {
  const today = zonedParts(now, tz);
  return Array.from({ length: count }, (_, i) => {
    const d = addDays(today, i);
    return {
      ...d,
      key: dateKey(d),
      dayName: DAY_NAMES[d.dayOfWeek],
      longLabel: `${DAY_NAMES_LONG[d.dayOfWeek]} ${d.day} ${MONTHS[d.month - 1]}`,
      dateLabel: `${d.day} ${MONTHS[d.month - 1]}`,
      isToday: i === 0,
    };
  });
}

export interface SlotOccurrence<T> {
  slot: T;
  /** The instant the show starts, or null when its time string is invalid. */
  start: Date | null;
  /** '9:30 PM' in the listener's zone, or 'Invalid time'. */
  startLabel: string;
  endLabel: string;
  isOnNow: boolean;
}

const localHHMM = (at: Date, tz: string) => {
  const p = zonedParts(at, tz);
  return `${pad(p.hour)}:${pad(p.minute)}`;
};

/** The instant of 'HH:MM' on a station-calendar date, or null for an invalid time. */
function instantOf(date: CalendarDate, hhmm: string, stationTz: string): Date | null {
  const m = minutesOf(hhmm);
  if (m === null) return null;
  return zonedTimeToUtc(date.year, date.month, date.day, Math.floor(m / 60), m % 60, stationTz);
}

/** One slot on one station date, with its times on the listener's clock. */
export function occurrenceOf<T extends TimedSlot>(
  slot: T,
  stationDate: CalendarDate,
  stationTz: string,
  listenerTz: string,
  onNow: T | null,
  stationToday: CalendarDate,
): SlotOccurrence<T> {
  const start = instantOf(stationDate, slot.startTime, stationTz);
  const startMin = minutesOf(slot.startTime);
  const endMin = minutesOf(slot.endTime);
  // A show ending at or before its start runs past midnight.
  const endDate =
    startMin !== null && endMin !== null && endMin <= startMin ? addDays(stationDate, 1) : stationDate;
  const end = instantOf(endDate, slot.endTime, stationTz);
  return {
    slot,
    start,
    startLabel: start ? to12Hour(localHHMM(start, listenerTz)) : to12Hour(slot.startTime),
    endLabel: end ? to12Hour(localHHMM(end, listenerTz)) : to12Hour(slot.endTime),
    isOnNow: onNow === slot && dateKey(stationDate) === dateKey(stationToday),
  };
}

/**
 * The shows that start on the listener's calendar day `day`, in start order. With the station in
 * another zone a show can fall on the listener's previous or next day, so the station dates around it
 * are looked at too. A slot with an invalid time stays on its own weekday.
 */
export function slotsForDay<T extends TimedSlot>(
  slots: T[],
  day: CalendarDate,
  stationTz: string,
  listenerTz: string,
  now: Date,
): SlotOccurrence<T>[] {
  const stationNow = zonedParts(now, stationTz);
  const onNow = findCurrentSlot(slotsOn(slots, stationNow), stationNow.dayOfWeek, stationNow.minutes);
  const key = dateKey(day);
  const out: SlotOccurrence<T>[] = [];
  for (const offset of [-1, 0, 1]) {
    const stationDate = addDays(day, offset);
    for (const slot of slots) {
      if (slot.dayOfWeek !== stationDate.dayOfWeek) continue;
      // A one-off runs on its own station date only.
      if (slot.date && slot.date !== dateKey(stationDate)) continue;
      const occ = occurrenceOf(slot, stationDate, stationTz, listenerTz, onNow, stationNow);
      const localDay = occ.start ? dateKey(zonedParts(occ.start, listenerTz)) : offset === 0 ? key : null;
      if (localDay === key) out.push(occ);
    }
  }
  return out.sort((a, b) => (a.start?.getTime() ?? Infinity) - (b.start?.getTime() ?? Infinity));
}

/** 'Coming Up': the next `count` shows later today in the station's zone, on the listener's clock. */
export function comingUpToday<T extends TimedSlot>(
  slots: T[],
  stationTz: string,
  listenerTz: string,
  now: Date,
  count = 2,
): SlotOccurrence<T>[] {
  const p = zonedParts(now, stationTz);
  return upcomingSlots(slotsOn(slots, p), p.dayOfWeek, p.minutes, count).map((s) =>
    occurrenceOf(s, p, stationTz, listenerTz, null, p),
  );
}

/** The listener's own time zone (the browser's). */
export function listenerTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** 'America/New_York (GMT-5)': names the zone times are shown in. */
export function zoneLabel(tz: string, at: Date): string {
  try {
    const name = new Intl.DateTimeFormat('en-GB', { timeZone: tz, timeZoneName: 'shortOffset' })
      .formatToParts(at)
      .find((p) => p.type === 'timeZoneName')?.value;
    return name ? `${tz.replace(/_/g, ' ')} (${name})` : tz;
  } catch {
    return tz;
  }
}

export interface NextShow<T> {
  slot: T;
  start: Date;
  /** The show is on the schedule right now (its presenter has not gone live yet). */
  isOnNow: boolean;
  /** 'On now', 'Today at 8:00 PM', 'Tomorrow at 9:30 AM' or 'Friday at 8:00 PM', on the listener's clock. */
  whenLabel: string;
  /** The listener's calendar date of the show ('YYYY-MM-DD'), to open that day of the schedule. */
  dayKey: string;
}

/**
 * The next show on the schedule: the one on now, else the first to start within the coming week, with
 * when it is in words on the listener's clock. Null when the week has no show.
 */
export function nextShow<T extends TimedSlot>(
  slots: T[],
  stationTz: string,
  listenerTz: string,
  now: Date,
): NextShow<T> | null {
  const today = zonedParts(now, stationTz);
  let best: { slot: T; start: Date; end: Date } | null = null;
  for (let offset = -1; offset <= 7; offset++) {
    const date = addDays(today, offset);
    for (const slot of slots) {
      if (slot.dayOfWeek !== date.dayOfWeek) continue;
      // A one-off runs on its own station date only.
      if (slot.date && slot.date !== dateKey(date)) continue;
      const start = instantOf(date, slot.startTime, stationTz);
      const startMin = minutesOf(slot.startTime);
      const endMin = minutesOf(slot.endTime);
      if (!start || startMin === null || endMin === null) continue;
      const end = instantOf(endMin <= startMin ? addDays(date, 1) : date, slot.endTime, stationTz);
      if (!end || end.getTime() <= now.getTime()) continue;
      if (!best || start.getTime() < best.start.getTime()) best = { slot, start, end };
    }
  }
  if (!best) return null;
  const isOnNow = best.start.getTime() <= now.getTime();
  const listenerToday = zonedParts(now, listenerTz);
  const showDay = zonedParts(best.start, listenerTz);
  const days = Math.round(
    (Date.UTC(showDay.year, showDay.month - 1, showDay.day) -
      Date.UTC(listenerToday.year, listenerToday.month - 1, listenerToday.day)) /
      86_400_000,
  );
  const time = to12Hour(localHHMM(best.start, listenerTz));
  const whenLabel = isOnNow
    ? 'On now'
    : days === 0
      ? `Today at ${time}`
      : days === 1
        ? `Tomorrow at ${time}`
        : `${DAY_NAMES_LONG[showDay.dayOfWeek]} at ${time}`;
  return { slot: best.slot, start: best.start, isOnNow, whenLabel, dayKey: dateKey(showDay) };
}
