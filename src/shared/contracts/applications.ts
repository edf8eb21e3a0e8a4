import { z } from 'zod';
import { APPLICATIONS_TEXTS } from '../texts/applications';

const t = APPLICATIONS_TEXTS;
const required = (msg: string, max: number) => z.string({ error: msg }).trim().min(1, msg).max(max);

export const ApplicationInput = z.object({
  fullName: required(t.fullNameRequired, 120),
  email: z
    .string({ error: t.emailRequired })
    .trim()
    .min(1, t.emailRequired)
    .max(254)
    .pipe(z.email({ error: t.emailInvalid })),
  showConcept: required(t.showConceptRequired, 2000),
  experience: required(t.experienceRequired, 2000),
  availability: required(t.availabilityRequired, 1000),
  additionalInfo: z
    .string()
    .max(2000)
    .nullable()
    .optional()
    .transform((v) => (v?.trim() ? v.trim() : null)),
});
export type ApplicationInput = z.input<typeof ApplicationInput>;

export const APPLICATION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export const Application = z.object({
  id: z.string(),
  userId: z.string(),
  fullName: z.string(),
  email: z.string(),
  showConcept: z.string(),
  experience: z.string(),
  availability: z.string(),
  additionalInfo: z.string().nullable(),
  status: z.enum(APPLICATION_STATUSES),
  createdAt: z.string(),
  reviewedAt: z.string().nullable(),
});
export type Application = z.infer<typeof Application>;

export const APPLICATION_COOLDOWN_DAYS = 7;
export const MyApplications = z.object({
  applications: z.array(Application),
  canApply: z.boolean(),
  /** Whole days until the member may apply again (rounded up); 0 when they may. */
  daysRemaining: z.number(),
});
export const ApplicationList = z.object({ applications: z.array(Application) });
export const ReviewResult = z.object({
  application: Application,
  /** Set when the streaming account could not be created: the approval stands. */
  notice: z.string().nullable(),
});
