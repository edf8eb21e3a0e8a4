import { z } from 'zod';

/**
 * Icecast 2.4's status-json.xsl, the one parser of it (the icecast backend and the built-in engine's
 * mount checks both read it here), read tolerantly: `icestats.source` is absent with no mount connected,
 * an object with one and an array with several; string fields may come as numbers.
 */
const text = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((v) => (v == null ? '' : String(v)));
const num = z
  .union([z.number(), z.string()])
  .nullish()
  .transform((v) => {
    const n = Number(v ?? 0);
    return Number.isFinite(n) ? n : 0;
  });

export const IcecastSourceSchema = z.object({
  listenurl: text,
  listeners: num,
  listener_peak: num,
  server_name: text,
  server_description: text,
  genre: text,
  title: text,
  artist: text,
  bitrate: num,
  audio_info: text,
  stream_start_iso8601: text,
  /** The older, non-ISO start time ("Sat, 21 Nov 2026 10:00:00 +0000"). */
  stream_start: text,
});
export type IcecastSource = z.output<typeof IcecastSourceSchema>;

export const IcecastStatusSchema = z.object({
  icestats: z.object({
    server_id: text,
    host: text,
    source: z
      .union([z.array(IcecastSourceSchema), IcecastSourceSchema])
      .nullish()
      .transform((v) => (v == null ? [] : Array.isArray(v) ? v : [v])),
  }),
});
export type IcecastStatus = z.output<typeof IcecastStatusSchema>;

/** The source whose listen URL ends with `mount` when given (none if absent), else the first one. */
export function pickSource(sources: IcecastSource[], mount?: string | null): IcecastSource | null {
  if (!mount) return sources[0] ?? null;
  const wanted = mount.startsWith('/') ? mount : `/${mount}`;
  return sources.find((s) => s.listenurl.endsWith(wanted)) ?? null;
}

/** Artist and title from Icecast metadata: `artist` when given, else "Artist - Title" split on the first " - ". */
export function splitTitle(source: Pick<IcecastSource, 'title' | 'artist'>): {
  artist: string;
  title: string;
} {
  const raw = source.title.trim();
  if (source.artist.trim()) return { artist: source.artist.trim(), title: raw };
  const dash = raw.indexOf(' - ');
  if (dash < 0) return { artist: '', title: raw };
  return { artist: raw.slice(0, dash).trim(), title: raw.slice(dash + 3).trim() };
}

/** Parses a status-json.xsl body; Icecast 2.4 can emit raw control characters inside titles, which JSON rejects. */
export function parseStatusJson(body: string): unknown {
  return JSON.parse(Array.from(body, (ch) => (ch.charCodeAt(0) < 0x20 ? ' ' : ch)).join(''));
}

/** The mount a source is served on: its listen URL's path (null when the URL is not one). */
export function sourceMount(source: Pick<IcecastSource, 'listenurl'>): string | null {
  try {
    return new URL(source.listenurl).pathname;
  } catch {
    return null;
  }
}

/** When a source started streaming (Icecast gives it to the second), if it says. */
export function sourceStart(
  source: Pick<IcecastSource, 'stream_start_iso8601' | 'stream_start'>,
): Date | null {
  const at = Date.parse(source.stream_start_iso8601 || source.stream_start);
  return Number.isFinite(at) ? new Date(at) : null;
}
