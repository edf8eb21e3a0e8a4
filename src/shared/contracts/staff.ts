import { z } from 'zod';
import { LIMITS } from '../limits';
import { PRESENTER_TEXTS } from '../texts/staff';

/** Contracts of the presenter panel's sections and the developer tools. */

const required = (message: string, max: number) =>
  z
    .string({ error: message })
    .max(max * 2)
    .transform((v) => v.trim())
    .pipe(z.string().min(1, message).max(max, `At most ${max} characters`));

const optionalText = (max: number) =>
  z
    .string()
    .max(max, `At most ${max} characters`)
    .nullable()
    .optional()
    .transform((v) => (v?.trim() ? v.trim() : null));

/** A person as the panels show them: never an email. */
export const PersonRef = z.object({
  id: z.string(),
  name: z.string(),
  picture: z.string().nullable(),
  role: z.string(),
});
export type PersonRef = z.infer<typeof PersonRef>;
export const PeopleQuery = z.object({
  q: z.string().max(80).optional(),
  role: z.enum(['presenter']).optional(),
});
export const PeopleList = z.object({ people: z.array(PersonRef) });

// --- Ideas ---
export const IDEA_STATUSES = ['pending', 'approved', 'in_progress', 'completed', 'rejected'] as const;
export type IdeaStatus = (typeof IDEA_STATUSES)[number];
export const Idea = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  status: z.enum(IDEA_STATUSES),
  author: PersonRef.nullable(),
  claimedBy: PersonRef.nullable(),
  claimedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Idea = z.infer<typeof Idea>;
export const IdeaList = z.object({ ideas: z.array(Idea) });
export const IdeaInput = z.object({
  title: required(PRESENTER_TEXTS.ideaTitleRequired, 120),
  description: required(PRESENTER_TEXTS.ideaDescriptionRequired, 2000),
});
export type IdeaInput = z.input<typeof IdeaInput>;
export const IdeaStatusInput = z.object({ status: z.enum(IDEA_STATUSES) });

