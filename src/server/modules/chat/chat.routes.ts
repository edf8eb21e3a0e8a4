import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ChatMessage, ChatMessageList, DeleteChatInput, SendChatInput } from '../../../shared/contracts/chat';
import { IdParam, Ok } from '../../../shared/contracts/common';
import { EVENT_TYPES } from '../../../shared/events';
import { CHAT_TEXTS } from '../../../shared/texts/chat';
import { createRateLimiter, enforceRateLimit } from '../../infra/http/rate-limit';
import { chatHistory, deleteChatMessage, postChatMessage } from './chat.service';

export async function chatRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const tags = ['chat'];
  // Per member: a burst of 5 messages per 10 seconds.
  const limiter = createRateLimiter({ max: 5, windowMs: 10_000 });
  const signedIn = { access: 'signed-in' as const, unauthenticatedMessage: CHAT_TEXTS.loginRequiredBody };

  // The same history for every member: authors' names, pictures and roles show in it.
  const history = ctx.publicReads.register({
    url: '/api/chat/messages',
    response: ChatMessageList,
    // Each member's own copy: the members they blocked are left out.
    audience: 'each-member',
    build: async (_q, actor) => ({ messages: await chatHistory(ctx, actor?.userId) }),
    invalidatedBy: [
      EVENT_TYPES.blocksChanged,
      EVENT_TYPES.chatMessage,
      EVENT_TYPES.chatDeleted,
      EVENT_TYPES.membersChanged,
      { type: EVENT_TYPES.meChanged, everyMember: true },
    ],
  });
  r.get(
    '/api/chat/messages',
    { config: signedIn, schema: { tags, response: { 200: ChatMessageList } } },
    (req, reply) => history.reply(req, reply),
  );
  r.post(
    '/api/chat/messages',
    {
      config: signedIn,
      schema: { tags, body: SendChatInput, response: { 201: z.object({ message: ChatMessage }) } },
    },
    async (req, reply) => {
      const actor = await req.requireActor();
      enforceRateLimit(limiter, actor.userId, CHAT_TEXTS.tooFast);
      const message = await postChatMessage(ctx, actor, req.body.content, req.body.asPresenter);
      return reply.code(201).send({ message });
    },
  );
  r.delete(
    '/api/chat/messages/:id',
    {
      // The author deletes their own message; moderators anyone's (checked in the service).
      config: signedIn,
      schema: { tags, params: IdParam, querystring: DeleteChatInput, response: { 200: Ok } },
    },
    async (req) => {
      await deleteChatMessage(ctx, await req.requireActor(), req.params.id, req.query.reason);
      return { ok: true as const };
    },
  );
}
