const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'} ago`;

/**
 * 'just now', 'N minutes ago', 'N hours ago' or 'N days ago' (the notification bell).
 * Times in the future (a clock running ahead) read 'just now'; an invalid date reads ''.
 */
export function relativeTime(value: string | number | Date, now: number = Date.now()): string {
  const at = new Date(value).getTime();
  if (Number.isNaN(at)) return '';
  const seconds = Math.max(0, Math.floor((now - at) / 1000));
  if (seconds < MINUTE) return 'just now';
  if (seconds < HOUR) return plural(Math.floor(seconds / MINUTE), 'minute');
  if (seconds < DAY) return plural(Math.floor(seconds / HOUR), 'hour');
  return plural(Math.floor(seconds / DAY), 'day');
}
