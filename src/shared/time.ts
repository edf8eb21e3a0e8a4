/**
 * Time helpers shared by server and web. Schedule slots are 'HH:MM' in the station's time zone; the
 * current slot is found by minutes since midnight, inclusive of start and end.
 */

export function minutesOf(hhmm: string): number | null {
  const m = /^(\d{1,2}):(\d{2})$/.exec(hhmm.trim());
  if (!m) return null;
  const h = Number(m[1]);
  const min = Number(m[2]);
  if (h > 23 || min > 59) return null;
  return h * 60 + min;
}

export interface ZonedParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  /** 0 = Sunday … 6 = Saturday. */
  dayOfWeek: number;
  /** Minutes since midnight in that zone. */
  minutes: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(tz: string) {
  let f = formatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      weekday: 'short',
    });
    formatters.set(tz, f);
  }
  return f;
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

export function zonedParts(date: Date, tz: string): ZonedParts {
  const parts = Object.fromEntries(
    formatter(tz)
      .formatToParts(date)
      .map((p) => [p.type, p.value]),
  );
  const hour = Number(parts.hour);
  const minute = Number(parts.minute);
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour,
    minute,
    second: Number(parts.second),
    dayOfWeek: WEEKDAYS.indexOf(parts.weekday),
    minutes: hour * 60 + minute,
  };
}

export function isValidTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

function offsetMinutes(date: Date, tz: string): number {
  const p = zonedParts(date, tz);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return Math.round((asUtc - Math.floor(date.getTime() / 1000) * 1000) / 60000);
}

/** The instant at which the wall-clock time y-m-d hh:mm happens in a time zone. */
export function zonedTimeToUtc(y: number, m: number, d: number, hh: number, mm: number, tz: string): Date {
  const guess = Date.UTC(y, m - 1, d, hh, mm);
  const off1 = offsetMinutes(new Date(guess), tz);
  let t = guess - off1 * 60000;
  const off2 = offsetMinutes(new Date(t), tz);
  if (off2 !== off1) t = guess - off2 * 60000;
  return new Date(t);
}

export interface TimedSlot {
  dayOfWeek: number;
  startTime: string;
  endTime: string;
  /** A one-off show's station date ('YYYY-MM-DD'); weekly shows have none. */
  date?: string | null;
}

/** 'YYYY-MM-DD' of a calendar date. */
export function isoDate(d: { year: number; month: number; day: number }): string {
  return `${d.year}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;
}

/** The slots that run on a station date: every weekly one, and the one-offs of that date. */
export function slotsOn<T extends TimedSlot>(
  slots: T[],
  date: { year: number; month: number; day: number },
): T[] {
  const key = isoDate(date);
  return slots.filter((s) => !s.date || s.date === key);
}

/** The slot on air at `minutes` of `dayOfWeek` (inclusive of start and end), if any. */
export function findCurrentSlot<T extends TimedSlot>(
  slots: T[],
  dayOfWeek: number,
  minutes: number,
): T | null {
  for (const s of slots) {
    if (s.dayOfWeek !== dayOfWeek) continue;
    const start = minutesOf(s.startTime);
    const end = minutesOf(s.endTime);
    if (start === null || end === null) continue;
    // A show that ends at midnight or runs past it is stored with an end before its start.
    const until = end <= start ? 24 * 60 : end;
    if (minutes >= start && minutes <= until) return s;
  }
  return null;
}

/** The next `count` slots later today (starting after `minutes`), in start order. */
export function upcomingSlots<T extends TimedSlot>(
  slots: T[],
  dayOfWeek: number,
  minutes: number,
  count: number,
): T[] {
  return slots
    .filter((s) => s.dayOfWeek === dayOfWeek && (minutesOf(s.startTime) ?? -1) > minutes)
    .sort((a, b) => (minutesOf(a.startTime) ?? 0) - (minutesOf(b.startTime) ?? 0))
    .slice(0, count);
}

/** 'HH:MM' to a 12-hour clock ('9:30 PM'); 'Invalid time' for anything else. */
export function to12Hour(hhmm: string): string {
  const m = minutesOf(hhmm);
  if (m === null) return 'Invalid time';
  const h = Math.floor(m / 60);
  const min = m % 60;
  const suffix = h < 12 ? 'AM' : 'PM';
  const h12 = h % 12 === 0 ? 12 : h % 12;
  return `${h12}:${String(min).padStart(2, '0')} ${suffix}`;
}
