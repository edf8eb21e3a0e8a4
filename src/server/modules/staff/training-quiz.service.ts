import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type {
  MentorQuiz,
  QuizAttempt,
  QuizInput,
  QuizPaper,
  TraineeQuiz,
} from '../../../shared/contracts/training-quiz';
import { EVENT_TYPES, topics } from '../../../shared/events';
import { LIMITS } from '../../../shared/limits';
import { PRESENTER_TEXTS } from '../../../shared/texts/staff';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import type { Actor } from '../../infra/http/access';
import { badRequest, conflict, notFound, requireUuid } from '../../infra/http/errors';
import { profiles } from '../accounts/accounts.table';
import { peopleByIds } from '../accounts/people.service';
import { notify } from '../notifications/notifications.service';
import { trainingSessions } from './staff.table';
import { stationDateToday } from './training.service';
import { trainingQuizAssignments, trainingQuizAttempts, trainingQuizzes } from './training-quiz.table';

/**
 * The training quiz (30 minutes, 1 attempt, pass at 70). A radio mentor writes a quiz of
 * multiple-choice questions and sets it for trainees, who are told in the bell. A trainee starts it once
 * (one attempt row per quiz and trainee: a unique index, so starts at the same moment find one attempt;
 * reopening the page inside the time resumes it) and submits once (a conditional update) before
 * started_at + the time limit, checked by the database's clock. Late answers are refused and the attempt
 * is closed at 0. Each result is written into the mentor log (training_sessions) as an assessment.
 */
type Ctx = Pick<AppContext, 'db' | 'realtime' | 'config'>;
type QuizRow = typeof trainingQuizzes.$inferSelect;
type AttemptRow = typeof trainingQuizAttempts.$inferSelect;
type Parsed = { title: string; questions: QuizInput['questions'] };

const LIST_LIMIT = 100;

function presentAttempt(a: AttemptRow, quiz: QuizRow): QuizAttempt {
  const deadline = a.startedAt.getTime() + quiz.timeLimitMinutes * 60_000;
  // An attempt left open past its time (and the grace) is over, whether or not answers ever came.
  const lapsed = a.status === 'in_progress' && Date.now() > deadline + LIMITS.quizGraceSeconds * 1000;
  return {
    status: lapsed ? 'expired' : (a.status as QuizAttempt['status']),
    startedAt: a.startedAt.toISOString(),
    deadline: new Date(deadline).toISOString(),
    submittedAt: a.submittedAt?.toISOString() ?? null,
    score: a.score,
    correctCount: a.correctCount,
    passed: a.score === null ? null : a.score >= quiz.passingScore,
  };
}

const rules = (q: QuizRow) => ({
  timeLimitMinutes: q.timeLimitMinutes,
  maxAttempts: q.maxAttempts,
  passingScore: q.passingScore,
});

async function changed(ctx: Ctx) {
  await ctx.realtime.publish(topics.capability('mentor.sessions'), EVENT_TYPES.trainingChanged, {});
}

/** A quiz the actor may manage: their own, or any for an admin; anything else answers 404. */
async function loadOwnQuiz(ctx: Ctx, actor: Actor, id: string) {
  requireUuid(id, PRESENTER_TEXTS.quizNotFound);
  const [quiz] = await ctx.db.select().from(trainingQuizzes).where(eq(trainingQuizzes.id, id));
  if (!quiz || (!actor.access.isAdmin && quiz.mentorId !== actor.userId)) {
    throw notFound(PRESENTER_TEXTS.quizNotFound);
  }
  return quiz;
}

async function presentForMentor(ctx: Ctx, quizzes: QuizRow[]): Promise<MentorQuiz[]> {
  if (quizzes.length === 0) return [];
  const ids = quizzes.map((q) => q.id);
  const assigned = await ctx.db
    .select({ a: trainingQuizAssignments, t: trainingQuizAttempts })
    .from(trainingQuizAssignments)
    .leftJoin(
      trainingQuizAttempts,
      and(
        eq(trainingQuizAttempts.quizId, trainingQuizAssignments.quizId),
        eq(trainingQuizAttempts.traineeId, trainingQuizAssignments.traineeId),
      ),
    )
    .where(inArray(trainingQuizAssignments.quizId, ids))
    .orderBy(asc(trainingQuizAssignments.assignedAt));
  const people = await peopleByIds(ctx.db, [
    ...quizzes.map((q) => q.mentorId),
    ...assigned.map((r) => r.a.traineeId),
  ]);
  return quizzes.map((q) => ({
    id: q.id,
    title: q.title,
    mentor: (q.mentorId && people.get(q.mentorId)) || null,
    ...rules(q),
    questions: q.questions,
    trainees: assigned.flatMap(({ a, t }) => {
      const trainee = people.get(a.traineeId);
      if (a.quizId !== q.id || !trainee) return [];
      return [{ trainee, attempt: t ? presentAttempt(t, q) : null }];
    }),
    createdAt: q.createdAt.toISOString(),
  }));
}

