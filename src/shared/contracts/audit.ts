import { z } from 'zod';

/**
 * The staff actions the audit trail records (who, when, before and after), with the words the
 * Developer section shows for them. Kept one year (LIMITS.staffActionRetentionDays).
 */
export const STAFF_ACTIONS = {
  'user.role': 'Changed a member’s role',
  'role.create': 'Created a role',
  'role.update': 'Edited a role',
  'role.delete': 'Deleted a role',
  'role.assign': 'Assigned a role',
  'role.unassign': 'Removed a role assignment',
  'settings.site': 'Changed site settings',
  'settings.discord': 'Changed Discord settings',
  'settings.requests': 'Switched song requests',
  'station.command': 'Radio control',
  'shop.gift': 'Gave a gift',
  'shop.refund': 'Refund',
  'shop.item.delete': 'Deleted a shop item',
  'shop.category.delete': 'Deleted a shop category',
  'ban.add': 'Banned a song',
  'ban.toggle': 'Switched a song ban',
  'ban.delete': 'Deleted a song ban',
  'news.delete': 'Deleted an article',
  'carousel.delete': 'Deleted a carousel image',
  'streamer.delete': 'Deleted a community streamer',
  'chat.delete': 'Deleted a chat message',
  'playlist.create': 'Created a playlist',
  'playlist.update': 'Edited a playlist',
  'playlist.delete': 'Deleted a playlist',
  'playlist.tracks': 'Changed a playlist’s tracks',
  'track.delete': 'Deleted a library track',
  'track.bulk_edit': 'Edited several library tracks at once',
  // Listen again: a presenter's recording hidden, published or deleted by someone else.
  'recording.hide': 'Hid or published a show recording',
  'recording.delete': 'Deleted a show recording',
} as const;
export type StaffActionName = keyof typeof STAFF_ACTIONS;
export const STAFF_ACTION_NAMES = Object.keys(STAFF_ACTIONS) as [StaffActionName, ...StaffActionName[]];

export const StaffAction = z.object({
  id: z.number(),
  action: z.string(),
  actorId: z.string().nullable(),
  /** The actor's name when it happened (a member since deleted keeps theirs), or the outside system. */
  actorName: z.string(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  summary: z.string(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  createdAt: z.string(),
});
export type StaffAction = z.infer<typeof StaffAction>;

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date as YYYY-MM-DD')
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)), 'Use a real date');

export const StaffActionQuery = z.object({
  actorId: z.string().trim().min(1).max(200).optional(),
  action: z.enum(STAFF_ACTION_NAMES).optional(),
  /** First and last day (UTC), inclusive. */
  from: day.optional(),
  to: day.optional(),
});
export type StaffActionQuery = z.infer<typeof StaffActionQuery>;

export const StaffActionList = z.object({
  actions: z.array(StaffAction),
  /** Everyone who appears in the trail, for the actor filter. */
  actors: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type StaffActionList = z.infer<typeof StaffActionList>;
