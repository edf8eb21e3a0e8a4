/** How Stream Info's connection check words what the DJ's software sends and for how long. */

const FORMATS: Record<string, string> = {
  'audio/mpeg': 'MP3',
  'audio/mp3': 'MP3',
  'audio/aac': 'AAC',
  'audio/aacp': 'AAC+',
  'audio/ogg': 'Ogg',
  'application/ogg': 'Ogg',
  'audio/opus': 'Opus',
  'audio/flac': 'FLAC',
  'audio/webm': 'WebM',
};

/** "MP3 (audio/mpeg)", or what to do when the software did not say. */
export function formatLabel(format: string | null): string {
  if (!format) return 'Not reported by your software';
  const name = FORMATS[format];
  return name ? `${name} (${format})` : format;
}

/** "2 h 05 min", "12 min", "less than a minute". */
export function durationLabel(sinceMs: number, nowMs: number): string {
  const minutes = Math.max(0, Math.floor((nowMs - sinceMs) / 60_000));
  if (minutes < 1) return 'less than a minute';
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;
}
