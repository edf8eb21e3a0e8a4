/** Words and numbers for Listen again: lengths, positions and air dates on the listener's own clock. */

/** A show's length for a list: "58 min", "1 h 05 min", "45 s". */
export function formatLength(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s} s`;
  const h = Math.floor(s / 3600);
  const m = Math.round((s % 3600) / 60);
  if (h === 0) return `${m} min`;
  if (m === 60) return `${h + 1} h 00 min`;
  return `${h} h ${String(m).padStart(2, '0')} min`;
}

/** A player position: "4:05", "1:02:03". */
export function formatPosition(seconds: number): string {
  const s = Number.isFinite(seconds) ? Math.max(0, Math.floor(seconds)) : 0;
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}

/** When a show went out, in the listener's zone: "Tue 3 Nov, 20:00". */
export function formatAired(iso: string, timeZone?: string, locale?: string): string {
  return new Date(iso).toLocaleString(locale ?? 'en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    ...(timeZone ? { timeZone } : {}),
  });
}
