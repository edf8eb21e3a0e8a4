import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParam, Ok } from '../../../shared/contracts/common';
import {
  Conversation,
  ConversationList,
  DirectMessage,
  DirectMessageList,
  DirectMessageQuery,
  OpenConversationInput,
  SendDirectMessageInput,
} from '../../../shared/contracts/messages';
import { EVENT_TYPES } from '../../../shared/events';
import { CHAT_TEXTS } from '../../../shared/texts/chat';
import { MESSAGES_TEXTS } from '../../../shared/texts/messages';
import { createRateLimiter, enforceRateLimit } from '../../infra/http/rate-limit';
import {
  conversationMessages,
  deleteDirectMessage,
  listConversations,
  markConversationRead,
  openConversation,
  sendDirectMessage,
} from './messages.service';

export async function messagesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const tags = ['messages'];
  const own = { access: 'signed-in' as const, unauthenticatedMessage: MESSAGES_TEXTS.loginRequired };
  const limiter = createRateLimiter({ max: 10, windowMs: 10_000 });

  // Each member's conversations: their own messages and reads, and the other people's names and roles.
  const mine = ctx.publicReads.register({
    url: '/api/conversations',
    response: ConversationList,
    audience: 'each-member',
    build: async (_q, actor) => ({ conversations: await listConversations(ctx, actor!.userId) }),
    invalidatedBy: [
      EVENT_TYPES.dmMessage,
      EVENT_TYPES.dmRead,
      EVENT_TYPES.dmDeleted,
      EVENT_TYPES.conversationOpened,
      EVENT_TYPES.membersChanged,
      { type: EVENT_TYPES.meChanged, everyMember: true },
    ],
  });
  r.get(
    '/api/conversations',
    { config: own, schema: { tags, response: { 200: ConversationList } } },
    (req, reply) => mine.reply(req, reply),
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
    {
      config: own,
      schema: {
        tags,
        params: IdParam,
        querystring: DirectMessageQuery,
        response: { 200: DirectMessageList },
      },
    },
    async (req) => conversationMessages(ctx, (await req.requireActor()).userId, req.params.id, req.query),
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
      enforceRateLimit(limiter, actor.userId, CHAT_TEXTS.tooFast);
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
  r.delete(
    '/api/messages/:id',
    { config: own, schema: { tags, params: IdParam, response: { 200: Ok } } },
    async (req) => {
      await deleteDirectMessage(ctx, (await req.requireActor()).userId, req.params.id);
      return { ok: true as const };
    },
  );
}
