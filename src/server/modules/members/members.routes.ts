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
      // A search (never cached, so it reaches the route) leaves out the other side of the searcher's
      // blocks; the whole list is one shared copy for everyone.
      const actor = req.query.q ? await req.getActor() : null;
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
