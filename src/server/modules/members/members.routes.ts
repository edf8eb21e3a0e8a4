import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MemberList, MemberQuery, Team } from '../../../shared/contracts/members';
import { EVENT_TYPES } from '../../../shared/events';
import { inAnyBlock, listMembers, teamPage } from './members.service';

export async function membersRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  // Names, pictures, privacy and roles: a profile change, a role change or a new member changes them.
  const people = [EVENT_TYPES.membersChanged, EVENT_TYPES.meChanged];
  const members = ctx.publicReads.register({
    url: '/api/members',
    query: MemberQuery,
    response: MemberList,
    build: async (q) => ({ members: await listMembers(ctx.db, q.q) }),
    cacheable: (q) => !q.q,
    invalidatedBy: people,
    // Visitors share one copy; a member in a block sees the list without the other side (the route).
    audience: 'anonymous',
  });
  const team = ctx.publicReads.register({
    url: '/api/team',
    response: Team,
    build: () => teamPage(ctx.db),
    invalidatedBy: people,
  });
  r.get(
    '/api/members',
    {
      config: { access: 'public' },
      schema: { tags: ['members'], querystring: MemberQuery, response: { 200: MemberList } },
    },
    async (req, reply) => {
      const actor = await req.getActor();
      if (!actor || !(await inAnyBlock(ctx.db, actor.userId))) return members.reply(req, reply);
      reply.header('cache-control', 'private, no-store');
      return { members: await listMembers(ctx.db, req.query.q, actor.userId) };
    },
  );
  r.get(
    '/api/team',
    { config: { access: 'public' }, schema: { tags: ['members'], response: { 200: Team } } },
    (req, reply) => team.reply(req, reply),
  );
}
