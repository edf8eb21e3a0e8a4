import { z } from 'zod';
import { Member } from './members';

/** Blocks: a member hides another (no direct messages, chat hidden, no mentions); the other is not told. */
export const BlockInput = z.object({ userId: z.string().trim().min(1, 'Choose a member').max(64) });
export const BlockedMember = z.object({ member: Member, createdAt: z.string() });
export type BlockedMember = z.infer<typeof BlockedMember>;
export const BlockList = z.object({ blocks: z.array(BlockedMember) });
export const BlockParam = z.object({ userId: z.string().min(1).max(64) });

export const REPORT_KINDS = ['chat', 'message', 'member'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];
export const REPORT_STATUSES = ['open', 'resolved', 'dismissed'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];
export const REPORT_REASON_MAX = 500;

export const ReportInput = z.object({
  kind: z.enum(REPORT_KINDS, 'Choose what you are reporting'),
  targetId: z.string().trim().min(1, 'Choose what you are reporting').max(64),
  reason: z
    .string()
    .max(REPORT_REASON_MAX * 2)
    .transform((v) => v.trim())
    .pipe(
      z
        .string()
        .min(3, 'Tell the moderators what is wrong')
        .max(REPORT_REASON_MAX, `Reasons are at most ${REPORT_REASON_MAX} characters`),
    ),
});
export type ReportInput = z.infer<typeof ReportInput>;

const Person = z.object({ id: z.string(), name: z.string() }).nullable();
export const Report = z.object({
  id: z.string(),
  kind: z.enum(REPORT_KINDS),
  targetId: z.string(),
  reason: z.string(),
  status: z.enum(REPORT_STATUSES),
  /** The reported words as they were when reported (the message may since have been deleted). */
  excerpt: z.string().nullable(),
  reporter: Person,
  reported: Person,
  handledBy: Person,
  handledAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Report = z.infer<typeof Report>;
export const ReportList = z.object({ reports: z.array(Report), openCount: z.number() });
export const ReportQuery = z.object({ status: z.enum([...REPORT_STATUSES, 'all']).default('open') });
export const ReportDecision = z.object({
  status: z.enum(['resolved', 'dismissed'], 'Choose resolved or dismissed'),
});
