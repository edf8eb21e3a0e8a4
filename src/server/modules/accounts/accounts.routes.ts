import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ChangeRoleInput,
  LoginInput,
  LoginResult,
  MeOrAnonymous,
  SignUpInput,
  UpdateProfileInput,
  UserList,
  UserListItem,
} from '../../../shared/contracts/accounts';
import { IdParam, Ok } from '../../../shared/contracts/common';
import { EVENT_TYPES } from '../../../shared/events';
import { AUTH_TEXTS } from '../../../shared/texts/accounts';
import { toWebHeaders } from '../../infra/http/access';
import { createRateLimiter, enforceRateLimit } from '../../infra/http/rate-limit';
import { changeUserRole, getMe, listUsers, memberPromoted, updateOwnProfile } from './accounts.service';
import { logIn, logOut, signUp, verifyEmail } from './auth.service';
import { revokeSessions, sessionsEnded } from './sessions.service';

const SignUpResponse = z.object({
  me: z.any().nullable(),
  firstUserIsAdmin: z.boolean(),
  emailConfirmationRequired: z.boolean(),
});

export async function accountsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const limiter = createRateLimiter({
    max: ctx.config.AUTH_RATE_LIMIT_MAX,
    windowMs: ctx.config.AUTH_RATE_LIMIT_WINDOW_SECONDS * 1000,
  });
  const limit = (req: FastifyRequest, what: string) =>
    enforceRateLimit(limiter, `${what}:${req.ip}`, AUTH_TEXTS.tooManyAttempts);
  const setCookies = (reply: FastifyReply, cookies: string[]) => {
    if (cookies.length > 0) reply.header('set-cookie', cookies);
  };

  r.post(
    '/api/auth/sign-up',
    {
      config: { access: 'public' },
      schema: { tags: ['accounts'], body: SignUpInput, response: { 201: SignUpResponse } },
    },
    async (req, reply) => {
      limit(req, 'sign-up');
      const out = await signUp(ctx, req.body, toWebHeaders(req.headers));
      setCookies(reply, out.setCookies);
      const me = out.actor ? await getMe(ctx, out.actor) : null;
      return reply
        .code(201)
        .send({ me, firstUserIsAdmin: out.firstUserIsAdmin, emailConfirmationRequired: !me });
    },
  );

  r.post(
    '/api/auth/login',
    {
      config: { access: 'public' },
      schema: { tags: ['accounts'], body: LoginInput, response: { 200: LoginResult } },
    },
    async (req, reply) => {
      limit(req, 'login');
      const out = await logIn(ctx, req.body, toWebHeaders(req.headers));
      setCookies(reply, out.setCookies);
      return { me: await getMe(ctx, out.actor) };
    },
  );

  r.post(
    '/api/auth/logout',
    { config: { access: 'public' }, schema: { tags: ['accounts'], response: { 200: Ok } } },
    async (req, reply) => {
      const actor = await req.getActor();
      setCookies(reply, await logOut(ctx, toWebHeaders(req.headers)));
      // The session is gone: every instance forgets it and closes the event streams it opened.
      if (actor) await sessionsEnded(ctx, { userId: actor.userId, sessionIds: [actor.sessionId] });
      return { ok: true as const };
    },
  );

  r.get(
    '/api/auth/verify-email',
    {
      config: { access: 'public' },
      schema: { tags: ['accounts'], querystring: z.object({ token: z.string().min(1).max(2000) }) },
    },
    async (req, reply) => {
      const out = await verifyEmail(ctx, req.query.token, toWebHeaders(req.headers));
      setCookies(reply, out.setCookies);
      return reply.redirect(out.ok ? '/?emailConfirmed=1' : '/?emailConfirmed=0');
    },
  );

  // The caller's account and rights, from the actor their session resolved to (no database read).
  const me = ctx.publicReads.register({
    url: '/api/me',
    response: MeOrAnonymous,
    audience: 'each-member',
    build: async (_q, actor) => ({ me: actor ? await getMe(ctx, actor) : null }),
    // Profile and rights (me, members), and the token balance: every wallet change says so after commit.
    invalidatedBy: [EVENT_TYPES.meChanged, EVENT_TYPES.membersChanged, EVENT_TYPES.walletChanged],
  });
  r.get(
    '/api/me',
    { config: { access: 'public' }, schema: { tags: ['accounts'], response: { 200: MeOrAnonymous } } },
    async (req, reply) => {
      if (await req.getActor()) return me.reply(req, reply);
      reply.header('cache-control', 'no-store');
      return { me: null };
    },
  );

  r.patch(
    '/api/me',
    {
      config: { access: 'signed-in', unauthenticatedMessage: AUTH_TEXTS.noUserLoggedIn },
      schema: { tags: ['accounts'], body: UpdateProfileInput, response: { 200: LoginResult } },
    },
    async (req) => ({ me: await updateOwnProfile(ctx, await req.requireActor(), req.body) }),
  );

  r.get(
    '/api/users',
    {
      config: { access: { capability: 'users.manage' } },
      schema: { tags: ['accounts'], response: { 200: UserList } },
    },
    async () => ({ users: await listUsers(ctx) }),
  );

  r.delete(
    '/api/users/:id/sessions',
    {
      config: { access: { capability: 'users.manage' } },
      schema: {
        tags: ['accounts'],
        description: 'Signs a member out everywhere: every session ends and its event streams close.',
        params: IdParam,
        response: { 200: z.object({ ended: z.number() }) },
      },
    },
    async (req) => ({ ended: await revokeSessions(ctx, req.params.id) }),
  );

  r.patch(
    '/api/users/:id/role',
    {
      config: { access: { capability: 'users.manage' } },
      schema: {
        tags: ['accounts'],
        params: IdParam,
        body: ChangeRoleInput,
        response: { 200: z.object({ user: UserListItem, notice: z.string().nullable() }) },
      },
    },
    async (req) => {
      const user = await changeUserRole(
        ctx,
        { userId: (await req.requireActor()).userId },
        req.params.id,
        req.body.role,
      );
      // Promotion to presenter brings a streaming account; its failure never undoes the change.
      const account = user.role === 'presenter' ? await memberPromoted(ctx, user.id) : { ok: true };
      return {
        user,
        notice: account.ok ? null : `Role changed, but no streaming account was created: ${account.error}`,
      };
    },
  );
}
