import { sql } from 'drizzle-orm';
import { zonedParts } from '../../../shared/time';
import type { AppContext } from '../../context';
import { queryRows } from '../../db/client';
import { badRequest } from '../../infra/http/errors';
import { stationTimeZone } from '../schedule/schedule.service';
import { csvRow } from './csv';

/*
 * Station data exports for admins: the play history for royalties (CSV) and the listener samples of a
 * range. Their URLs say "reports" (/api/admin/reports/…); the safety module's reports are abuse reports.
 */

type Ctx = Pick<AppContext, 'db' | 'config'>;

const DAY_MS = 86_400_000;
/** The play history report covers at most a year (366 days, for a leap year) per download. */
export const PLAYS_EXPORT_MAX_DAYS = 366;
/** The listeners report covers at most 31 days (44,640 minute samples). */
export const LISTENERS_EXPORT_MAX_DAYS = 31;
/** A play's duration is the time until the next play, capped at its track's length, else at 2 hours. */
export const UNKNOWN_LENGTH_CAP_SECONDS = 2 * 3600;
const PAGE = 2000;
/** A report's times lie in [1970, 10000): outside it the database and the station's clock have no days. */
const EARLIEST_REPORT_MS = Date.UTC(1970, 0, 1);
const LATEST_REPORT_MS = Date.UTC(10000, 0, 1);

/** A report's range from its query: two ISO 8601 times, `from` before `to`, at most `maxDays` apart. */
export function exportRange(q: { from?: string; to?: string }, maxDays: number) {
  const parse = (name: 'from' | 'to') => {
    const raw = q[name];
    if (!raw) throw badRequest(`Give ${name} as an ISO 8601 date or time.`, { [name]: 'Required' });
    const at = /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(raw) ? Date.parse(raw) : Number.NaN;
    if (!Number.isFinite(at))
      throw badRequest(`${name} is not an ISO 8601 date or time: ${raw.slice(0, 40)}`, {
        [name]: 'Not an ISO 8601 date or time',
      });
    if (at < EARLIEST_REPORT_MS || at >= LATEST_REPORT_MS)
      throw badRequest(`${name} must be between the years 1970 and 9999: ${raw.slice(0, 40)}`, {
        [name]: 'Out of range',
      });
    return new Date(at);
  };
  const from = parse('from');
  const to = parse('to');
  if (to.getTime() <= from.getTime())
    throw badRequest('to must be after from.', { to: 'Must be after from' });
  if (to.getTime() - from.getTime() > maxDays * DAY_MS)
    throw badRequest(`The range is too long: at most ${maxDays} days per report.`, {
      to: `At most ${maxDays} days after from`,
    });
  return { from, to };
}

