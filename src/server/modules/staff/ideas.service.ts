import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Idea, IdeaStatus } from '../../../shared/contracts/staff';
import { EVENT_TYPES, topics } from '../../../shared/events';
import { PRESENTER_TEXTS } from '../../../shared/texts/staff';
import type { AppContext } from '../../context';
import type { Actor } from '../../infra/http/access';
import { conflict, notFound, requireUuid } from '../../infra/http/errors';
import { peopleByIds } from '../accounts/people.service';
import { presenterIdeas } from './staff.table';

/**
 * Show ideas: presenters submit them (pending) and claim a pending, unclaimed one, which becomes
 * in_progress. The claim is one conditional UPDATE, so of two presenters claiming at once one wins and
 * the other is told. Only admins set any status or delete.
 */
type Ctx = Pick<AppContext, 'db' | 'realtime'>;
type Row = typeof presenterIdeas.$inferSelect;

/** What the presenter panel lists for presenters; admins see every status. */
const PRESENTER_STATUSES: IdeaStatus[] = ['pending', 'in_progress'];

/** Open idea lists (presenters') follow every change. */
async function changed(ctx: Ctx) {
  await ctx.realtime.publish(topics.capability('schedule.own'), EVENT_TYPES.ideasChanged, {});
}

async function present(ctx: Pick<AppContext, 'db'>, rows: Row[]): Promise<Idea[]> {
  const people = await peopleByIds(
    ctx.db,
    rows.flatMap((r) => [r.presenterId, r.claimedBy]),
  );
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    description: r.description,
    status: r.status as IdeaStatus,
    author: (r.presenterId && people.get(r.presenterId)) || null,
    claimedBy: (r.claimedBy && people.get(r.claimedBy)) || null,
    claimedAt: r.claimedAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
  }));
}

export async function listIdeas(ctx: Pick<AppContext, 'db'>, actor: Actor): Promise<Idea[]> {
  const rows = await ctx.db
    .select()
    .from(presenterIdeas)
    .where(actor.access.isAdmin ? undefined : inArray(presenterIdeas.status, PRESENTER_STATUSES))
    .orderBy(desc(presenterIdeas.createdAt))
    .limit(200);
  return present(ctx, rows);
}

export async function submitIdea(ctx: Ctx, actor: Actor, input: { title: string; description: string }) {
  const [row] = await ctx.db
    .insert(presenterIdeas)
    .values({ presenterId: actor.userId, title: input.title, description: input.description })
    .returning();
  await changed(ctx);
  return (await present(ctx, [row]))[0];
}

export async function claimIdea(ctx: Ctx, actor: Actor, id: string) {
  requireUuid(id, PRESENTER_TEXTS.ideaNotFound);
  const now = new Date();
  const [row] = await ctx.db
    .update(presenterIdeas)
    .set({ status: 'in_progress', claimedBy: actor.userId, claimedAt: now, updatedAt: now })
    .where(
      and(eq(presenterIdeas.id, id), eq(presenterIdeas.status, 'pending'), isNull(presenterIdeas.claimedBy)),
    )
    .returning();
  if (row) {
    await changed(ctx);
    return (await present(ctx, [row]))[0];
  }
  const [existing] = await ctx.db
    .select({ id: presenterIdeas.id })
    .from(presenterIdeas)
    .where(eq(presenterIdeas.id, id));
  if (!existing) throw notFound(PRESENTER_TEXTS.ideaNotFound);
  throw conflict(PRESENTER_TEXTS.ideaAlreadyClaimed);
}

/** Admins set any status; back to pending releases the claim so the idea can be claimed again. */
export async function setIdeaStatus(ctx: Ctx, id: string, status: IdeaStatus) {
  requireUuid(id, PRESENTER_TEXTS.ideaNotFound);
  const release = status === 'pending' ? { claimedBy: null, claimedAt: null } : {};
  const [row] = await ctx.db
    .update(presenterIdeas)
    .set({ status, updatedAt: new Date(), ...release })
    .where(eq(presenterIdeas.id, id))
    .returning();
  if (!row) throw notFound(PRESENTER_TEXTS.ideaNotFound);
  await changed(ctx);
  return (await present(ctx, [row]))[0];
}

export async function deleteIdea(ctx: Ctx, id: string) {
  requireUuid(id, PRESENTER_TEXTS.ideaNotFound);
  const rows = await ctx.db
    .delete(presenterIdeas)
    .where(eq(presenterIdeas.id, id))
    .returning({ id: presenterIdeas.id });
  if (rows.length === 0) throw notFound(PRESENTER_TEXTS.ideaNotFound);
  await changed(ctx);
}