/** The quizzes a mentor wrote (admins: all), newest first, with each trainee's result. */
export async function listMentorQuizzes(ctx: Ctx, actor: Actor) {
  const rows = await ctx.db
    .select()
    .from(trainingQuizzes)
    .where(actor.access.isAdmin ? undefined : eq(trainingQuizzes.mentorId, actor.userId))
    .orderBy(desc(trainingQuizzes.createdAt))
    .limit(LIST_LIMIT);
  return presentForMentor(ctx, rows);
}

/** A mentor writes a quiz; the fixed limits (30 minutes, 1 attempt, pass at 70) are stored with it. */
export async function createQuiz(ctx: Ctx, actor: Actor, input: Parsed) {
  const [row] = await ctx.db
    .insert(trainingQuizzes)
    .values({
      mentorId: actor.userId,
      title: input.title,
      questions: input.questions,
      timeLimitMinutes: LIMITS.quizTimeLimitMinutes,
      maxAttempts: LIMITS.quizAttempts,
      passingScore: LIMITS.quizPassingScore,
    })
    .returning();
  await changed(ctx);
  return (await presentForMentor(ctx, [row]))[0];
}

/** Sets a quiz for a trainee (once each), who is told in the bell. */
export async function assignQuiz(ctx: Ctx, actor: Actor, quizId: string, traineeId: string) {
  const quiz = await loadOwnQuiz(ctx, actor, quizId);
  if (traineeId === actor.userId) {
    throw badRequest(PRESENTER_TEXTS.notYourself, { traineeId: PRESENTER_TEXTS.notYourself });
  }
  const [trainee] = await ctx.db.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, traineeId));
  if (!trainee) throw notFound('Trainee not found');
  const rows = await ctx.db
    .insert(trainingQuizAssignments)
    .values({ quizId, traineeId, assignedBy: actor.userId })
    .onConflictDoNothing()
    .returning({ quizId: trainingQuizAssignments.quizId });
  if (rows.length === 0) throw conflict(PRESENTER_TEXTS.quizAlreadyAssigned);
  await notify(ctx, traineeId, {
    title: PRESENTER_TEXTS.quizAssignedTitle,
    message: `"${quiz.title}": ${quiz.questions.length} questions, ${quiz.timeLimitMinutes} minutes, one attempt. You pass at ${quiz.passingScore}%.`,
    link: '/training',
  });
  await changed(ctx);
  return (await presentForMentor(ctx, [quiz]))[0];
}

async function assignedQuiz(ctx: Ctx, actor: Actor, quizId: string) {
  requireUuid(quizId, PRESENTER_TEXTS.quizNotFound);
  const [row] = await ctx.db
    .select({ q: trainingQuizzes })
    .from(trainingQuizAssignments)
    .innerJoin(trainingQuizzes, eq(trainingQuizzes.id, trainingQuizAssignments.quizId))
    .where(
      and(eq(trainingQuizAssignments.quizId, quizId), eq(trainingQuizAssignments.traineeId, actor.userId)),
    );
  if (!row) throw notFound(PRESENTER_TEXTS.quizNotFound);
  return row.q;
}

async function attemptOf(ctx: Pick<AppContext, 'db'>, quizId: string, traineeId: string) {
  const [a] = await ctx.db
    .select()
    .from(trainingQuizAttempts)
    .where(and(eq(trainingQuizAttempts.quizId, quizId), eq(trainingQuizAttempts.traineeId, traineeId)));
  return a ?? null;
}

async function presentForTrainee(ctx: Ctx, quiz: QuizRow, attempt: AttemptRow | null): Promise<TraineeQuiz> {
  const people = await peopleByIds(ctx.db, [quiz.mentorId]);
  return {
    id: quiz.id,
    title: quiz.title,
    mentor: (quiz.mentorId && people.get(quiz.mentorId)) || null,
    questionCount: quiz.questions.length,
    ...rules(quiz),
    attempt: attempt ? presentAttempt(attempt, quiz) : null,
  };
}

/** The quizzes set for the caller, newest first, with their attempt. */
export async function listMyQuizzes(ctx: Ctx, actor: Actor) {
  const rows = await ctx.db
    .select({ q: trainingQuizzes, t: trainingQuizAttempts })
    .from(trainingQuizAssignments)
    .innerJoin(trainingQuizzes, eq(trainingQuizzes.id, trainingQuizAssignments.quizId))
    .leftJoin(
      trainingQuizAttempts,
      and(
        eq(trainingQuizAttempts.quizId, trainingQuizAssignments.quizId),
        eq(trainingQuizAttempts.traineeId, trainingQuizAssignments.traineeId),
      ),
    )
    .where(eq(trainingQuizAssignments.traineeId, actor.userId))
    .orderBy(desc(trainingQuizAssignments.assignedAt))
    .limit(LIST_LIMIT);
  return Promise.all(rows.map(({ q, t }) => presentForTrainee(ctx, q, t)));
}

/**
 * Starts the one attempt: the clock runs from the stored started_at. A second start finds the first
 * attempt (the unique index); inside the time it resumes it, after it (or once submitted) it is refused.
 */
