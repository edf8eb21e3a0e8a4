import { sql } from 'drizzle-orm';
import { displayNameOf } from '../../../shared/contracts/accounts';
import type { Audience, AudienceRange } from '../../../shared/contracts/admin';
import type { AppContext } from '../../context';
import { queryRows } from '../../db/client';
import { stationTimeZone } from '../schedule/schedule.service';
import { type CsvValue, csvTable } from './csv';

type Ctx = Pick<AppContext, 'db' | 'config'>;

/** Each range and the width of its chart's points: 24 h by 10 minutes, 7 days by hour, 30 days by 4 hours. */
export const RANGE_SPECS: Record<AudienceRange, { hours: number; bucketMinutes: number }> = {
  '24h': { hours: 24, bucketMinutes: 10 },
  '7d': { hours: 7 * 24, bucketMinutes: 60 },
  '30d': { hours: 30 * 24, bucketMinutes: 240 },
};
/** The most live sessions listed for a range (newest first). */
export const LIVE_SESSIONS_LISTED = 200;
const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const round1 = (n: number) => Math.round(n * 10) / 10;
const hours = (listenerMinutes: number) => Math.round((listenerMinutes / 60) * 100) / 100;

/**
 * The range's window: it ends at the end of the current point (so the last point is the one now) and
 * covers `hours` before that.
 */
export function rangeWindow(range: AudienceRange, now: Date) {
  const { hours: h, bucketMinutes } = RANGE_SPECS[range];
  const step = bucketMinutes * 60_000;
  const to = Math.floor(now.getTime() / step) * step + step;
  const from = to - h * 3_600_000;
  return { from: new Date(from), to: new Date(to), step, points: (to - from) / step };
}

type Window = { from: Date; to: Date };
const inWindow = (col: ReturnType<typeof sql.raw>, w: Window) =>
  sql`${col} >= ${w.from.toISOString()}::timestamptz AND ${col} < ${w.to.toISOString()}::timestamptz`;

async function listenersOverTime(ctx: Pick<AppContext, 'db'>, w: ReturnType<typeof rangeWindow>) {
  const seconds = w.step / 1000;
  const rows = await queryRows<{ bucket: string | number; average: number; peak: number }>(
    ctx.db,
    sql`SELECT (floor(extract(epoch FROM sampled_at) / ${seconds}) * ${seconds})::bigint AS bucket,
               avg(listeners)::float AS average, max(listeners)::int AS peak
          FROM listener_samples WHERE ${inWindow(sql.raw('sampled_at'), w)}
         GROUP BY 1`,
  );
  const byBucket = new Map(rows.map((r) => [Number(r.bucket) * 1000, r]));
  return Array.from({ length: w.points }, (_, i) => {
    const at = w.from.getTime() + i * w.step;
    const r = byBucket.get(at);
    return {
      at: new Date(at).toISOString(),
      average: r ? round1(Number(r.average)) : null,
      peak: r ? Number(r.peak) : null,
    };
  });
}

async function totals(ctx: Pick<AppContext, 'db'>, w: Window) {
  const [r] = await queryRows<{ minutes: number; peak: number; samples: number }>(
    ctx.db,
    sql`SELECT coalesce(sum(listeners), 0)::bigint AS minutes, coalesce(max(listeners), 0)::int AS peak,
               count(*)::int AS samples
          FROM listener_samples WHERE ${inWindow(sql.raw('sampled_at'), w)}`,
  );
  const minutes = Number(r.minutes);
  const samples = Number(r.samples);
  return {
    listeningHours: hours(minutes),
    peakListeners: Number(r.peak),
    averageListeners: samples ? round1(minutes / samples) : 0,
    sampledMinutes: samples,
  };
}

