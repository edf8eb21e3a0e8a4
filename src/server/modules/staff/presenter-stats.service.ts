import { asc, eq, sql } from 'drizzle-orm';
import type { PresenterStats } from '../../../shared/contracts/staff';
import { EVENT_TYPES, topics } from '../../../shared/events';
import { LIMITS } from '../../../shared/limits';
import { zonedParts, zonedTimeToUtc } from '../../../shared/time';
import type { AppContext } from '../../context';
import { queryRows } from '../../db/client';
import { notFound } from '../../infra/http/errors';
import { profiles } from '../accounts/accounts.table';
import { toPersonRef } from '../accounts/people.service';
import { chartWeek } from '../library/chart.service';
import { stationTimeZone } from '../schedule/schedule.service';
import { presenterStatistics } from './staff.table';

/**
 * Presenter statistics (the Manager section), computed from what went out on air: a show is a stretch
 * of a presenter's live plays with no gap longer than an hour, and counts 1 hour. Everyone
 * who presents (profile role presenter, or holding a slot on the schedule, or with live plays) is listed,
 * at zero when they have not been on air yet. Weeks run Monday to Sunday and months from the 1st, in the
 * station's time zone. The average rating is that of the presenter's completed training sessions
 * (5 when there are none). Managers' notes are kept when the figures are regenerated.
 */
type Ctx = Pick<AppContext, 'db' | 'realtime' | 'config'>;

/** A new show starts when a presenter's live plays pause for longer than this. */
export const SHOW_GAP_MINUTES = 60;

interface Figures {
  presenter_id: string;
  total_shows: number;
  week_shows: number;
  month_shows: number;
  last_show: Date | string | null;
  avg_rating: string | number | null;
}

export async function generatePresenterStats(ctx: Ctx, now = new Date()) {
  const tz = await stationTimeZone(ctx);
  const weekStart = chartWeek(now, tz).start;
  const p = zonedParts(now, tz);
  const monthStart = zonedTimeToUtc(p.year, p.month, 1, 0, 0, tz);
  const rows = await queryRows<Figures>(
    ctx.db,
    sql`WITH live AS (
          SELECT played_by, played_at,
                 lag(played_at) OVER (PARTITION BY played_by ORDER BY played_at) AS previous
            FROM song_plays
           WHERE play_source = 'live' AND played_by IS NOT NULL AND played_at <= ${now}
        ), shows AS (
          SELECT played_by AS presenter_id, played_at AS started_at FROM live
           WHERE previous IS NULL OR played_at - previous > make_interval(mins => ${SHOW_GAP_MINUTES})
        ), presenters AS (
          SELECT id AS presenter_id FROM profiles WHERE role = 'presenter'
          UNION SELECT presenter_id FROM schedule_slots WHERE status <> 'rejected'
          UNION SELECT presenter_id FROM shows
        )
        SELECT pr.presenter_id,
               count(s.started_at)::int AS total_shows,
               (count(s.started_at) FILTER (WHERE s.started_at >= ${weekStart}))::int AS week_shows,
               (count(s.started_at) FILTER (WHERE s.started_at >= ${monthStart}))::int AS month_shows,
               max(s.started_at) AS last_show,
               (SELECT avg(t.rating) FROM training_sessions t
                 WHERE t.trainee_id = pr.presenter_id AND t.status = 'completed') AS avg_rating
          FROM presenters pr
          LEFT JOIN shows s ON s.presenter_id = pr.presenter_id
         GROUP BY pr.presenter_id`,
  );
  await ctx.db.transaction(async (tx) => {
    for (const r of rows) {
      const values = {
        totalShows: r.total_shows,
        totalHours: r.total_shows * LIMITS.hoursPerShow,
        showsThisWeek: r.week_shows,
        showsThisMonth: r.month_shows,
        averageRating: Number(r.avg_rating ?? LIMITS.defaultAverageRating).toFixed(2),
        lastShowDate: r.last_show ? new Date(r.last_show) : null,
        updatedAt: now,
      };
      await tx
        .insert(presenterStatistics)
        .values({ presenterId: r.presenter_id, ...values })
        .onConflictDoUpdate({ target: presenterStatistics.presenterId, set: values });
    }
  });
  await ctx.realtime.publish(topics.capability('manager.stats'), EVENT_TYPES.presenterStatsChanged, {});
  return rows.length;
}

export async function listPresenterStats(ctx: Pick<AppContext, 'db'>) {
  const rows = await ctx.db
    .select({ s: presenterStatistics, p: profiles })
    .from(presenterStatistics)
    .innerJoin(profiles, eq(profiles.id, presenterStatistics.presenterId))
    .orderBy(
      sql`${presenterStatistics.totalShows} DESC`,
      asc(sql`lower(coalesce(${profiles.fullName}, ${profiles.email}))`),
    );
  const stats: PresenterStats[] = rows.map(({ s, p }) => ({
    presenter: toPersonRef(p),
    totalShows: s.totalShows,
    totalHours: s.totalHours,
    showsThisWeek: s.showsThisWeek,
    showsThisMonth: s.showsThisMonth,
    averageRating: Number(s.averageRating),
    lastShowDate: s.lastShowDate?.toISOString() ?? null,
    performanceNotes: s.performanceNotes,
    updatedAt: s.updatedAt.toISOString(),
  }));
  const generatedAt = rows.reduce<Date | null>(
    (latest, { s }) => (!latest || s.updatedAt > latest ? s.updatedAt : latest),
    null,
  );
  return { stats, generatedAt: generatedAt?.toISOString() ?? null };
}

export async function setPerformanceNotes(ctx: Ctx, presenterId: string, notes: string | null) {
  const rows = await ctx.db
    .update(presenterStatistics)
    .set({ performanceNotes: notes })
    .where(eq(presenterStatistics.presenterId, presenterId))
    .returning({ id: presenterStatistics.presenterId });
  if (rows.length === 0) throw notFound('No statistics for this presenter yet');
  await ctx.realtime.publish(topics.capability('manager.stats'), EVENT_TYPES.presenterStatsChanged, {});
}
