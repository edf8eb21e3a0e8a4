import type { AppContext } from '../context';
import { getSetting, PRESENTER_RULES_SETTING, setSetting } from '../modules/content/settings.service';

const DEMO_RULES = `# Presenter rules

- Be on the harbor 10 minutes before your show, and hand over on time.
- No swearing before 21:00, no adverts for anything you are paid for.
- Read out requests by first name only.
- Book at least 2 shows a week in the Timetable.
- Something broke? Tell the admins in Presenter Chat, then carry on with AutoDJ.`;

/**
 * A week of listener samples (one a minute, an audience that rises in the evening and at the demo shows)
 * and the presenter rules, so the admin's analytics have something to show.
 */
export async function seedDemoAdmin(ctx: AppContext) {
  const out = { samples: 0 };
  if ((await getSetting(ctx.db, PRESENTER_RULES_SETTING)) === undefined) {
    await setSetting(ctx.db, PRESENTER_RULES_SETTING, DEMO_RULES, 'Rules shown in the presenter panel');
  }
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
  return out;
}
