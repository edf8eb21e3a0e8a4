import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, uuidRefColumn } from '../../db/columns';
import { memberColumn, profiles } from '../accounts/accounts.table';
import { trainingSessions } from './staff.table';

/** One multiple-choice question: the options in order and the index of the right one. */
export interface QuizQuestionRow {
  prompt: string;
  options: string[];
  correctIndex: number;
}

/**
 * Training quizzes written by radio mentors (30 minutes, 1 attempt, pass at 70). The limits
 * are stored with each quiz, so a quiz keeps the rules it was taken under.
 */
export const trainingQuizzes = pgTable(
  'training_quizzes',
  {
    id: idColumn(),
    mentorId: text('mentor_id').references(() => profiles.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    questions: jsonb('questions').$type<QuizQuestionRow[]>().notNull(),
    timeLimitMinutes: integer('time_limit_minutes').notNull().default(30),
    maxAttempts: integer('max_attempts').notNull().default(1),
    passingScore: integer('passing_score').notNull().default(70),
    createdAt: createdAtColumn(),
  },
  (t) => [index('training_quizzes_mentor_idx').on(t.mentorId)],
);

/** Who a quiz is set for: a trainee sees and takes only the quizzes set for them. */
export const trainingQuizAssignments = pgTable(
  'training_quiz_assignments',
  {
    quizId: uuidRefColumn('quiz_id', () => trainingQuizzes.id),
    traineeId: memberColumn('trainee_id'),
    assignedBy: text('assigned_by').references(() => profiles.id, { onDelete: 'set null' }),
    assignedAt: timestamp('assigned_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.quizId, t.traineeId] })],
);

/**
 * A trainee's attempt. One per quiz and trainee (the unique index: a second start, even at the same
 * moment, finds the first); submitted once (a conditional update), before started_at + the time limit.
 */
export const trainingQuizAttempts = pgTable(
  'training_quiz_attempts',
  {
    id: idColumn(),
    quizId: uuidRefColumn('quiz_id', () => trainingQuizzes.id),
    traineeId: memberColumn('trainee_id'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    /** in_progress, submitted, or expired (submitted after the time ran out: refused, scored 0). */
    status: text('status').notNull().default('in_progress'),
    answers: jsonb('answers').$type<(number | null)[]>(),
    score: integer('score'),
    correctCount: integer('correct_count'),
    /** The mentor-log row the result was written to. */
    sessionId: uuid('session_id').references(() => trainingSessions.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('training_quiz_attempts_one_uq').on(t.quizId, t.traineeId),
    check('training_quiz_attempts_score_ck', sql`${t.score} IS NULL OR ${t.score} BETWEEN 0 AND 100`),
  ],
);
