/**
 * Scheduled playlists' windows, in the station's wall-clock time: days (0 = Sunday) and 'HH:MM' start and
 * end. An end at or before the start runs over midnight into the next day; equal start and end mean the
 * whole day. Wall-clock times make daylight-saving changes follow by themselves (a window over the
 * missing spring hour is an hour shorter that night).
 */
export interface ScheduleWindow {
  days: number[];
  start: string;
  end: string;
}

export const minutesOf = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return h * 60 + m;
};

export function windowInForce(w: ScheduleWindow, dayOfWeek: number, minutes: number): boolean {
  const start = minutesOf(w.start);
  const end = minutesOf(w.end);
  if (start === end) return w.days.includes(dayOfWeek);
  if (start < end) return w.days.includes(dayOfWeek) && minutes >= start && minutes < end;
  const yesterday = (dayOfWeek + 6) % 7;
  return (w.days.includes(dayOfWeek) && minutes >= start) || (w.days.includes(yesterday) && minutes < end);
}

export function scheduleInForce(
  windows: ScheduleWindow[],
  at: { dayOfWeek: number; minutes: number },
): boolean {
  return windows.some((w) => windowInForce(w, at.dayOfWeek, at.minutes));
}
