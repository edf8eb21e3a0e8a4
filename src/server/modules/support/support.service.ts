import { and, asc, desc, eq } from 'drizzle-orm';
import { displayNameOf } from '../../../shared/contracts/accounts';
import type {
  CreateTicketInput,
  Ticket,
  TicketMessage,
  TicketStatus,
} from '../../../shared/contracts/support';
import { EVENT_TYPES, type Topic, topics } from '../../../shared/events';
import { hasCapability } from '../../../shared/permissions';
import { SUPPORT_TEXTS } from '../../../shared/texts/support';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import type { Actor } from '../../infra/http/access';
import { notFound, requireUuid } from '../../infra/http/errors';
import { profiles } from '../accounts/accounts.table';
import { notify } from '../notifications/notifications.service';
import { supportMessages, supportTickets } from './support.table';

type Ctx = Pick<AppContext, 'db' | 'realtime'>;
type TicketRow = typeof supportTickets.$inferSelect;
type MessageRow = typeof supportMessages.$inferSelect;
type ProfileRow = typeof profiles.$inferSelect;

const STAFF_CAP = 'support.manage' as const;
const LIST_LIMIT = 200;

const author = (p: ProfileRow) => ({
  id: p.id,
  name: displayNameOf({ fullName: p.fullName, email: p.email }),
  picture: p.profilePicture,
});

export const ticketNumber = (n: number) => `TKT-${n}`;

const presentTicket = (t: TicketRow, p: ProfileRow): Ticket => ({
  id: t.id,
  ticketNumber: ticketNumber(t.number),
  subject: t.subject,
  category: t.category as Ticket['category'],
  priority: t.priority as Ticket['priority'],
  status: t.status as Ticket['status'],
  createdAt: t.createdAt.toISOString(),
  updatedAt: t.updatedAt.toISOString(),
  author: author(p),
});

const presentMessage = (m: MessageRow, p: ProfileRow): TicketMessage => ({
  id: m.id,
  ticketId: m.ticketId,
  content: m.content,
  isStaffReply: m.isStaffReply,
  createdAt: m.createdAt.toISOString(),
  author: { ...author(p), role: p.role },
});

/** Who hears about a ticket live: its author and support staff, nobody else. */
const audience = (t: TicketRow): Topic[] => [topics.user(t.userId), topics.capability(STAFF_CAP)];

async function publish(ctx: Ctx, t: TicketRow, type: string, data: unknown) {
  for (const topic of audience(t)) await ctx.realtime.publish(topic, type, data);
}

async function ticketsWhere(db: DbOrTx, where: ReturnType<typeof eq> | undefined) {
  const rows = await db
    .select({ t: supportTickets, p: profiles })
    .from(supportTickets)
    .innerJoin(profiles, eq(profiles.id, supportTickets.userId))
    .where(where)
    .orderBy(desc(supportTickets.updatedAt))
    .limit(LIST_LIMIT);
  return rows.map((r) => presentTicket(r.t, r.p));
}

async function loadTicket(db: DbOrTx, id: string, ownerId?: string) {
  requireUuid(id, SUPPORT_TEXTS.notFound);
  const [row] = await db
    .select({ t: supportTickets, p: profiles })
    .from(supportTickets)
    .innerJoin(profiles, eq(profiles.id, supportTickets.userId))
    .where(and(eq(supportTickets.id, id), ownerId ? eq(supportTickets.userId, ownerId) : undefined));
  if (!row) throw notFound(SUPPORT_TEXTS.notFound);
  return row;
}

async function thread(db: DbOrTx, t: TicketRow, p: ProfileRow) {
  const rows = await db
    .select({ m: supportMessages, p: profiles })
    .from(supportMessages)
    .innerJoin(profiles, eq(profiles.id, supportMessages.userId))
    .where(eq(supportMessages.ticketId, t.id))
    .orderBy(asc(supportMessages.createdAt));
  return { ticket: presentTicket(t, p), messages: rows.map((r) => presentMessage(r.m, r.p)) };
}

/** A member's own tickets, the most recently updated first. */
export function listMyTickets(ctx: Pick<AppContext, 'db'>, userId: string) {
  return ticketsWhere(ctx.db, eq(supportTickets.userId, userId));
}

