import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParam } from '../../../shared/contracts/common';
import {
  MentorQuiz,
  MentorQuizList,
  QuizAssignInput,
  QuizInput,
  QuizPaper,
  QuizSubmission,
  TraineeQuiz,
  TraineeQuizList,
} from '../../../shared/contracts/training-quiz';
import {
  assignQuiz,
  createQuiz,
  listMentorQuizzes,
  listMyQuizzes,
  startQuiz,
  submitQuiz,
} from './training-quiz.service';

/**
 * The training quiz: radio mentors (mentor.sessions) write quizzes and set them for trainees; any
 * signed-in member takes the quizzes set for them (a quiz not set for the caller answers 404).
 */
export async function trainingQuizRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const tags = ['staff'];
  const mentor = { access: { capability: 'mentor.sessions' as const } };
  const trainee = { access: 'signed-in' as const };
  const QuizOut = z.object({ quiz: MentorQuiz });

  r.get(
    '/api/staff/quizzes',
    { config: mentor, schema: { tags, response: { 200: MentorQuizList } } },
    async (req) => ({ quizzes: await listMentorQuizzes(ctx, await req.requireActor()) }),
  );

  r.post(
    '/api/staff/quizzes',
    { config: mentor, schema: { tags, body: QuizInput, response: { 201: QuizOut } } },
    async (req, reply) =>
      reply.code(201).send({ quiz: await createQuiz(ctx, await req.requireActor(), req.body) }),
  );

  r.post(
    '/api/staff/quizzes/:id/assignments',
    {
      config: mentor,
      schema: { tags, params: IdParam, body: QuizAssignInput, response: { 201: QuizOut } },
    },
    async (req, reply) =>
      reply.code(201).send({
        quiz: await assignQuiz(ctx, await req.requireActor(), req.params.id, req.body.traineeId),
      }),
  );

  r.get(
    '/api/training/quizzes',
    { config: trainee, schema: { tags, response: { 200: TraineeQuizList } } },
    async (req) => ({ quizzes: await listMyQuizzes(ctx, await req.requireActor()) }),
  );

  r.post(
    '/api/training/quizzes/:id/start',
    { config: trainee, schema: { tags, params: IdParam, response: { 200: QuizPaper } } },
    async (req) => startQuiz(ctx, await req.requireActor(), req.params.id),
  );

  r.post(
    '/api/training/quizzes/:id/submit',
    {
      config: trainee,
      schema: {
        tags,
        params: IdParam,
        body: QuizSubmission,
        response: { 200: z.object({ quiz: TraineeQuiz }) },
      },
    },
    async (req) => ({
      quiz: await submitQuiz(ctx, await req.requireActor(), req.params.id, req.body.answers),
    }),
  );
}
