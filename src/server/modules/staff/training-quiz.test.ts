import { beforeAll, describe, expect, it } from 'vitest';
import { PRESENTER_TEXTS } from '../../../shared/texts/staff';
import { appForFile } from '../../test/app-for-file';
import { type Member, memberWith } from '../../test/test-app';

/** The training quiz (30 minutes, 1 attempt, pass at 70). */
const t = appForFile({ admin: 'Admin' });
let mentor: Member;
let otherMentor: Member;
let trainee: Member;
let bystander: Member;
beforeAll(async () => {
  mentor = await memberWith(t, 'presenter', ['radio_mentor'], 'Mia Mentor');
  otherMentor = await memberWith(t, 'presenter', ['radio_mentor'], 'Otto Mentor');
  trainee = await memberWith(t, 'user', [], 'Tess Trainee');
  bystander = await memberWith(t, 'presenter', [], 'Ben Bystander');
});

const question = (prompt: string, correctIndex: number) => ({
  prompt,
  options: ['A', 'B', 'C'],
  correctIndex,
});
/** Ten questions: the right answer of question i is i % 3. */
const quizInput = (title: string) => ({
  title,
  questions: Array.from({ length: 10 }, (_, i) => question(`Question ${i + 1}`, i % 3)),
});
/** Answers with `right` of the ten correct. */
const answersWith = (right: number) =>
  Array.from({ length: 10 }, (_, i) => (i < right ? i % 3 : (i + 1) % 3));

async function writeAndSet(title: string, who: Member = trainee) {
  const quiz = (await mentor.post('/api/staff/quizzes', quizInput(title))).json().quiz;
  const set = await mentor.post(`/api/staff/quizzes/${quiz.id}/assignments`, { traineeId: who.userId });
  expect(set.statusCode).toBe(201);
  return quiz.id as string;
}

describe('mentors write quizzes', () => {
  it('writes a multiple-choice quiz with the fixed limits, and only mentors may', async () => {
    const res = await mentor.post('/api/staff/quizzes', quizInput('Studio basics'));
    expect(res.statusCode).toBe(201);
    expect(res.json().quiz).toMatchObject({
      title: 'Studio basics',
      timeLimitMinutes: 30,
      maxAttempts: 1,
      passingScore: 70,
      mentor: { name: 'Mia Mentor' },
      trainees: [],
    });
    expect(res.json().quiz.questions).toHaveLength(10);
    expect((await bystander.post('/api/staff/quizzes', quizInput('Nope'))).statusCode).toBe(403);
    expect((await trainee.get('/api/staff/quizzes')).statusCode).toBe(403);
    // A mentor sees their own quizzes; an admin sees all.
    expect((await otherMentor.get('/api/staff/quizzes')).json().quizzes).toHaveLength(0);
    expect((await t.admin.get('/api/staff/quizzes')).json().quizzes.length).toBeGreaterThanOrEqual(1);
  });

  it('refuses a quiz without title, questions, two answers each or a right answer', async () => {
    const noTitle = await mentor.post('/api/staff/quizzes', { ...quizInput(''), title: '  ' });
    expect(noTitle.statusCode).toBe(400);
    expect(noTitle.json().error.message).toBe(PRESENTER_TEXTS.quizTitleRequired);
    const empty = await mentor.post('/api/staff/quizzes', { title: 'Empty', questions: [] });
    expect(empty.json().error.message).toBe(PRESENTER_TEXTS.quizNeedsQuestions);
    const oneOption = await mentor.post('/api/staff/quizzes', {
      title: 'One',
      questions: [{ prompt: 'Q', options: ['Only'], correctIndex: 0 }],
    });
    expect(oneOption.statusCode).toBe(400);
    const outOfRange = await mentor.post('/api/staff/quizzes', {
      title: 'Range',
      questions: [{ prompt: 'Q', options: ['A', 'B'], correctIndex: 2 }],
    });
    expect(outOfRange.statusCode).toBe(400);
    expect(outOfRange.json().error.message).toBe('Mark the right answer');
  });

  it('sets a quiz for a trainee once, who is told in the bell; another mentor cannot touch it', async () => {
    const id = await writeAndSet('Mic technique');
    const again = await mentor.post(`/api/staff/quizzes/${id}/assignments`, { traineeId: trainee.userId });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(PRESENTER_TEXTS.quizAlreadyAssigned);
    const notes = (await trainee.get('/api/notifications')).json().notifications;
    expect(notes[0]).toMatchObject({
      title: PRESENTER_TEXTS.quizAssignedTitle,
      message: '"Mic technique": 10 questions, 30 minutes, one attempt. You pass at 70%.',
      link: '/training',
    });
    const foreign = await otherMentor.post(`/api/staff/quizzes/${id}/assignments`, {
      traineeId: bystander.userId,
    });
    expect(foreign.statusCode).toBe(404);
    const self = await mentor.post(`/api/staff/quizzes/${id}/assignments`, { traineeId: mentor.userId });
    expect(self.statusCode).toBe(400);
  });
});