/** "2026-11-18T15:30:00+00:00": the wall-clock time in `tz`, with its offset from UTC. */
export function stationTime(at: Date, tz: string): string {
  const p = zonedParts(at, tz);
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  const offset = Math.round((wall - Math.floor(at.getTime() / 1000) * 1000) / 60_000);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${p.year}-${two(p.month)}-${two(p.day)}T${two(p.hour)}:${two(p.minute)}:${two(p.second)}${sign}${two(Math.floor(abs / 60))}:${two(abs % 60)}`;
}

export const PLAYS_CSV_COLUMNS = [
  'start_utc',
  'start_station_time',
  'station_time_zone',
  'duration_seconds',
  'title',
  'artist',
  'album',
  'isrc',
  'source',
  'playlist',
  'live_show',
  'listeners_at_start',
] as const;

interface PlayRow {
  id: string;
  played_at: Date | string;
  /** played_at exactly as the database holds it (microseconds), for the next page's cursor. */
  at_text: string;
  next_at: Date | string | null;
  play_source: string;
  title: string;
  artist: string;
  album: string | null;
  isrc: string | null;
  duration_ms: number | null;
  playlist_name: string | null;
  show_title: string | null;
  listeners: number | null;
}

/** Seconds until the next play, capped at the track's length (else 2 h); the last play: its length, if known. */
export function playDuration(start: Date, next: Date | null, lengthMs: number | null): number | null {
  const length = lengthMs !== null && lengthMs > 0 ? Math.round(lengthMs / 1000) : null;
  if (!next) return length;
  const gap = Math.max(0, Math.round((next.getTime() - start.getTime()) / 1000));
  return Math.min(gap, length ?? UNKNOWN_LENGTH_CAP_SECONDS);
}

/**
 * The play history for royalties, as CSV lines (the header first), read page by page so a year of plays
 * streams out without being held in memory. One line per play whose start is in [from, to).
 * ISRC, album and length come from the media library track the play was of (else any library track of
 * the song); the album falls back to the song's (what the engine reported when no library track has one).
 */
export async function* playsCsv(ctx: Ctx, range: { from: Date; to: Date }): AsyncGenerator<string> {
  const tz = await stationTimeZone(ctx);
  yield csvRow([...PLAYS_CSV_COLUMNS]);
  let after: { at: string; id: string } | null = null;
  for (;;) {
    const cursor = after
      ? // The first condition lets the played_at index find the page; the second orders ties by id.
        sql`AND sp.played_at >= ${after.at}::timestamptz
            AND (sp.played_at, sp.id) > (${after.at}::timestamptz, ${after.id}::uuid)`
      : sql``;
    const rows: PlayRow[] = await queryRows<PlayRow>(
      ctx.db,
      sql`SELECT sp.id, sp.played_at, sp.played_at::text AS at_text, sp.play_source, s.title, s.artist,
                 coalesce(mt.album, s.album, alt.album) AS album,
                 sp.playlist_name, sp.show_title, sp.listeners,
                 coalesce(mt.isrc, alt.isrc) AS isrc,
                 coalesce(mt.duration_ms, alt.duration_ms) AS duration_ms,
                 (SELECT min(n.played_at) FROM song_plays n WHERE n.played_at > sp.played_at) AS next_at
            FROM song_plays sp
            JOIN songs s ON s.id = sp.song_id
            LEFT JOIN media_tracks mt ON mt.id = sp.media_track_id
            LEFT JOIN LATERAL (
              SELECT a.isrc, a.duration_ms, a.album FROM media_tracks a
               WHERE sp.media_track_id IS NULL AND a.song_id = sp.song_id
               ORDER BY (a.isrc IS NULL), a.created_at LIMIT 1) alt ON true
           WHERE sp.played_at >= ${range.from.toISOString()}::timestamptz
             AND sp.played_at < ${range.to.toISOString()}::timestamptz
             ${cursor}
           ORDER BY sp.played_at, sp.id
           LIMIT ${PAGE}`,
    );
    let chunk = '';
    for (const r of rows) {
      const start = new Date(r.played_at);
      chunk += csvRow([
        start.toISOString(),
        stationTime(start, tz),
        tz,
        playDuration(
          start,
          r.next_at ? new Date(r.next_at) : null,
          r.duration_ms === null ? null : Number(r.duration_ms),
        ),
        r.title,
        r.artist,
        r.album,
        r.isrc,
        r.play_source,
        r.playlist_name,
        r.show_title,
        r.listeners,
      ]);
    }
    if (chunk) yield chunk;
    if (rows.length < PAGE) return;
    const last = rows[rows.length - 1];
    after = { at: last.at_text, id: last.id };
  }
}

/**
 * The listener samples of [from, to), one a minute, with their peak and average (0 and 0 without any).
 * `at` is the minute (UTC, ISO).
 */
export async function listenersExport(ctx: Pick<AppContext, 'db'>, range: { from: Date; to: Date }) {
  const rows = await queryRows<{ sampled_at: Date | string; listeners: number }>(
    ctx.db,
    sql`SELECT sampled_at, listeners FROM listener_samples
         WHERE sampled_at >= ${range.from.toISOString()}::timestamptz
           AND sampled_at < ${range.to.toISOString()}::timestamptz
         ORDER BY sampled_at`,
  );
  const samples = rows.map((r) => ({
    at: new Date(r.sampled_at).toISOString(),
    listeners: Number(r.listeners),
  }));
  const sum = samples.reduce((a, s) => a + s.listeners, 0);
  return {
    from: range.from.toISOString(),
    to: range.to.toISOString(),
    peak: samples.reduce((a, s) => Math.max(a, s.listeners), 0),
    average: samples.length ? Math.round((sum / samples.length) * 10) / 10 : 0,
    samples,
  };
}
