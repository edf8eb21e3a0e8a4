import type { AppContext } from '../context';
import { writeSettingOnce } from '../modules/settings/settings.service';

const DEMO_RULES = `# Presenter rules

- Be on the harbor 10 minutes before your show, and hand over on time.
- No swearing before 21:00, no adverts for anything you are paid for.
- Read out requests by first name only.
- Book at least 2 shows a week in the Timetable.
- Something broke? Tell the admins in Presenter Chat, then carry on with AutoDJ.`;

/**
 * A week of listener samples (one a minute, an audience that rises in the evening and at the demo shows)
 * with their breakdown per mount and kind of client, and the presenter rules, so the admin's analytics have something to show.
 */
export async function seedDemoAdmin(ctx: AppContext) {
  const out = { samples: 0 };
  await writeSettingOnce(ctx.db, 'presenter_rules', DEMO_RULES);
  const { rows } = await ctx.dbh.query<{ n: number }>('SELECT count(*)::int AS n FROM listener_samples');
  if (rows[0].n > 0) return out;
  // Evening peak (19:00 UTC), a night dip, a little noise: deterministic, so the demo looks the same each time.
  const res = await ctx.dbh.query<{ n: number }>(
    `WITH minutes AS (
       SELECT m FROM generate_series(date_trunc('minute', now()) - interval '7 days',
                                     date_trunc('minute', now()) - interval '1 minute',
                                     interval '1 minute') AS m),
     inserted AS (
       INSERT INTO listener_samples (sampled_at, listeners, on_air)
       SELECT m,
              greatest(0, round(14 + 10 * cos(((extract(hour FROM m) + extract(minute FROM m) / 60.0) - 19) * pi() / 12)
                                 + 4 * sin(extract(epoch FROM m) / 1700.0)))::int,
              true
         FROM minutes
       ON CONFLICT (sampled_at) DO NOTHING
       RETURNING 1)
     SELECT count(*)::int AS n FROM inserted`,
  );
  out.samples = res.rows[0].n;
  // The same minutes broken down per mount and kind of client (they add up to each minute's total):
  // about half browsers on the main mount, a quarter apps on the 64 kbps mount, the rest HLS and others.
  await ctx.dbh.query(
    `WITH parts AS (
       SELECT sampled_at, listeners AS total,
              (listeners * 5 / 10) AS browser_mp3, (listeners * 25 / 100) AS app_64,
              (listeners * 15 / 100) AS browser_hls
         FROM listener_samples),
     rows AS (
       SELECT sampled_at, '/radio.mp3' AS mount, 'browser' AS kind, browser_mp3 AS n FROM parts
       UNION ALL SELECT sampled_at, '/radio-64.mp3', 'app', app_64 FROM parts
       UNION ALL SELECT sampled_at, 'hls/128', 'browser', browser_hls FROM parts
       UNION ALL SELECT sampled_at, '/radio.mp3', 'other', total - browser_mp3 - app_64 - browser_hls FROM parts)
     INSERT INTO listener_audience_samples (sampled_at, mount, client_kind, listeners)
     SELECT sampled_at, mount, kind, n FROM rows WHERE n > 0
     ON CONFLICT DO NOTHING`,
  );
  return out;
}
