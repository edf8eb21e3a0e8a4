import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  Application,
  ApplicationInput,
  ApplicationList,
  MyApplications,
  ReviewResult,
} from '../../../shared/contracts/applications';
import { IdParam } from '../../../shared/contracts/common';
import {
  applicationsForReview,
  myApplications,
  reviewApplication,
  submitApplication,
} from './applications.service';

export async function applicationsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const tags = ['applications'];
  const review = { access: { capability: 'applications.review' as const } };

  r.get(
    '/api/applications/mine',
    { config: { access: 'signed-in' }, schema: { tags, response: { 200: MyApplications } } },
    async (req) => myApplications(ctx, (await req.requireActor()).userId),
  );
  r.post(
    '/api/applications',
    {
      config: { access: 'signed-in' },
      schema: { tags, body: ApplicationInput, response: { 201: z.object({ application: Application }) } },
    },
    async (req, reply) =>
      reply.code(201).send({ application: await submitApplication(ctx, await req.requireActor(), req.body) }),
  );
  r.get(
    '/api/applications',
    {
      config: review,
      schema: {
        tags,
        description: 'Pending applications; with status=all, the latest reviewed ones follow them.',
        querystring: z.object({ status: z.enum(['pending', 'all']).default('pending') }),
        response: { 200: ApplicationList },
      },
    },
    async (req) => ({
      applications: await applicationsForReview(ctx, req.query.status),
    }),
  );
  r.post(
    '/api/applications/:id/approve',
    { config: review, schema: { tags, params: IdParam, response: { 200: ReviewResult } } },
    async (req) => reviewApplication(ctx, await req.requireActor(), req.params.id, 'approved'),
  );
  r.post(
    '/api/applications/:id/reject',
    { config: review, schema: { tags, params: IdParam, response: { 200: ReviewResult } } },
    async (req) => reviewApplication(ctx, await req.requireActor(), req.params.id, 'rejected'),
  );
}