// --- Training ---
export const SESSION_TYPES = [
  'studio_basics',
  'microphone_technique',
  'live_mixing',
  'show_planning',
  'listener_engagement',
  'feedback_review',
  'assessment',
] as const;
export const SESSION_TYPE_LABELS: Record<(typeof SESSION_TYPES)[number], string> = {
  studio_basics: 'Studio basics',
  microphone_technique: 'Microphone technique',
  live_mixing: 'Live mixing',
  show_planning: 'Show planning',
  listener_engagement: 'Listener engagement',
  feedback_review: 'Feedback review',
  assessment: 'Assessment',
};
export const TRAINING_STATUSES = ['scheduled', 'completed'] as const;
export const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
/** 'YYYY-MM-DD' naming a day that exists (not 31 February). */
export function isRealDate(v: string): boolean {
  if (!DATE_RE.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
}

export const TrainingSession = z.object({
  id: z.string(),
  mentor: PersonRef.nullable(),
  trainee: PersonRef,
  sessionType: z.enum(SESSION_TYPES),
  sessionTitle: z.string().nullable(),
  notes: z.string().nullable(),
  rating: z.number().int(),
  sessionDate: z.string(),
  durationMinutes: z.number().int(),
  status: z.enum(TRAINING_STATUSES),
  createdAt: z.string(),
});
export type TrainingSession = z.infer<typeof TrainingSession>;
export const TrainingList = z.object({ sessions: z.array(TrainingSession) });
export const TrainingInput = z.object({
  traineeId: z.string({ error: PRESENTER_TEXTS.traineeRequired }).min(1, PRESENTER_TEXTS.traineeRequired),
  sessionType: z.enum(SESSION_TYPES, { error: PRESENTER_TEXTS.sessionTypeRequired }),
  sessionTitle: optionalText(120),
  notes: optionalText(4000),
  rating: z
    .number({ error: PRESENTER_TEXTS.ratingRange })
    .int(PRESENTER_TEXTS.ratingRange)
    .min(1, PRESENTER_TEXTS.ratingRange)
    .max(5, PRESENTER_TEXTS.ratingRange)
    .default(LIMITS.trainingDefaultRating),
  sessionDate: z.string().refine(isRealDate, 'Date must be a real date (YYYY-MM-DD)').optional(),
  durationMinutes: z
    .number()
    .int('Duration is a whole number of minutes')
    .min(5, 'Duration is at least 5 minutes')
    .max(600, 'Duration is at most 600 minutes')
    .default(LIMITS.trainingDefaultMinutes),
  status: z.enum(TRAINING_STATUSES).default('completed'),
});
export type TrainingInput = z.input<typeof TrainingInput>;

// --- Moderation ---
export const ModerationAction = z.object({
  id: z.string(),
  actionType: z.string(),
  moderator: PersonRef.nullable(),
  target: PersonRef.nullable(),
  reason: z.string().nullable(),
  details: z.string().nullable(),
  createdAt: z.string(),
});
export type ModerationAction = z.infer<typeof ModerationAction>;
export const ModerationOverview = z.object({
  counts: z.object({ bans: z.number(), warnings: z.number(), approvals: z.number() }),
  actions: z.array(ModerationAction),
});
export type ModerationOverview = z.infer<typeof ModerationOverview>;
export const WarningInput = z.object({
  userId: z.string().min(1, 'Choose the member to warn'),
  reason: required(PRESENTER_TEXTS.warningReasonRequired, 500),
});
export type WarningInput = z.input<typeof WarningInput>;

// --- Presenter statistics ---
export const PresenterStats = z.object({
  presenter: PersonRef,
  totalShows: z.number(),
  totalHours: z.number(),
  showsThisWeek: z.number(),
  showsThisMonth: z.number(),
  averageRating: z.number(),
  lastShowDate: z.string().nullable(),
  performanceNotes: z.string().nullable(),
  updatedAt: z.string(),
});
export type PresenterStats = z.infer<typeof PresenterStats>;
export const PresenterStatsList = z.object({
  stats: z.array(PresenterStats),
  generatedAt: z.string().nullable(),
});
export const StatsNotesInput = z.object({ performanceNotes: optionalText(2000) });

// --- Developer tools ---
export const SystemStatus = z.object({
  database: z.object({ kind: z.enum(['pglite', 'pg']), reachable: z.boolean(), latencyMs: z.number() }),
  engine: z.object({ kind: z.string(), configured: z.boolean(), onAir: z.boolean() }),
  jobs: z.object({ running: z.boolean() }),
  eventStreams: z.number(),
  version: z.string(),
  node: z.string(),
  uptimeSeconds: z.number(),
});
export type SystemStatus = z.infer<typeof SystemStatus>;
export const SystemLog = z.object({
  id: z.number(),
  level: z.string(),
  component: z.string(),
  message: z.string(),
  createdAt: z.string(),
});
export type SystemLog = z.infer<typeof SystemLog>;
export const SystemLogList = z.object({ logs: z.array(SystemLog) });
export const SystemLogQuery = z.object({ level: z.enum(['error', 'warn']).optional() });
export const DatabaseView = z.object({
  kind: z.enum(['pglite', 'pg']),
  tables: z.array(z.object({ name: z.string(), rows: z.number() })),
  migrations: z.array(z.object({ tag: z.string(), createdAt: z.string(), applied: z.boolean() })),
});
export type DatabaseView = z.infer<typeof DatabaseView>;

export const ApiKey = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  /** The first 12 characters followed by stars: the key itself is never shown again. */
  maskedKey: z.string(),
  isActive: z.boolean(),
  createdBy: PersonRef.nullable(),
  requestCount: z.number(),
  lastUsedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type ApiKey = z.infer<typeof ApiKey>;
export const ApiKeyList = z.object({ keys: z.array(ApiKey) });
export const ApiKeyInput = z.object({
  name: required(PRESENTER_TEXTS.apiKeyNameRequired, 80),
  description: optionalText(500),
});
export type ApiKeyInput = z.input<typeof ApiKeyInput>;
/** The answer to creating a key: the only time the whole key is sent. */
export const CreatedApiKey = z.object({ apiKey: ApiKey, key: z.string() });
export const KeyInfo = z.object({
  apiKey: z.object({ name: z.string(), maskedKey: z.string(), limitPerMinute: z.number() }).nullable(),
});

// --- Rules ---
export const PresenterRules = z.object({
  rules: z.array(z.object({ title: z.string().nullable(), text: z.string() })),
  isDefault: z.boolean(),
});
export type PresenterRules = z.infer<typeof PresenterRules>;

/** 'illusion_ab1' + stars: how a key is listed. */
export function maskApiKey(prefix: string): string {
  return `${prefix.slice(0, LIMITS.apiKeyShownChars)}${'*'.repeat(20)}`;
}
