import { eq } from 'drizzle-orm';
import { EVENT_TYPES, topics } from '../../../shared/events';
import type { AppContext } from '../../context';
import type { SessionEnded } from '../../infra/caches/actor-cache';
import { notFound } from '../../infra/http/errors';
import { profiles } from './accounts.table';
import { session } from './auth.table';

type Ctx = Pick<AppContext, 'db' | 'realtime'>;

/**
 * Tells every instance that sessions ended: their cached actors are dropped and the event streams they
 * opened close. A confirmed publish: when it returns, the next request with those sessions is refused.
 */
export async function sessionsEnded(ctx: Pick<AppContext, 'realtime'>, ended: SessionEnded) {
  await ctx.realtime.publish(topics.internal, EVENT_TYPES.sessionEnded, ended);
}

/** Signs a member out everywhere (an admin's revocation): their sessions are deleted, then announced. */
export async function revokeSessions(ctx: Ctx, userId: string) {
  const [member] = await ctx.db.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, userId));
  if (!member) throw notFound('User not found');
  const rows = await ctx.db.delete(session).where(eq(session.userId, userId)).returning({ id: session.id });
  await sessionsEnded(ctx, { userId });
  return rows.length;
}
