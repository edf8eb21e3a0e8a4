import { desc, eq, gt, sql } from 'drizzle-orm';
import type { Chart } from '../../../shared/contracts/library';
import { EVENT_TYPES, topics } from '../../../shared/events';
import { zonedParts, zonedTimeToUtc } from '../../../shared/time';
import type { AppContext } from '../../context';
import { type DbOrTx, queryRows } from '../../db/client';
import { stationTimeZone } from '../schedule/schedule.service';
import { weeklyChart } from './library.table';

export const CHART_SIZE = 20;
const CHART_LOCK = 727278;

/** The week ending seven days before (dates as YYYY-MM-DD). */
export function weekBefore(weekEnding: string) {
  const d = new Date(`${weekEnding}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 7);
  return d.toISOString().slice(0, 10);
}

/**
 * Chart weeks run Monday to Sunday in the station's time zone. The chart of a week counts the plays from
 * its Monday 00:00 up to now (or its end). Regenerating a week replaces its rows, so the current week's
 * chart can be updated as the week goes; the weekly job closes each finished week on Monday morning.
 */
export function chartWeek(now: Date, tz: string) {
  const p = zonedParts(now, tz);
  const daysSinceMonday = (p.dayOfWeek + 6) % 7;
  const mondayUtcMidday = new Date(Date.UTC(p.year, p.month - 1, p.day - daysSinceMonday, 12));
  const sundayUtcMidday = new Date(mondayUtcMidday.getTime() + 6 * 86_400_000);
  const start = zonedTimeToUtc(
    mondayUtcMidday.getUTCFullYear(),
    mondayUtcMidday.getUTCMonth() + 1,
    mondayUtcMidday.getUTCDate(),
    0,
    0,
    tz,
  );
  const nextMonday = new Date(mondayUtcMidday.getTime() + 7 * 86_400_000);
  const end = zonedTimeToUtc(
    nextMonday.getUTCFullYear(),
    nextMonday.getUTCMonth() + 1,
    nextMonday.getUTCDate(),
    0,
    0,
    tz,
  );
  return { weekEnding: sundayUtcMidday.toISOString().slice(0, 10), start, end };
}

/** The last week (Monday to Sunday in the station's zone) that is over at `now`. */
export function lastCompleteWeek(now: Date, tz: string) {
  return chartWeek(new Date(chartWeek(now, tz).start.getTime() - 1), tz);
}

/** Is `now` within the first hour of a Monday in the station's zone (when the weekly job closes a week)? */
export function isWeekClosingHour(now: Date, tz: string) {
  const p = zonedParts(now, tz);
  return p.dayOfWeek === 1 && p.hour === 0;
}

type ChartCtx = Pick<AppContext, 'db' | 'config' | 'realtime' | 'jobs' | 'events'>;

/**
 * "Update Chart" and the weekly job: build the last complete week in the station's zone. A chart of a
 * week not yet over (one an earlier version built part-way) goes, so the chart shown is the full week.
 */
export async function generateLastCompleteChart(
  ctx: ChartCtx,
  now = new Date(),
  opts: { announce?: boolean } = {},
): Promise<Chart> {
  const tz = await stationTimeZone(ctx);
  const week = lastCompleteWeek(now, tz);
  return generateChart(ctx, week.start, now, { ...opts, dropLaterWeeks: true });
}

/**
 * Generates the chart of the week holding `at`, counting its plays up to now (or the week's end). With
 * `announce` (the weekly job), `chart.published` is emitted in the same transaction (Discord announces it).
 */
export async function generateChart(
  ctx: ChartCtx,
  at = new Date(),
  now = new Date(),
  opts: { announce?: boolean; dropLaterWeeks?: boolean } = {},
): Promise<Chart> {
  const tz = await stationTimeZone(ctx);
  const week = chartWeek(at, tz);
  const until = now < week.end ? now : week.end;
  await ctx.db.transaction(async (tx) => {
    // One generation at a time (the weekly job, and admins pressing the button together): each replaces
    // the week's rows whole, so the next one waits and then replaces them again.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${CHART_LOCK}::int)`);
    const counted = await queryRows<{
      song_id: string;
      title: string;
      artist: string;
      art: string | null;
      plays: number;
    }>(
      tx,
      sql`SELECT s.id AS song_id, s.title, s.artist, s.spotify_art_url AS art, count(*)::int AS plays
          FROM song_plays p JOIN songs s ON s.id = p.song_id
          WHERE p.played_at >= ${week.start.toISOString()} AND p.played_at < ${until.toISOString()}
          GROUP BY s.id ORDER BY plays DESC, max(p.played_at) DESC, s.title ASC LIMIT ${CHART_SIZE}`,
    );
    // Movement and weeks in chart compare with the week just before only: a song back after a week
    // without a chart (or out of it) starts a new run.
    const previous = await tx
      .select()
      .from(weeklyChart)
      .where(eq(weeklyChart.weekEnding, weekBefore(week.weekEnding)));
    const prevBySong = new Map(previous.filter((e) => e.songId).map((e) => [e.songId!, e]));
    await tx.delete(weeklyChart).where(eq(weeklyChart.weekEnding, week.weekEnding));
    if (opts.dropLaterWeeks) await tx.delete(weeklyChart).where(gt(weeklyChart.weekEnding, week.weekEnding));
    if (counted.length === 0) return;
    await tx.insert(weeklyChart).values(
      counted.map((c, i) => {
        const before = prevBySong.get(c.song_id);
        return {
          weekEnding: week.weekEnding,
          chartPosition: i + 1,
          songId: c.song_id,
          songTitle: c.title,
          artist: c.artist,
          albumArt: c.art,
          playCount: Number(c.plays),
          weeksInChart: before ? before.weeksInChart + 1 : 1,
          positionChange: before ? before.chartPosition - (i + 1) : 0,
          isNew: !before,
        };
      }),
    );
    if (opts.announce) {
      const entries = counted.map((c, i) => ({
        chartPosition: i + 1,
        songTitle: c.title,
        artist: c.artist,
        playCount: Number(c.plays),
      }));
      await ctx.events.emit('chart.published', { weekEnding: week.weekEnding, entries }, tx);
    }
  });
  await ctx.realtime.publish(topics.public, EVENT_TYPES.chartChanged, { weekEnding: week.weekEnding });
  return chartOf(ctx.db, week.weekEnding);
}

export async function latestChart(db: DbOrTx): Promise<Chart> {
  const [latest] = await db
    .select({ weekEnding: weeklyChart.weekEnding })
    .from(weeklyChart)
    .orderBy(desc(weeklyChart.weekEnding))
    .limit(1);
  if (!latest) return { weekEnding: null, entries: [] };
  return chartOf(db, latest.weekEnding);
}

/** The chart of one week (no entries when nothing was played in it). */
async function chartOf(db: DbOrTx, weekEnding: string): Promise<Chart> {
  const rows = await db
    .select()
    .from(weeklyChart)
    .where(eq(weeklyChart.weekEnding, weekEnding))
    .orderBy(weeklyChart.chartPosition);
  return {
    weekEnding,
    entries: rows.map((r) => ({
      id: r.id,
      chartPosition: r.chartPosition,
      songTitle: r.songTitle,
      artist: r.artist,
      albumArt: r.albumArt,
      playCount: r.playCount,
      weeksInChart: r.weeksInChart,
      positionChange: r.positionChange,
      isNew: r.isNew,
    })),
  };
}
