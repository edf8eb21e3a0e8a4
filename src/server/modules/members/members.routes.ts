import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MemberList, MemberQuery, Team } from '../../../shared/contracts/community';
import { listMembers, teamPage } from './members.service';

export async function membersRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  r.get(
    '/api/members',
    {
      config: { access: 'public' },
      schema: { tags: ['members'], querystring: MemberQuery, response: { 200: MemberList } },
    },
    async (req) => ({ members: await listMembers(ctx.db, req.query.q) }),
  );
  r.get(
    '/api/team',
    { config: { access: 'public' }, schema: { tags: ['members'], response: { 200: Team } } },
    async () => teamPage(ctx.db),
  );
}
