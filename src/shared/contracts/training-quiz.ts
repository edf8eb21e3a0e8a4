import { z } from 'zod';
import { LIMITS } from '../limits';
import { PRESENTER_TEXTS } from '../texts/staff';
import { PersonRef } from './staff';

/**
 * The training quiz (time limit 30 minutes, 1 attempt, passing score 70). Mentors write
 * multiple-choice quizzes and set them for trainees; a trainee takes each once, within the time.
 */
export const QuizQuestionInput = z
  .object({
    prompt: z
      .string({ error: PRESENTER_TEXTS.quizQuestionRequired })
      .trim()
      .min(1, PRESENTER_TEXTS.quizQuestionRequired)
      .max(500),
    options: z
      .array(
        z
          .string({ error: PRESENTER_TEXTS.quizOptionRequired })
          .trim()
          .min(1, PRESENTER_TEXTS.quizOptionRequired)
          .max(200),
      )
      .min(2, 'Each question needs at least 2 answers')
      .max(LIMITS.quizMaxOptions, `Each question has at most ${LIMITS.quizMaxOptions} answers`),
    correctIndex: z.number({ error: 'Mark the right answer' }).int().min(0),
  })
  .refine((q) => q.correctIndex < q.options.length, {
    message: 'Mark the right answer',
    path: ['correctIndex'],
  });

export const QuizInput = z.object({
  title: z
    .string({ error: PRESENTER_TEXTS.quizTitleRequired })
    .trim()
    .min(1, PRESENTER_TEXTS.quizTitleRequired)
    .max(120),
  questions: z
    .array(QuizQuestionInput)
    .min(1, PRESENTER_TEXTS.quizNeedsQuestions)
    .max(LIMITS.quizMaxQuestions, `A quiz has at most ${LIMITS.quizMaxQuestions} questions`),
});
export type QuizInput = z.input<typeof QuizInput>;

export const QuizAssignInput = z.object({
  traineeId: z.string({ error: PRESENTER_TEXTS.traineeRequired }).min(1, PRESENTER_TEXTS.traineeRequired),
});

export const QUIZ_ATTEMPT_STATUSES = ['in_progress', 'submitted', 'expired'] as const;

export const QuizAttempt = z.object({
  status: z.enum(QUIZ_ATTEMPT_STATUSES),
  startedAt: z.string(),
  /** When the time runs out (started + the time limit). */
  deadline: z.string(),
  submittedAt: z.string().nullable(),
  score: z.number().int().nullable(),
  correctCount: z.number().int().nullable(),
  passed: z.boolean().nullable(),
});
export type QuizAttempt = z.infer<typeof QuizAttempt>;

const QuizRules = {
  timeLimitMinutes: z.number().int(),
  maxAttempts: z.number().int(),
  passingScore: z.number().int(),
};

/** A mentor's view: the questions with their answers, and each trainee's result. */
export const MentorQuiz = z.object({
  id: z.string(),
  title: z.string(),
  mentor: PersonRef.nullable(),
  ...QuizRules,
  questions: z.array(
    z.object({ prompt: z.string(), options: z.array(z.string()), correctIndex: z.number() }),
  ),
  trainees: z.array(z.object({ trainee: PersonRef, attempt: QuizAttempt.nullable() })),
  createdAt: z.string(),
});
export type MentorQuiz = z.infer<typeof MentorQuiz>;
export const MentorQuizList = z.object({ quizzes: z.array(MentorQuiz) });

/** A trainee's view of a quiz set for them: no answers, their attempt if any. */
export const TraineeQuiz = z.object({
  id: z.string(),
  title: z.string(),
  mentor: PersonRef.nullable(),
  questionCount: z.number().int(),
  ...QuizRules,
  attempt: QuizAttempt.nullable(),
});
export type TraineeQuiz = z.infer<typeof TraineeQuiz>;
export const TraineeQuizList = z.object({ quizzes: z.array(TraineeQuiz) });

/** The paper handed out at the start: the questions and options, never the answers. */
export const QuizPaper = z.object({
  quiz: TraineeQuiz,
  questions: z.array(z.object({ prompt: z.string(), options: z.array(z.string()) })),
});
export type QuizPaper = z.infer<typeof QuizPaper>;

export const QuizSubmission = z.object({
  answers: z.array(z.number().int().min(0).nullable()).max(LIMITS.quizMaxQuestions),
});
export type QuizSubmission = z.infer<typeof QuizSubmission>;
