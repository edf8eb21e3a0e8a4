import { z } from 'zod';

/** The media library's tracks: the station's stored audio files, each one a song of the library. */

/** What an upload answers per stored (or already known) file. */
export const UploadedTrack = z.object({
  id: z.string(),
  title: z.string(),
  artist: z.string(),
  album: z.string().nullable(),
  durationSeconds: z.number(),
  hasArt: z.boolean(),
});
export type UploadedTrack = z.infer<typeof UploadedTrack>;

export const RefusedFile = z.object({ file: z.string(), message: z.string() });
export type RefusedFile = z.infer<typeof RefusedFile>;

export const UploadResult = z.object({ tracks: z.array(UploadedTrack), refused: z.array(RefusedFile) });
export type UploadResult = z.infer<typeof UploadResult>;

/** A track as the library list shows it. */
export const MediaTrack = UploadedTrack.extend({
  songId: z.string(),
  fileName: z.string(),
  origin: z.enum(['upload', 'folder']),
  format: z.string(),
  sizeBytes: z.number(),
  year: z.number().nullable(),
  genre: z.string().nullable(),
  isrc: z.string().nullable(),
  artUrl: z.string().nullable(),
  loudnessLufs: z.number().nullable(),
  removeAfterAir: z.boolean(),
  createdAt: z.string(),
});
export type MediaTrack = z.infer<typeof MediaTrack>;

export const TRACK_SORTS = ['title', 'artist', 'album', 'duration', 'created'] as const;
export type TrackSort = (typeof TRACK_SORTS)[number];
export const TRACKS_PAGE_SIZE = 50;

export const TrackListQuery = z.object({
  q: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(TRACKS_PAGE_SIZE),
  sort: z.enum(TRACK_SORTS).default('created'),
  dir: z.enum(['asc', 'desc']).optional(),
});
export type TrackListQuery = z.infer<typeof TrackListQuery>;

export const TrackList = z.object({ tracks: z.array(MediaTrack), total: z.number() });
export type TrackList = z.infer<typeof TrackList>;

const tagText = (what: string, max: number) =>
  z.string().trim().min(1, `${what} cannot be empty`).max(max, `${what} is at most ${max} characters`);

export const UpdateTrackInput = z
  .object({
    title: tagText('Title', 200).optional(),
    artist: tagText('Artist', 200).optional(),
    album: z.string().trim().max(200, 'Album is at most 200 characters').nullable().optional(),
  })
  .strict();
export type UpdateTrackInput = z.infer<typeof UpdateTrackInput>;

export const TrackResult = z.object({ track: MediaTrack });
export const DeleteTrackResult = z.object({
  deleted: z.boolean(),
  /** On air now: it is removed once it has finished playing. */
  removeAfterAir: z.boolean(),
});
