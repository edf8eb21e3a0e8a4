import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParam } from '../../../shared/contracts/common';
import {
  Conversation,
  ConversationList,
  DirectMessage,
  DirectMessageList,
  OpenConversationInput,
  SendDirectMessageInput,
} from '../../../shared/contracts/community';
import { TEXTS } from '../../../shared/texts';
import { createRateLimiter, enforceRateLimit } from '../../infra/rate-limit';
import {
  conversationMessages,
  listConversations,
  markConversationRead,
  openConversation,
  sendDirectMessage,
} from './messages.service';

export async function messagesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const tags = ['messages'];
  const own = { access: 'signed-in' as const, unauthenticatedMessage: TEXTS.messages.loginRequired };
  const limiter = createRateLimiter({ max: 10, windowMs: 10_000 });

  r.get(
    '/api/conversations',
    { config: own, schema: { tags, response: { 200: ConversationList } } },
    async (req) => ({
      conversations: await listConversations(ctx, (await req.requireActor()).userId),
    }),
  );
  r.post(
    '/api/conversations',
    {
      config: own,
      schema: {
        tags,
        body: OpenConversationInput,
        response: { 200: z.object({ conversation: Conversation }) },
      },
    },
    async (req) => ({
      conversation: await openConversation(ctx, (await req.requireActor()).userId, req.body.userId),
    }),
  );
  r.get(
    '/api/conversations/:id/messages',
    { config: own, schema: { tags, params: IdParam, response: { 200: DirectMessageList } } },
    async (req) => conversationMessages(ctx, (await req.requireActor()).userId, req.params.id),
  );
  r.post(
    '/api/conversations/:id/messages',
    {
      config: own,
      schema: {
        tags,
        params: IdParam,
        body: SendDirectMessageInput,
        response: { 201: z.object({ message: DirectMessage }) },
      },
    },
    async (req, reply) => {
      const actor = await req.requireActor();
      enforceRateLimit(limiter, actor.userId, TEXTS.chat.tooFast);
      const message = await sendDirectMessage(ctx, actor.userId, req.params.id, req.body.content);
      return reply.code(201).send({ message });
    },
  );
  r.post(
    '/api/conversations/:id/read',
    { config: own, schema: { tags, params: IdParam, response: { 200: z.object({ updated: z.number() }) } } },
    async (req) => ({
      updated: await markConversationRead(ctx, (await req.requireActor()).userId, req.params.id),
    }),
  );
}