/** Every ticket for support staff, optionally of one status, the most recently updated first. */
export function listAllTickets(ctx: Pick<AppContext, 'db'>, status?: TicketStatus) {
  return ticketsWhere(ctx.db, status ? eq(supportTickets.status, status) : undefined);
}

/** A new ticket: the database gives its number; the description is its first message. */
export async function createTicket(ctx: Ctx, actor: Actor, input: CreateTicketInput & { priority: string }) {
  const { t, m } = await ctx.db.transaction(async (tx) => {
    const [t] = await tx
      .insert(supportTickets)
      .values({
        userId: actor.userId,
        subject: input.subject,
        category: input.category,
        priority: input.priority,
      })
      .returning();
    const [m] = await tx
      .insert(supportMessages)
      .values({ ticketId: t.id, userId: actor.userId, content: input.description, isStaffReply: false })
      .returning();
    return { t, m };
  });
  const { p } = await loadTicket(ctx.db, t.id);
  const out = { ticket: presentTicket(t, p), messages: [presentMessage(m, p)] };
  await publish(ctx, t, EVENT_TYPES.supportTicketChanged, out.ticket);
  return out;
}

/** A member reads only their own ticket: anyone else's answers 404, as if it did not exist. */
export async function getMyTicket(ctx: Pick<AppContext, 'db'>, userId: string, id: string) {
  const { t, p } = await loadTicket(ctx.db, id, userId);
  return thread(ctx.db, t, p);
}

export async function getTicket(ctx: Pick<AppContext, 'db'>, id: string) {
  const { t, p } = await loadTicket(ctx.db, id);
  return thread(ctx.db, t, p);
}

/**
 * Adds a message. `is_staff_reply` comes from the sender's rights: support staff answering someone
 * else's ticket. A member answering their closed ticket opens it again.
 */
async function addMessage(ctx: Ctx, actor: Actor, t: TicketRow, content: string) {
  const staff = hasCapability(actor.access, STAFF_CAP) && actor.userId !== t.userId;
  const { m, ticket } = await ctx.db.transaction(async (tx) => {
    const [m] = await tx
      .insert(supportMessages)
      .values({ ticketId: t.id, userId: actor.userId, content, isStaffReply: staff })
      .returning();
    const reopen = !staff && t.status === 'closed';
    const [ticket] = await tx
      .update(supportTickets)
      .set({ updatedAt: m.createdAt, ...(reopen ? { status: 'open' } : {}) })
      .where(eq(supportTickets.id, t.id))
      .returning();
    return { m, ticket };
  });
  const [sender] = await ctx.db.select().from(profiles).where(eq(profiles.id, actor.userId));
  const [owner] = await ctx.db.select().from(profiles).where(eq(profiles.id, ticket.userId));
  const message = presentMessage(m, sender);
  await publish(ctx, ticket, EVENT_TYPES.supportMessage, message);
  await publish(ctx, ticket, EVENT_TYPES.supportTicketChanged, presentTicket(ticket, owner));
  if (staff) {
    await notify(ctx, ticket.userId, {
      title: SUPPORT_TEXTS.replyNotificationTitle,
      message: `${ticketNumber(ticket.number)}: ${ticket.subject}`,
      link: `/support?ticket=${ticket.id}`,
    });
  }
  return message;
}

export async function replyToMyTicket(ctx: Ctx, actor: Actor, id: string, content: string) {
  const { t } = await loadTicket(ctx.db, id, actor.userId);
  return addMessage(ctx, actor, t, content);
}

export async function staffReply(ctx: Ctx, actor: Actor, id: string, content: string) {
  const { t } = await loadTicket(ctx.db, id);
  return addMessage(ctx, actor, t, content);
}

/** Staff set any of the three statuses from any other. */
export async function setTicketStatus(ctx: Ctx, id: string, status: TicketStatus) {
  const { t: before } = await loadTicket(ctx.db, id);
  const [t] = await ctx.db
    .update(supportTickets)
    .set({ status, updatedAt: new Date() })
    .where(eq(supportTickets.id, before.id))
    .returning();
  const [p] = await ctx.db.select().from(profiles).where(eq(profiles.id, t.userId));
  const ticket = presentTicket(t, p);
  await publish(ctx, t, EVENT_TYPES.supportTicketChanged, ticket);
  return ticket;
}
