import { sql } from 'drizzle-orm';
import { computeAccess } from '../../shared/permissions';
import type { AppContext } from '../context';
import { scheduleSlots } from '../modules/schedule/schedule.table';
import { warnMember } from '../modules/staff/moderation.service';
import { generatePresenterStats } from '../modules/staff/presenter-stats.service';
import { presenterIdeas, trainingSessions } from '../modules/staff/staff.table';

/**
 * The staff side of the demo: show ideas (some claimed), mentoring sessions, live plays credited to the
 * presenters so the Manager section has figures, a booking waiting for approval and a warning.
 */
export async function seedDemoStaff(ctx: AppContext, ids: Map<string, string>) {
  const out = { ideas: 0, trainingSessions: 0, pendingSlots: 0 };
  const { rows } = await ctx.dbh.query<{ n: number }>('SELECT count(*)::int AS n FROM presenter_ideas');
  if (rows[0].n > 0) return out;
  const who = (name: string) => ids.get(`${name}@onair.local`)!;
  const daysAgo = (d: number) => new Date(Date.now() - d * 86_400_000);

  const ideas: [string, string, string, string, string | null][] = [
    [
      'jade',
      'Vinyl Only Hour',
      'An hour of records from the 70s and 80s, crackles included.',
      'pending',
      null,
    ],
    [
      'marcus',
      'Listener Takeover',
      'A listener picks every song for an hour and tells us why.',
      'in_progress',
      'marcus',
    ],
    [
      'priya',
      'Local Bands Spotlight',
      'Interview a band from town each month and play their demo.',
      'pending',
      null,
    ],
    ['jade', 'Quiz Night', 'A call-in music quiz with a shop-token prize.', 'approved', null],
    ['marcus', 'Sunrise Sessions', 'Acoustic sets live from the studio at 6 am.', 'completed', 'jade'],
    ['priya', 'Soundtrack Sunday', 'Film and game scores, with the stories behind them.', 'pending', null],
  ];
  for (const [i, [author, title, description, status, claimer]] of ideas.entries()) {
    await ctx.db.insert(presenterIdeas).values({
      presenterId: who(author),
      title,
      description,
      status,
      claimedBy: claimer ? who(claimer) : null,
      claimedAt: claimer ? daysAgo(i + 1) : null,
      createdAt: daysAgo(i + 3),
    });
    out.ideas += 1;
  }

  const sessions: [string, string, string, number, number, string][] = [
    ['jade', 'microphone_technique', 'Breathing and pacing on long links.', 5, 12, 'completed'],
    ['marcus', 'live_mixing', 'Beat-matching two decks; keep the levels out of the red.', 4, 9, 'completed'],
    ['marcus', 'listener_engagement', 'Reading requests and shout-outs naturally.', 4, 4, 'completed'],
    ['jade', 'assessment', 'Quarterly review of the Morning Drive.', 5, -3, 'scheduled'],
  ];
  for (const [trainee, sessionType, notes, rating, ago, status] of sessions) {
    await ctx.db.insert(trainingSessions).values({
      mentorId: who('priya'),
      traineeId: who(trainee),
      sessionType,
      notes,
      rating,
      sessionDate: daysAgo(ago).toISOString().slice(0, 10),
      durationMinutes: 60,
      status,
    });
    out.trainingSessions += 1;
  }

  // The station seed's live plays, credited to the three presenters in turn.
  await ctx.db.execute(sql`
    UPDATE song_plays p SET played_by = (ARRAY[${who('jade')}, ${who('marcus')}, ${who('priya')}])[1 + (x.n % 3)]
      FROM (SELECT id, row_number() OVER (ORDER BY played_at) AS n FROM song_plays
             WHERE play_source = 'live' AND played_by IS NULL) x
     WHERE p.id = x.id`);

  await ctx.db
    .insert(scheduleSlots)
    .values({
      presenterId: who('marcus'),
      dayOfWeek: 2,
      hourSlot: 21,
      startTime: '21:00',
      endTime: '22:00',
      showName: 'Late Night Jazz',
      description: 'Smoky standards for the night owls.',
      status: 'pending',
    })
    .onConflictDoNothing();
  out.pendingSlots += 1;

  const moderator = {
    userId: who('sam'),
    email: '',
    signUpName: '',
    sessionId: '',
    access: computeAccess('user', []),
  };
  await warnMember(ctx, moderator, {
    userId: who('noah'),
    reason: 'Please keep the chat free of spam links.',
  });
  await generatePresenterStats(ctx);
  return out;
}