/** Listening per kind of client or per mount: listener-minutes, peak in a minute, average over sampled minutes. */
async function shares(ctx: Pick<AppContext, 'db'>, w: Window, by: 'client_kind' | 'mount', sampled: number) {
  const rows = await queryRows<{ name: string; minutes: number; peak: number }>(
    ctx.db,
    sql`WITH m AS (
          SELECT sampled_at, ${sql.raw(by)} AS name, sum(listeners) AS n
            FROM listener_audience_samples WHERE ${inWindow(sql.raw('sampled_at'), w)}
           GROUP BY 1, 2)
        SELECT name, sum(n)::bigint AS minutes, max(n)::int AS peak FROM m GROUP BY name
         ORDER BY minutes DESC, name`,
  );
  const present = rows.map((r) => ({
    name: r.name,
    listeningHours: hours(Number(r.minutes)),
    averageListeners: sampled ? round1(Number(r.minutes) / sampled) : 0,
    peakListeners: Number(r.peak),
  }));
  if (by === 'client_kind') {
    // Every kind is listed, in a fixed order, so a chart keeps its colours.
    return (['browser', 'app', 'other'] as const).map(
      (kind) =>
        present.find((p) => p.name === kind) ?? {
          name: kind,
          listeningHours: 0,
          averageListeners: 0,
          peakListeners: 0,
        },
    );
  }
  return present;
}

type SlotWindow = { from: Date; to?: Date };

/**
 * Each approved weekly slot of the timetable with the minute samples taken while it was on (its day and
 * hours in the station's time zone, every week of the window; a slot ending 00:00 runs to midnight):
 * peak, listener-minutes and number of samples, highest peak first. Used by the audience and analytics pages.
 */
export function weeklySlotAudiences(ctx: Pick<AppContext, 'db'>, tz: string, w: SlotWindow) {
  const until = w.to ? sql` AND sampled_at < ${w.to.toISOString()}::timestamptz` : sql``;
  return queryRows<{
    id: string;
    show_name: string;
    day_of_week: number;
    start_time: string;
    end_time: string;
    full_name: string | null;
    email: string;
    peak: number;
    minutes: number;
    samples: number;
  }>(
    ctx.db,
    sql`WITH m AS (
          SELECT extract(dow FROM sampled_at AT TIME ZONE ${tz})::int AS dow,
                 (sampled_at AT TIME ZONE ${tz})::time AS t, listeners
            FROM listener_samples WHERE sampled_at >= ${w.from.toISOString()}::timestamptz${until})
        SELECT s.id, s.show_name, s.day_of_week, s.start_time, s.end_time, p.full_name, p.email,
               coalesce(max(m.listeners), 0)::int AS peak, coalesce(sum(m.listeners), 0)::bigint AS minutes,
               count(m.t)::int AS samples
          FROM schedule_slots s
          JOIN profiles p ON p.id = s.presenter_id
          LEFT JOIN m ON m.dow = s.day_of_week AND m.t >= s.start_time::time
                     AND (s.end_time = '00:00' OR m.t < s.end_time::time)
         WHERE s.status = 'approved'
         GROUP BY s.id, p.full_name, p.email
         ORDER BY peak DESC, s.day_of_week, s.start_time`,
  );
}

/**
 * Per show: each approved weekly slot of the timetable (the samples taken while it was on, every week of
 * the range, in the station's time zone; a slot ending 00:00 runs to midnight), and each live session
 * (the samples between its start and its end, or now while it is on).
 */
