import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParam, Ok } from '../../../shared/contracts/common';
import {
  Idea,
  IdeaInput,
  IdeaList,
  IdeaStatusInput,
  ModerationOverview,
  PeopleList,
  PeopleQuery,
  PresenterRules,
  PresenterStatsList,
  StatsNotesInput,
  TrainingInput,
  TrainingList,
  TrainingSession,
  WarningInput,
} from '../../../shared/contracts/staff';
import type { Capability } from '../../../shared/permissions';
import { PRESENTER_TEXTS } from '../../../shared/texts/staff';
import { AppError } from '../../infra/http/errors';
import { searchPeople } from '../accounts/people.service';
import { claimIdea, deleteIdea, listIdeas, setIdeaStatus, submitIdea } from './ideas.service';
import { moderationOverview, warnMember } from './moderation.service';
import { presenterRules } from './presenter-rules';
import { generatePresenterStats, listPresenterStats, setPerformanceNotes } from './presenter-stats.service';
import { listTrainingSessions, logTrainingSession } from './training.service';

/**
 * The presenter panel's sections. Each section's data is refused to members without its capability:
 * the panel (presenter.panel), Radio Presenter (schedule.own: presenters and admins), Radio Mentor
 * (mentor.sessions), Moderator (chat.moderate), Manager (manager.stats); idea status and deletion are
 * for admins (admin.panel).
 */
/** A route open to the holders of one capability. */
export const cap = (capability: Capability) => ({ access: { capability } });

export async function staffRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const tags = ['staff'];

  r.get(
    '/api/staff/people',
    {
      config: cap('presenter.panel'),
      schema: { tags, querystring: PeopleQuery, response: { 200: PeopleList } },
    },
    async (req) => ({ people: await searchPeople(ctx.db, req.query) }),
  );

  r.get(
    '/api/staff/presenter-rules',
    { config: cap('presenter.panel'), schema: { tags, response: { 200: PresenterRules } } },
    async () => presenterRules(ctx),
  );

  // --- Ideas ---
  const IdeaOut = z.object({ idea: Idea });
  r.get(
    '/api/staff/ideas',
    { config: cap('schedule.own'), schema: { tags, response: { 200: IdeaList } } },
    async (req) => ({ ideas: await listIdeas(ctx, await req.requireActor()) }),
  );
  r.post(
    '/api/staff/ideas',
    { config: cap('schedule.own'), schema: { tags, body: IdeaInput, response: { 201: IdeaOut } } },
    async (req, reply) =>
      reply.code(201).send({ idea: await submitIdea(ctx, await req.requireActor(), req.body) }),
  );
  r.post(
    '/api/staff/ideas/:id/claim',
    { config: cap('schedule.own'), schema: { tags, params: IdParam, response: { 200: IdeaOut } } },
    async (req) => ({ idea: await claimIdea(ctx, await req.requireActor(), req.params.id) }),
  );
  r.patch(
    '/api/staff/ideas/:id',
    {
      config: cap('admin.panel'),
      schema: { tags, params: IdParam, body: IdeaStatusInput, response: { 200: IdeaOut } },
    },
    async (req) => ({ idea: await setIdeaStatus(ctx, req.params.id, req.body.status) }),
  );
  r.delete(
    '/api/staff/ideas/:id',
    { config: cap('admin.panel'), schema: { tags, params: IdParam, response: { 200: Ok } } },
    async (req) => {
      await deleteIdea(ctx, req.params.id);
      return { ok: true as const };
    },
  );

  // --- Radio Mentor ---
  r.get(
    '/api/staff/training-sessions',
    { config: cap('mentor.sessions'), schema: { tags, response: { 200: TrainingList } } },
    async (req) => ({ sessions: await listTrainingSessions(ctx, await req.requireActor()) }),
  );
  r.post(
    '/api/staff/training-sessions',
    {
      config: cap('mentor.sessions'),
      schema: { tags, body: TrainingInput, response: { 201: z.object({ session: TrainingSession }) } },
    },
    async (req, reply) =>
      reply.code(201).send({ session: await logTrainingSession(ctx, await req.requireActor(), req.body) }),
  );

  // --- Moderator ---
  r.get(
    '/api/staff/moderation',
    { config: cap('chat.moderate'), schema: { tags, response: { 200: ModerationOverview } } },
    async () => moderationOverview(ctx),
  );
  r.post(
    '/api/staff/moderation/warnings',
    { config: cap('chat.moderate'), schema: { tags, body: WarningInput, response: { 201: Ok } } },
    async (req, reply) => {
      await warnMember(ctx, await req.requireActor(), req.body);
      return reply.code(201).send({ ok: true as const });
    },
  );

  // --- Manager ---
  r.get(
    '/api/staff/presenter-stats',
    { config: cap('manager.stats'), schema: { tags, response: { 200: PresenterStatsList } } },
    async () => listPresenterStats(ctx),
  );
  r.post(
    '/api/staff/presenter-stats/generate',
    { config: cap('manager.stats'), schema: { tags, response: { 200: PresenterStatsList } } },
    async (req) => {
      try {
        await generatePresenterStats(ctx);
      } catch (err) {
        req.log.error({ err, component: 'staff' }, 'presenter statistics: generation failed');
        throw new AppError('UNAVAILABLE', PRESENTER_TEXTS.statsFailed);
      }
      return listPresenterStats(ctx);
    },
  );
  r.patch(
    '/api/staff/presenter-stats/:id',
    {
      config: cap('manager.stats'),
      schema: { tags, params: IdParam, body: StatsNotesInput, response: { 200: Ok } },
    },
    async (req) => {
      await setPerformanceNotes(ctx, req.params.id, req.body.performanceNotes);
      return { ok: true as const };
    },
  );
}
