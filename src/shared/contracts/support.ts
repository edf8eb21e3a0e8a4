import { z } from 'zod';
import { SUPPORT_TEXTS } from '../texts/support';

export const TICKET_CATEGORIES = ['general', 'partnership', 'technical', 'other'] as const;
export const TICKET_PRIORITIES = ['low', 'normal', 'high', 'urgent'] as const;
export const TICKET_STATUSES = ['open', 'in_progress', 'closed'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

export const SUPPORT_LIMITS = { subject: 200, message: 5000 } as const;

const t = SUPPORT_TEXTS;

export const CreateTicketInput = z.object({
  subject: z
    .string({ error: t.subjectRequired })
    .trim()
    .min(1, t.subjectRequired)
    .max(SUPPORT_LIMITS.subject),
  category: z.enum(TICKET_CATEGORIES, { error: 'Please choose a category' }),
  priority: z.enum(TICKET_PRIORITIES, { error: 'Please choose a priority' }).default('normal'),
  description: z
    .string({ error: t.descriptionRequired })
    .trim()
    .min(1, t.descriptionRequired)
    .max(SUPPORT_LIMITS.message),
});
export type CreateTicketInput = z.input<typeof CreateTicketInput>;

export const TicketReplyInput = z.object({
  content: z.string({ error: t.replyRequired }).trim().min(1, t.replyRequired).max(SUPPORT_LIMITS.message),
});
export const TicketStatusInput = z.object({ status: z.enum(TICKET_STATUSES) });
export const TicketFilter = z.object({ status: z.enum(TICKET_STATUSES).optional() });

export const TicketAuthor = z.object({ id: z.string(), name: z.string(), picture: z.string().nullable() });

export const Ticket = z.object({
  id: z.string(),
  /** The readable number, e.g. TKT-1001, given by the server. */
  ticketNumber: z.string(),
  subject: z.string(),
  category: z.enum(TICKET_CATEGORIES),
  priority: z.enum(TICKET_PRIORITIES),
  status: z.enum(TICKET_STATUSES),
  createdAt: z.string(),
  updatedAt: z.string(),
  author: TicketAuthor,
});
export type Ticket = z.infer<typeof Ticket>;

export const TicketMessage = z.object({
  id: z.string(),
  ticketId: z.string(),
  content: z.string(),
  isStaffReply: z.boolean(),
  createdAt: z.string(),
  author: TicketAuthor.extend({ role: z.string() }),
});
export type TicketMessage = z.infer<typeof TicketMessage>;

export const TicketList = z.object({ tickets: z.array(Ticket) });
export const TicketThread = z.object({ ticket: Ticket, messages: z.array(TicketMessage) });
export type TicketThread = z.infer<typeof TicketThread>;