describe('a trainee takes a quiz once, within the time', () => {
  it('takes it: the paper has no answers, the score and pass go back, the result lands in the mentor log', async () => {
    const id = await writeAndSet('Going live');
    const mine = (await trainee.get('/api/training/quizzes')).json().quizzes;
    expect(mine.find((q: { id: string }) => q.id === id)).toMatchObject({
      questionCount: 10,
      timeLimitMinutes: 30,
      attempt: null,
    });
    // Nobody else can open it.
    expect((await bystander.post(`/api/training/quizzes/${id}/start`)).statusCode).toBe(404);
    expect(
      (await trainee.post(`/api/training/quizzes/${id}/submit`, { answers: [] })).json().error.message,
    ).toBe(PRESENTER_TEXTS.quizNotStarted);

    const start = await trainee.post(`/api/training/quizzes/${id}/start`);
    expect(start.statusCode).toBe(200);
    const paper = start.json();
    expect(paper.questions).toHaveLength(10);
    expect(JSON.stringify(paper.questions)).not.toContain('correctIndex');
    const { startedAt, deadline } = paper.quiz.attempt;
    expect(new Date(deadline).getTime() - new Date(startedAt).getTime()).toBe(30 * 60_000);
    // Reopening the page inside the time resumes the same attempt.
    const resumed = (await trainee.post(`/api/training/quizzes/${id}/start`)).json();
    expect(resumed.quiz.attempt.startedAt).toBe(startedAt);

    const done = await trainee.post(`/api/training/quizzes/${id}/submit`, { answers: answersWith(8) });
    expect(done.statusCode).toBe(200);
    expect(done.json().quiz.attempt).toMatchObject({
      status: 'submitted',
      score: 80,
      correctCount: 8,
      passed: true,
    });

    const log = (await mentor.get('/api/staff/training-sessions')).json().sessions;
    expect(log[0]).toMatchObject({
      trainee: { name: 'Tess Trainee' },
      mentor: { name: 'Mia Mentor' },
      sessionType: 'assessment',
      sessionTitle: 'Quiz: Going live',
      rating: 4,
      status: 'completed',
    });
    expect(log[0].notes).toMatch(/^Scored 80% \(8 of 10 right\): passed \(pass mark 70%\)/);
    const results = (await mentor.get('/api/staff/quizzes'))
      .json()
      .quizzes.find((q: { id: string }) => q.id === id);
    expect(results.trainees[0].attempt).toMatchObject({ score: 80, passed: true });
  });

  it('refuses a second attempt, and a second submission', async () => {
    const id = await writeAndSet('Once only');
    await trainee.post(`/api/training/quizzes/${id}/start`);
    const first = await trainee.post(`/api/training/quizzes/${id}/submit`, { answers: answersWith(6) });
    expect(first.json().quiz.attempt).toMatchObject({ score: 60, passed: false });
    const second = await trainee.post(`/api/training/quizzes/${id}/submit`, { answers: answersWith(10) });
    expect(second.statusCode).toBe(409);
    expect(second.json().error.message).toBe(PRESENTER_TEXTS.quizAlreadyTaken);
    const restart = await trainee.post(`/api/training/quizzes/${id}/start`);
    expect(restart.statusCode).toBe(409);
    expect(restart.json().error.message).toBe(PRESENTER_TEXTS.quizAlreadyTaken);
    const { rows } = await t.dbh.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM training_sessions WHERE session_title = 'Quiz: Once only'",
    );
    expect(rows[0].n).toBe(1);
  });

  it('refuses answers that arrive after the time limit, by the stored start time', async () => {
    const id = await writeAndSet('Against the clock');
    await trainee.post(`/api/training/quizzes/${id}/start`);
    // The attempt began 31 minutes ago.
    await t.dbh.query(
      "UPDATE training_quiz_attempts SET started_at = now() - interval '31 minutes' WHERE quiz_id = $1",
      [id],
    );
    const late = await trainee.post(`/api/training/quizzes/${id}/submit`, { answers: answersWith(10) });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe(PRESENTER_TEXTS.quizTimeUp);
    const mine = (await trainee.get('/api/training/quizzes'))
      .json()
      .quizzes.find((q: { id: string }) => q.id === id);
    expect(mine.attempt).toMatchObject({ status: 'expired', score: 0, passed: false });
    expect((await trainee.post(`/api/training/quizzes/${id}/start`)).statusCode).toBe(409);
    const log = (await mentor.get('/api/staff/training-sessions')).json().sessions;
    expect(
      log.find((s: { sessionTitle: string }) => s.sessionTitle === 'Quiz: Against the clock').notes,
    ).toMatch(/^Time ran out/);
  });

  it('shows an attempt left open past its time as over, to the trainee and the mentor', async () => {
    const id = await writeAndSet('Walked away');
    await trainee.post(`/api/training/quizzes/${id}/start`);
    await t.dbh.query(
      "UPDATE training_quiz_attempts SET started_at = now() - interval '2 hours' WHERE quiz_id = $1",
      [id],
    );
    const mine = (await trainee.get('/api/training/quizzes'))
      .json()
      .quizzes.find((q: { id: string }) => q.id === id);
    expect(mine.attempt.status).toBe('expired');
    const theirs = (await mentor.get('/api/staff/quizzes'))
      .json()
      .quizzes.find((q: { id: string }) => q.id === id);
    expect(theirs.trainees[0].attempt.status).toBe('expired');
    expect((await trainee.post(`/api/training/quizzes/${id}/start`)).statusCode).toBe(409);
  });

  it('answers 404 for an unknown or malformed quiz id, never 500', async () => {
    expect((await trainee.post('/api/training/quizzes/not-a-uuid/start')).statusCode).toBe(404);
    expect(
      (
        await trainee.post('/api/training/quizzes/00000000-0000-0000-0000-000000000000/submit', {
          answers: [],
        })
      ).statusCode,
    ).toBe(404);
    expect((await trainee.post('/api/training/quizzes/x/submit', { answers: ['a'] })).statusCode).toBe(400);
  });
});
