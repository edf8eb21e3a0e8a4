import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRESENTER_TEXTS } from '../../../shared/texts/staff';
import { allAnswered, burstTestTimeout } from '../../test/race';
import { createTestApp, type Member, memberWith, signUpMember, type TestApp } from '../../test/test-app';

/**
 * One attempt per trainee under real concurrency. Only PostgreSQL can show it: the embedded database has
 * one connection, so its requests never truly race.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('simultaneous quiz attempts (PostgreSQL)', () => {
  let t: TestApp;
  let mentor: Member;
  let trainee: Member;
  let quizId: string;
  beforeAll(async () => {
    t = await createTestApp();
    await signUpMember(t.app, 'Admin');
    mentor = await memberWith(t, 'presenter', ['radio_mentor'], 'Mia Mentor');
    trainee = await memberWith(t, 'user', [], 'Tess Trainee');
    const quiz = await mentor.post('/api/staff/quizzes', {
      title: 'Race',
      questions: [{ prompt: 'Q', options: ['A', 'B'], correctIndex: 1 }],
    });
    quizId = quiz.json().quiz.id;
    await mentor.post(`/api/staff/quizzes/${quizId}/assignments`, { traineeId: trainee.userId });
  }, 120_000);
  afterAll(async () => t.close());

  it('20 simultaneous starts make one attempt, with one start time', {
    timeout: burstTestTimeout(),
  }, async () => {
    const answers = await allAnswered(
      '20 starts of one quiz',
      Array.from({ length: 20 }, () => trainee.post(`/api/training/quizzes/${quizId}/start`)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    expect(new Set(answers.map((a) => a.json().quiz.attempt.startedAt)).size).toBe(1);
    const { rows } = await t.dbh.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM training_quiz_attempts WHERE quiz_id = $1',
      [quizId],
    );
    expect(rows[0].n).toBe(1);
  });

  it('20 simultaneous submissions: exactly 1 is scored and logged, the others are refused', {
    timeout: burstTestTimeout(),
  }, async () => {
    const answers = await allAnswered(
      '20 submissions of one quiz',
      Array.from({ length: 20 }, (_, i) =>
        trainee.post(`/api/training/quizzes/${quizId}/submit`, { answers: [i % 2] }),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    const refused = answers.filter((a) => a.statusCode === 409);
    expect(refused).toHaveLength(19);
    for (const r of refused) expect(r.json().error.message).toBe(PRESENTER_TEXTS.quizAlreadyTaken);
    const { rows } = await t.dbh.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM training_sessions WHERE session_title = 'Quiz: Race'",
    );
    expect(rows[0].n).toBe(1);
  });
});
