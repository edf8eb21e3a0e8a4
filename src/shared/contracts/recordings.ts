import { z } from 'zod';
import { RECORDINGS_TEXTS } from '../texts/recordings';
import { IsoDate } from './common';

/** A recording of a live show as listeners see it (GET /api/recordings). */
export const Recording = z.object({
  id: z.uuid(),
  /** The show's title as it was on air. */
  title: z.string(),
  /** The presenter's name as it was on air. */
  presenter: z.string(),
  presenterId: z.string().nullable(),
  startedAt: IsoDate,
  endedAt: IsoDate,
  durationSeconds: z.number(),
  /** The MP3's size in bytes. */
  byteSize: z.number(),
  /** Where the MP3 is served (HTTP Range supported): a path on this site. */
  audioUrl: z.string(),
});
export type Recording = z.infer<typeof Recording>;

/** A recording as its presenter or an admin sees it: hidden ones included. */
export const ManagedRecording = Recording.extend({
  hidden: z.boolean(),
});
export type ManagedRecording = z.infer<typeof ManagedRecording>;

const before = z
  .string()
  .max(40)
  .refine((s) => !Number.isNaN(Date.parse(s)), RECORDINGS_TEXTS.badCursor)
  .optional()
  .describe('Only recordings that started before this time (the previous page’s nextBefore)');

export const RecordingListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  before,
  /** One show, by its title (case-insensitive). */
  show: z.string().trim().min(1).max(200).optional(),
  presenterId: z.string().trim().min(1).max(200).optional(),
});
export type RecordingListQuery = z.infer<typeof RecordingListQuery>;

export const RecordingList = z.object({
  recordings: z.array(Recording),
  /** Pass as `before` for the next (older) page; null on the last page. */
  nextBefore: IsoDate.nullable(),
});
export type RecordingList = z.infer<typeof RecordingList>;

export const ManageRecordingsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(50),
  before,
});

export const ManagedRecordingList = z.object({
  recordings: z.array(ManagedRecording),
  nextBefore: IsoDate.nullable(),
  /** True when the caller may hide and delete every presenter's recordings. */
  managesAll: z.boolean(),
});
export type ManagedRecordingList = z.infer<typeof ManagedRecordingList>;

/** The shows that have published recordings, for the schedule's Listen again links. */
export const RecordedShows = z.object({
  shows: z.array(z.object({ title: z.string(), count: z.number().int(), latestAt: IsoDate })),
});
export type RecordedShows = z.infer<typeof RecordedShows>;

export const RecordingIdParam = z.object({ id: z.uuid(RECORDINGS_TEXTS.notFound) });

export const RecordingPatch = z.object({ hidden: z.boolean() });

export const RecordingResult = z.object({ recording: ManagedRecording });
