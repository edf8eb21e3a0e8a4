import { desc, eq } from 'drizzle-orm';
import type { TrainingInput, TrainingSession } from '../../../shared/contracts/staff';
import { EVENT_TYPES, topics } from '../../../shared/events';
import { PRESENTER_TEXTS } from '../../../shared/texts/staff';
import { zonedParts } from '../../../shared/time';
import type { AppContext } from '../../context';
import type { Actor } from '../../infra/http/access';
import { badRequest, notFound } from '../../infra/http/errors';
import { profiles } from '../accounts/accounts.table';
import { peopleByIds } from '../accounts/people.service';
import { stationTimeZone } from '../schedule/schedule.service';
import { trainingSessions } from './staff.table';

/** Radio mentors log training sessions with a trainee; a mentor sees the sessions they ran, admins all. */
type Ctx = Pick<AppContext, 'db' | 'realtime' | 'config'>;
type Row = typeof trainingSessions.$inferSelect;
type Parsed = Required<Omit<TrainingInput, 'sessionDate' | 'sessionTitle' | 'notes'>> & {
  sessionDate?: string;
  sessionTitle: string | null;
  notes: string | null;
};

const LIST_LIMIT = 200;

async function present(ctx: Pick<AppContext, 'db'>, rows: Row[]): Promise<TrainingSession[]> {
  const people = await peopleByIds(
    ctx.db,
    rows.flatMap((r) => [r.mentorId, r.traineeId]),
  );
  return rows.flatMap((r) => {
    const trainee = people.get(r.traineeId);
    if (!trainee) return [];
    return [
      {
        id: r.id,
        mentor: (r.mentorId && people.get(r.mentorId)) || null,
        trainee,
        sessionType: r.sessionType as TrainingSession['sessionType'],
        sessionTitle: r.sessionTitle,
        notes: r.notes,
        rating: r.rating,
        sessionDate: r.sessionDate,
        durationMinutes: r.durationMinutes,
        status: r.status as TrainingSession['status'],
        createdAt: r.createdAt.toISOString(),
      },
    ];
  });
}

export async function listTrainingSessions(ctx: Pick<AppContext, 'db'>, actor: Actor) {
  const rows = await ctx.db
    .select()
    .from(trainingSessions)
    .where(actor.access.isAdmin ? undefined : eq(trainingSessions.mentorId, actor.userId))
    .orderBy(desc(trainingSessions.sessionDate), desc(trainingSessions.createdAt))
    .limit(LIST_LIMIT);
  return present(ctx, rows);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Today on the station's calendar, 'YYYY-MM-DD' (the date a session is logged on by default). */
export async function stationDateToday(ctx: Pick<AppContext, 'db' | 'config'>) {
  const today = zonedParts(new Date(), await stationTimeZone(ctx));
  return `${today.year}-${pad(today.month)}-${pad(today.day)}`;
}

export async function logTrainingSession(ctx: Ctx, actor: Actor, input: Parsed) {
  if (input.traineeId === actor.userId) {
    throw badRequest(PRESENTER_TEXTS.notYourself, { traineeId: PRESENTER_TEXTS.notYourself });
  }
  const [trainee] = await ctx.db
    .select({ id: profiles.id })
    .from(profiles)
    .where(eq(profiles.id, input.traineeId));
  if (!trainee) throw notFound('Trainee not found');
  const sessionDate = input.sessionDate ?? (await stationDateToday(ctx));
  const [row] = await ctx.db
    .insert(trainingSessions)
    .values({ ...input, sessionDate, mentorId: actor.userId })
    .returning();
  await ctx.realtime.publish(topics.capability('mentor.sessions'), EVENT_TYPES.trainingChanged, {});
  return (await present(ctx, [row]))[0];
}