async function showAudiences(ctx: Pick<AppContext, 'db'>, tz: string, w: Window, now: Date) {
  const slots = await weeklySlotAudiences(ctx, tz, w);
  const lives = await queryRows<{
    id: string;
    show_title: string;
    streamer_username: string;
    started_at: Date | string;
    ended_at: Date | string | null;
    full_name: string | null;
    email: string | null;
    peak: number;
    minutes: number;
    samples: number;
  }>(
    ctx.db,
    sql`SELECT ls.id, ls.show_title, ls.streamer_username, ls.started_at, ls.ended_at, p.full_name, p.email,
               coalesce(max(x.listeners), 0)::int AS peak, coalesce(sum(x.listeners), 0)::bigint AS minutes,
               count(x.sampled_at)::int AS samples
          FROM (SELECT * FROM live_sessions
                 WHERE started_at < ${w.to.toISOString()}::timestamptz
                   AND (ended_at IS NULL OR ended_at > ${w.from.toISOString()}::timestamptz)
                 ORDER BY started_at DESC LIMIT ${LIVE_SESSIONS_LISTED}) ls
          LEFT JOIN profiles p ON p.id = ls.presenter_id
          LEFT JOIN listener_samples x
                 ON x.sampled_at >= date_trunc('minute', ls.started_at)
                AND x.sampled_at < coalesce(ls.ended_at, ${now.toISOString()}::timestamptz)
                AND ${inWindow(sql.raw('x.sampled_at'), w)}
         GROUP BY ls.id, ls.show_title, ls.streamer_username, ls.started_at, ls.ended_at, p.full_name, p.email`,
  );
  const show = (r: { peak: number; minutes: number; samples: number }) => ({
    peakListeners: Number(r.peak),
    averageListeners: Number(r.samples) ? round1(Number(r.minutes) / Number(r.samples)) : 0,
    listeningHours: hours(Number(r.minutes)),
    samples: Number(r.samples),
  });
  const out: Audience['shows'] = [
    ...slots.map((r) => ({
      kind: 'schedule' as const,
      id: r.id,
      showName: r.show_name,
      presenterName: displayNameOf({ fullName: r.full_name, email: r.email }),
      when: `${DAYS[r.day_of_week]} ${r.start_time.slice(0, 5)}–${r.end_time.slice(0, 5)}`,
      startedAt: null,
      endedAt: null,
      ...show(r),
    })),
    ...lives.map((r) => ({
      kind: 'live' as const,
      id: r.id,
      showName: r.show_title,
      presenterName: r.email ? displayNameOf({ fullName: r.full_name, email: r.email }) : r.streamer_username,
      when: new Date(r.started_at).toISOString(),
      startedAt: new Date(r.started_at).toISOString(),
      endedAt: r.ended_at ? new Date(r.ended_at).toISOString() : null,
      ...show(r),
    })),
  ];
  return out.sort((a, b) => b.peakListeners - a.peakListeners || a.showName.localeCompare(b.showName));
}

/** The Analytics page's audience over a range: over time, per show, hours, per kind of client and per mount. */
export async function getAudience(ctx: Ctx, range: AudienceRange, now = new Date()): Promise<Audience> {
  const tz = await stationTimeZone(ctx);
  const w = rangeWindow(range, now);
  const [listeners, total, shows] = await Promise.all([
    listenersOverTime(ctx, w),
    totals(ctx, w),
    showAudiences(ctx, tz, w, now),
  ]);
  const [byClient, byMount] = await Promise.all([
    shares(ctx, w, 'client_kind', total.sampledMinutes),
    shares(ctx, w, 'mount', total.sampledMinutes),
  ]);
  return {
    range,
    from: w.from.toISOString(),
    to: w.to.toISOString(),
    timezone: tz,
    bucketMinutes: RANGE_SPECS[range].bucketMinutes,
    listeners,
    ...total,
    shows,
    byClient,
    byMount,
  };
}

/** One table of the audience as CSV (the Analytics page's download buttons). */
export function audienceCsv(a: Audience, table: 'listeners' | 'shows' | 'clients' | 'mounts'): string {
  const shareRows = (rows: Audience['byClient']): CsvValue[][] =>
    rows.map((r) => [r.name, r.listeningHours, r.averageListeners, r.peakListeners]);
  switch (table) {
    case 'listeners':
      return csvTable(
        ['start_utc', 'average_listeners', 'peak_listeners'],
        a.listeners.map((p) => [p.at, p.average, p.peak]),
      );
    case 'shows':
      return csvTable(
        [
          'kind',
          'show',
          'presenter',
          'when',
          'started_utc',
          'ended_utc',
          'peak_listeners',
          'average_listeners',
          'listening_hours',
          'sampled_minutes',
        ],
        a.shows.map((s) => [
          s.kind,
          s.showName,
          s.presenterName,
          s.when,
          s.startedAt,
          s.endedAt,
          s.peakListeners,
          s.averageListeners,
          s.listeningHours,
          s.samples,
        ]),
      );
    case 'clients':
      return csvTable(
        ['client_kind', 'listening_hours', 'average_listeners', 'peak_listeners'],
        shareRows(a.byClient),
      );
    case 'mounts':
      return csvTable(
        ['mount', 'listening_hours', 'average_listeners', 'peak_listeners'],
        shareRows(a.byMount),
      );
  }
}
