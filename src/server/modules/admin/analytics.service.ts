import { sql } from 'drizzle-orm';
import { displayNameOf } from '../../../shared/contracts/accounts';
import type { Analytics } from '../../../shared/contracts/admin';
import { zonedParts, zonedTimeToUtc } from '../../../shared/time';
import type { AppContext } from '../../context';
import { queryRows } from '../../db/client';
import { stationTimeZone } from '../schedule/schedule.service';
import { weeklySlotAudiences } from './audience.service';
import { getAdminStats } from './dashboard.service';

type Ctx = Pick<AppContext, 'db' | 'config'>;

const HOUR_MS = 3_600_000;
/** The listener chart covers the last 7 days, hour by hour. */
export const LISTENER_HOURS = 7 * 24;
/** Plays per day, top requesters and show peaks cover the last 30 days. */
export const ANALYTICS_DAYS = 30;
export const TOP_REQUESTERS = 10;

const isoHour = (ms: number) => new Date(ms).toISOString().slice(0, 13);

/**
 * Listeners over the last 7 days, one point per hour (average and peak of the minute samples). Hours
 * without samples (the app was down) are null, so a chart shows a gap rather than a false zero.
 */
export async function listenersByHour(ctx: Pick<AppContext, 'db'>, now = new Date()) {
  const end = Math.floor(now.getTime() / HOUR_MS) * HOUR_MS;
  const start = end - (LISTENER_HOURS - 1) * HOUR_MS;
  const rows = await queryRows<{ hour: string; average: number; peak: number }>(
    ctx.db,
    sql`SELECT to_char(date_trunc('hour', sampled_at AT TIME ZONE 'UTC'), 'YYYY-MM-DD"T"HH24') AS hour,
               avg(listeners)::float AS average, max(listeners)::int AS peak
          FROM listener_samples
         WHERE sampled_at >= ${new Date(start).toISOString()}::timestamptz
         GROUP BY 1`,
  );
  const byHour = new Map(rows.map((r) => [r.hour, r]));
  return Array.from({ length: LISTENER_HOURS }, (_, i) => {
    const key = isoHour(start + i * HOUR_MS);
    const r = byHour.get(key);
    return {
      hour: `${key}:00:00.000Z`,
      average: r ? Math.round(r.average * 10) / 10 : null,
      peak: r ? r.peak : null,
    };
  });
}

/** The station's calendar days, oldest first, ending today (YYYY-MM-DD). */
function stationDays(now: Date, tz: string, count: number) {
  const today = zonedParts(now, tz);
  return Array.from({ length: count }, (_, i) => {
    const d = new Date(Date.UTC(today.year, today.month - 1, today.day - (count - 1 - i)));
    return d.toISOString().slice(0, 10);
  });
}

/** Plays per station day over the last 30 days (days without plays are 0). */
export async function playsPerDay(ctx: Pick<AppContext, 'db'>, tz: string, now = new Date()) {
  const days = stationDays(now, tz, ANALYTICS_DAYS);
  const [y, m, d] = days[0].split('-').map(Number);
  const from = zonedTimeToUtc(y, m, d, 0, 0, tz);
  const rows = await queryRows<{ day: string; plays: number }>(
    ctx.db,
    sql`SELECT to_char(played_at AT TIME ZONE ${tz}, 'YYYY-MM-DD') AS day, count(*)::int AS plays
          FROM song_plays WHERE played_at >= ${from.toISOString()}::timestamptz GROUP BY 1`,
  );
  const byDay = new Map(rows.map((r) => [r.day, r.plays]));
  return days.map((day) => ({ day, plays: byDay.get(day) ?? 0 }));
}

/** Who sent the most requests in the last 30 days: members by account, visitors by their keyed address. */
export async function topRequesters(ctx: Pick<AppContext, 'db'>, now = new Date()) {
  const from = new Date(now.getTime() - ANALYTICS_DAYS * 24 * HOUR_MS);
  const rows = await queryRows<{
    user_id: string | null;
    full_name: string | null;
    sign_up_name: string | null;
    email: string | null;
    requester_name: string;
    requests: number;
  }>(
    ctx.db,
    sql`SELECT r.user_id, max(p.full_name) AS full_name, max(u.name) AS sign_up_name, max(p.email) AS email,
               (array_agg(r.requester_name ORDER BY r.created_at DESC))[1] AS requester_name,
               count(*)::int AS requests
          FROM requests r
          LEFT JOIN profiles p ON p.id = r.user_id
          LEFT JOIN "user" u ON u.id = r.user_id
         WHERE r.created_at >= ${from.toISOString()}::timestamptz
         GROUP BY r.user_id, CASE WHEN r.user_id IS NULL THEN r.requester_key END
         ORDER BY requests DESC, requester_name ASC
         LIMIT ${TOP_REQUESTERS}`,
  );
  return rows.map((r) => ({
    name: r.user_id
      ? displayNameOf({ fullName: r.full_name, signUpName: r.sign_up_name, email: r.email })
      : r.requester_name,
    member: r.user_id !== null,
    requests: r.requests,
  }));
}

/**
 * Each approved weekly show's peak and average audience over the last 30 days: the minute samples taken
 * while the show was on (its day and hours in the station's time zone). A show ending 00:00 runs to midnight.
 */
export async function showPeaks(ctx: Pick<AppContext, 'db'>, tz: string, now = new Date()) {
  const from = new Date(now.getTime() - ANALYTICS_DAYS * 24 * HOUR_MS);
  const rows = await weeklySlotAudiences(ctx, tz, { from });
  return rows.map((r) => ({
    slotId: r.id,
    showName: r.show_name,
    presenterName: displayNameOf({ fullName: r.full_name, email: r.email }),
    dayOfWeek: r.day_of_week,
    startTime: r.start_time,
    endTime: r.end_time,
    peakListeners: r.peak,
    averageListeners: r.samples ? Math.round((Number(r.minutes) / r.samples) * 10) / 10 : 0,
    samples: r.samples,
  }));
}

export async function getAnalytics(ctx: Ctx, now = new Date()): Promise<Analytics> {
  const tz = await stationTimeZone(ctx);
  const [stats, listeners, plays, requesters, peaks] = await Promise.all([
    getAdminStats(ctx),
    listenersByHour(ctx, now),
    playsPerDay(ctx, tz, now),
    topRequesters(ctx, now),
    showPeaks(ctx, tz, now),
  ]);
  return {
    stats,
    timezone: tz,
    listeners,
    playsPerDay: plays,
    topRequesters: requesters,
    showPeaks: peaks,
  };
}
