import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CreateUserInput,
  CreateUserResult,
  LoginResult,
  SetPasswordInput,
  SetPasswordLink,
} from '../../../shared/contracts/accounts';
import { IdParam } from '../../../shared/contracts/common';
import { AUTH_TEXTS } from '../../../shared/texts/accounts';
import { toWebHeaders } from '../../infra/http/access';
import { createRateLimiter, enforceRateLimit } from '../../infra/http/rate-limit';
import { getMe } from './accounts.service';
import { createUserByAdmin, reissueSetPasswordLink, setPasswordFromLink } from './user-invites.service';

/** The admin user form, its set-password links, and the page where a new member chooses a password. */
export async function userInvitesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const tags = ['accounts'];
  const manage = { access: { capability: 'users.manage' as const } };
  const limiter = createRateLimiter({
    max: ctx.config.AUTH_RATE_LIMIT_MAX,
    windowMs: ctx.config.AUTH_RATE_LIMIT_WINDOW_SECONDS * 1000,
  });

  r.post(
    '/api/users',
    {
      config: manage,
      schema: {
        tags,
        description:
          'Creates an account with no password: the member chooses one from a set-password link, mailed ' +
          'to them when mail is configured, otherwise returned here once for the admin to hand over.',
        body: CreateUserInput,
        response: { 201: CreateUserResult },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return reply
        .code(201)
        .send(await createUserByAdmin(ctx, req.body, { userId: (await req.requireActor()).userId }));
    },
  );

  r.post(
    '/api/users/:id/set-password-link',
    {
      config: manage,
      schema: {
        tags,
        description: 'A new set-password link for a member who has not chosen a password yet.',
        params: IdParam,
        response: { 200: z.object({ link: SetPasswordLink }) },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return { link: await reissueSetPasswordLink(ctx, req.params.id) };
    },
  );

  r.post(
    '/api/auth/set-password',
    {
      config: { access: 'public' },
      schema: { tags, body: SetPasswordInput, response: { 200: LoginResult.partial() } },
    },
    async (req, reply) => {
      enforceRateLimit(limiter, `set-password:${req.ip}`, AUTH_TEXTS.tooManyAttempts);
      const out = await setPasswordFromLink(ctx, req.body, toWebHeaders(req.headers));
      if (out.setCookies.length > 0) reply.header('set-cookie', out.setCookies);
      return out.actor ? { me: await getMe(ctx, out.actor) } : {};
    },
  );
}
