import type { AppContext } from '../../context';
import { SESSION_EXPIRES_IN_SECONDS, SESSION_UPDATE_AGE_SECONDS } from '../../infra/auth';
import { type ActorCache, sessionCookieValue, sessionKey } from '../../infra/caches/actor-cache';
import { type ActorResolver, toWebHeaders } from '../../infra/http/access';
import { loadActor } from './accounts.service';

/**
 * Resolves the caller from memory when their session is cached (see ActorCache); otherwise reads the
 * session through better-auth (which also extends a session in use once a day and re-sends its cookie),
 * then the caller's profile and roles, and caches the result.
 */
export function makeActorResolver(
  ctx: Pick<AppContext, 'auth' | 'db' | 'log'>,
  cache: ActorCache,
): ActorResolver {
  const cookieName = ctx.auth.$context.then((c) => {
    cache.cookieName = c.authCookies.sessionToken.name;
    return cache.cookieName;
  });
  return async (req, reply) => {
    const value = sessionCookieValue(req.headers.cookie, cache.cookieName ?? (await cookieName));
    if (!value) return null;
    const key = sessionKey(value);
    const cached = cache.get(key);
    if (cached) return cached;
    const mark = cache.mark();
    try {
      const { headers, response } = await ctx.auth.api.getSession({
        headers: toWebHeaders(req.headers),
        returnHeaders: true,
      });
      const cookies = headers.getSetCookie();
      if (cookies.length > 0) reply.header('set-cookie', cookies);
      if (!response) return null;
      const actor = await loadActor(ctx.db, {
        userId: response.user.id,
        sessionId: response.session.id,
        email: response.user.email,
        name: response.user.name,
      });
      if (!actor) return null;
      const expiresAt = new Date(response.session.expiresAt).getTime();
      cache.set(
        key,
        actor,
        {
          expiresAt,
          refreshAt: expiresAt - SESSION_EXPIRES_IN_SECONDS * 1000 + SESSION_UPDATE_AGE_SECONDS * 1000,
        },
        mark,
      );
      return actor;
    } catch (err) {
      ctx.log.warn({ err }, 'session lookup failed');
      return null;
    }
  };
}
