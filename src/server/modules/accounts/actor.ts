import type { AppContext } from '../../context';
import { type ActorResolver, toWebHeaders } from '../../infra/access';
import { loadActor } from './accounts.service';

/**
 * Reads the session cookie through better-auth (which also extends a session in use and re-sends its
 * cookie), then the caller's profile and roles.
 */
export function makeActorResolver(ctx: Pick<AppContext, 'auth' | 'db' | 'log'>): ActorResolver {
  return async (req, reply) => {
    if (!req.headers.cookie?.includes('session_token')) return null;
    try {
      const { headers, response } = await ctx.auth.api.getSession({
        headers: toWebHeaders(req.headers),
        returnHeaders: true,
      });
      const cookies = headers.getSetCookie();
      if (cookies.length > 0) reply.header('set-cookie', cookies);
      if (!response) return null;
      return await loadActor(ctx.db, {
        userId: response.user.id,
        sessionId: response.session.id,
        email: response.user.email,
        name: response.user.name,
      });
    } catch (err) {
      ctx.log.warn({ err }, 'session lookup failed');
      return null;
    }
  };
}