export async function startQuiz(ctx: Ctx, actor: Actor, quizId: string): Promise<QuizPaper> {
  const quiz = await assignedQuiz(ctx, actor, quizId);
  const [fresh] = await ctx.db
    .insert(trainingQuizAttempts)
    .values({ quizId, traineeId: actor.userId })
    .onConflictDoNothing()
    .returning();
  const attempt = fresh ?? (await attemptOf(ctx, quizId, actor.userId));
  if (!attempt) throw notFound(PRESENTER_TEXTS.quizNotFound);
  const deadline = attempt.startedAt.getTime() + quiz.timeLimitMinutes * 60_000;
  if (!fresh && (attempt.status !== 'in_progress' || Date.now() > deadline)) {
    throw conflict(PRESENTER_TEXTS.quizAlreadyTaken);
  }
  if (fresh) await changed(ctx);
  return {
    quiz: await presentForTrainee(ctx, quiz, attempt),
    questions: quiz.questions.map((q) => ({ prompt: q.prompt, options: q.options })),
  };
}

/** Writes a result into the mentor log: an assessment by the quiz's mentor, with the trainee. */
async function logResult(tx: DbOrTx, quiz: QuizRow, attempt: AttemptRow, sessionDate: string) {
  const score = attempt.score ?? 0;
  const passed = score >= quiz.passingScore;
  const minutes = Math.max(
    1,
    Math.ceil(((attempt.submittedAt ?? new Date()).getTime() - attempt.startedAt.getTime()) / 60_000),
  );
  const notes =
    attempt.status === 'expired'
      ? `Time ran out (${quiz.timeLimitMinutes} minutes): the answers arrived late and scored 0%, not passed (pass mark ${quiz.passingScore}%).`
      : `Scored ${score}% (${attempt.correctCount} of ${quiz.questions.length} right): ${passed ? 'passed' : 'not passed'} (pass mark ${quiz.passingScore}%). Taken in ${minutes} min.`;
  const [session] = await tx
    .insert(trainingSessions)
    .values({
      mentorId: quiz.mentorId,
      traineeId: attempt.traineeId,
      sessionType: 'assessment',
      sessionTitle: `Quiz: ${quiz.title}`.slice(0, 120),
      notes,
      rating: Math.min(5, Math.max(1, Math.round(score / 20))),
      sessionDate,
      durationMinutes: Math.min(minutes, quiz.timeLimitMinutes),
      status: 'completed',
    })
    .returning({ id: trainingSessions.id });
  await tx
    .update(trainingQuizAttempts)
    .set({ sessionId: session.id })
    .where(eq(trainingQuizAttempts.id, attempt.id));
}

/**
 * Submits the answers once, inside the time (the database's clock, with a few seconds' grace for the
 * network). The winner of simultaneous submissions is the one conditional update that matched; the
 * others are refused. The result and the mentor-log row are written in one transaction.
 */
export async function submitQuiz(ctx: Ctx, actor: Actor, quizId: string, answers: (number | null)[]) {
  const quiz = await assignedQuiz(ctx, actor, quizId);
  const correct = quiz.questions.filter((q, i) => answers[i] === q.correctIndex).length;
  const score = Math.round((correct / quiz.questions.length) * 100);
  const sessionDate = await stationDateToday(ctx);
  const allowedSeconds = quiz.timeLimitMinutes * 60 + LIMITS.quizGraceSeconds;
  const mine = and(
    eq(trainingQuizAttempts.quizId, quizId),
    eq(trainingQuizAttempts.traineeId, actor.userId),
    eq(trainingQuizAttempts.status, 'in_progress'),
  );
  const outcome = await ctx.db.transaction(async (tx) => {
    const [done] = await tx
      .update(trainingQuizAttempts)
      .set({
        status: 'submitted',
        submittedAt: sql`now()`,
        answers: answers.slice(0, quiz.questions.length),
        score,
        correctCount: correct,
      })
      .where(
        and(
          mine,
          sql`now() <= ${trainingQuizAttempts.startedAt} + (${allowedSeconds}::int * interval '1 second')`,
        ),
      )
      .returning();
    if (done) {
      await logResult(tx, quiz, done, sessionDate);
      return { kind: 'submitted' as const, attempt: done };
    }
    // Not in progress inside the time: late (close it at 0, logged), already done, or never started.
    const [late] = await tx
      .update(trainingQuizAttempts)
      .set({ status: 'expired', submittedAt: sql`now()`, score: 0, correctCount: 0 })
      .where(mine)
      .returning();
    if (late) {
      await logResult(tx, quiz, late, sessionDate);
      return { kind: 'late' as const };
    }
    return { kind: (await attemptOf({ db: tx }, quizId, actor.userId)) ? 'taken' : 'notStarted' } as const;
  });
  if (outcome.kind === 'submitted' || outcome.kind === 'late') await changed(ctx);
  if (outcome.kind !== 'submitted') {
    throw conflict(
      outcome.kind === 'late'
        ? PRESENTER_TEXTS.quizTimeUp
        : outcome.kind === 'taken'
          ? PRESENTER_TEXTS.quizAlreadyTaken
          : PRESENTER_TEXTS.quizNotStarted,
    );
  }
  return presentForTrainee(ctx, quiz, outcome.attempt);
}
