import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParam } from '../../../shared/contracts/common';
import {
  CreateTicketInput,
  Ticket,
  TicketFilter,
  TicketList,
  TicketMessage,
  TicketReplyInput,
  TicketStatusInput,
  TicketThread,
} from '../../../shared/contracts/support';
import { SUPPORT_TEXTS } from '../../../shared/texts/support';
import { createRateLimiter, enforceRateLimit } from '../../infra/http/rate-limit';
import {
  createTicket,
  getMyTicket,
  getTicket,
  listAllTickets,
  listMyTickets,
  replyToMyTicket,
  setTicketStatus,
  staffReply,
} from './support.service';

/** The support centre (members, their own tickets) and the admin support panel (support staff). */
export async function supportRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const tags = ['support'];
  const member = { access: 'signed-in' as const, unauthenticatedMessage: SUPPORT_TEXTS.loginRequired };
  const staff = { access: { capability: 'support.manage' as const } };
  const limiter = createRateLimiter({ max: 10, windowMs: 60_000 });
  const message201 = { 201: z.object({ message: TicketMessage }) };

  r.get(
    '/api/support/tickets',
    { config: member, schema: { tags, response: { 200: TicketList } } },
    async (req) => ({
      tickets: await listMyTickets(ctx, (await req.requireActor()).userId),
    }),
  );
  r.post(
    '/api/support/tickets',
    { config: member, schema: { tags, body: CreateTicketInput, response: { 201: TicketThread } } },
    async (req, reply) => {
      const actor = await req.requireActor();
      enforceRateLimit(limiter, actor.userId, 'You are opening tickets too quickly. Please wait a minute.');
      return reply.code(201).send(await createTicket(ctx, actor, req.body));
    },
  );
  r.get(
    '/api/support/tickets/:id',
    { config: member, schema: { tags, params: IdParam, response: { 200: TicketThread } } },
    async (req) => getMyTicket(ctx, (await req.requireActor()).userId, req.params.id),
  );
  r.post(
    '/api/support/tickets/:id/messages',
    { config: member, schema: { tags, params: IdParam, body: TicketReplyInput, response: message201 } },
    async (req, reply) => {
      const actor = await req.requireActor();
      return reply
        .code(201)
        .send({ message: await replyToMyTicket(ctx, actor, req.params.id, req.body.content) });
    },
  );

  r.get(
    '/api/admin/support/tickets',
    { config: staff, schema: { tags, querystring: TicketFilter, response: { 200: TicketList } } },
    async (req) => ({ tickets: await listAllTickets(ctx, req.query.status) }),
  );
  r.get(
    '/api/admin/support/tickets/:id',
    { config: staff, schema: { tags, params: IdParam, response: { 200: TicketThread } } },
    async (req) => getTicket(ctx, req.params.id),
  );
  r.patch(
    '/api/admin/support/tickets/:id',
    {
      config: staff,
      schema: {
        tags,
        params: IdParam,
        body: TicketStatusInput,
        response: { 200: z.object({ ticket: Ticket }) },
      },
    },
    async (req) => ({ ticket: await setTicketStatus(ctx, req.params.id, req.body.status) }),
  );
  r.post(
    '/api/admin/support/tickets/:id/messages',
    {
      config: { ...staff, unauthenticatedMessage: SUPPORT_TEXTS.replyLogin },
      schema: { tags, params: IdParam, body: TicketReplyInput, response: message201 },
    },
    async (req, reply) => {
      const actor = await req.requireActor();
      return reply.code(201).send({ message: await staffReply(ctx, actor, req.params.id, req.body.content) });
    },
  );
}
