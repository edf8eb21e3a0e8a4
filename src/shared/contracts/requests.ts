import { z } from 'zod';
import { REQUESTS_TEXTS } from '../texts/requests';

export const REQUEST_TYPES = ['song_request', 'shoutout', 'joke', 'competition', 'other'] as const;
export const REQUEST_STATUSES = ['pending', 'approved', 'rejected', 'played'] as const;
export type RequestType = (typeof REQUEST_TYPES)[number];
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

/** Manager transitions. Anything else is refused by the server. */
export const REQUEST_TRANSITIONS: Record<RequestStatus, RequestStatus[]> = {
  pending: ['approved', 'rejected'],
  approved: ['played', 'pending'],
  played: ['pending'],
  rejected: ['pending'],
};

const trimmed = (max: number) =>
  z
    .string()
    .max(max)
    .optional()
    .nullable()
    .transform((v) => v?.trim() ?? '');

/** The request form: values trimmed; the name first, then the kind's own required fields. */
export const RequestInput = z
  .object({
    requestType: z.enum(REQUEST_TYPES),
    songTitle: trimmed(200),
    artist: trimmed(200),
    message: trimmed(500),
    requesterName: trimmed(100),
  })
  .superRefine((v, ctx) => {
    if (!v.requesterName)
      ctx.addIssue({ code: 'custom', path: ['requesterName'], message: REQUESTS_TEXTS.nameRequired });
    if (v.requestType === 'song_request') {
      if (!v.songTitle || !v.artist) {
        ctx.addIssue({
          code: 'custom',
          path: [v.songTitle ? 'artist' : 'songTitle'],
          message: REQUESTS_TEXTS.songFieldsRequired,
        });
      }
    } else if (!v.message) {
      ctx.addIssue({ code: 'custom', path: ['message'], message: REQUESTS_TEXTS.messageRequired });
    }
  });
export type RequestInput = z.input<typeof RequestInput>;

export const SongRequest = z.object({
  id: z.string(),
  requestType: z.enum(REQUEST_TYPES),
  userId: z.string().nullable(),
  songTitle: z.string(),
  artist: z.string(),
  message: z.string().nullable(),
  requesterName: z.string(),
  status: z.enum(REQUEST_STATUSES),
  createdAt: z.string(),
  /** The requester's account and profile: for request managers only (null for everyone else). */
  requester: z.object({ fullName: z.string().nullable(), email: z.string().nullable() }).nullable(),
});
export type SongRequest = z.infer<typeof SongRequest>;

export const RequestListQuery = z.object({
  status: z.enum(REQUEST_STATUSES).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(30),
});
export const RequestList = z.object({
  requests: z.array(SongRequest),
  total: z.number(),
  counts: z.record(z.enum(REQUEST_STATUSES), z.number()),
});
export const RequestStatusInput = z.object({ status: z.enum(REQUEST_STATUSES) });

export const RequestSettings = z.object({
  enabled: z.boolean(),
  /** Is a presenter live now (requests need one)? */
  liveNow: z.boolean(),
  liveStreamerName: z.string().nullable(),
  cooldownMinutes: z.number(),
  recentPlayMinutes: z.number(),
});
export type RequestSettings = z.infer<typeof RequestSettings>;
export const UpdateRequestSettingsInput = z.object({ enabled: z.boolean() });

export const MusicSearchQuery = z.object({
  q: z.string().trim().min(1, 'Type something to search').max(200),
});
export const MusicSearchResult = z.object({
  source: z.enum(['spotify', 'library']),
  /** Shown when Spotify is configured but failed (the library answered instead). */
  notice: z.string().nullable(),
  results: z.array(
    z.object({
      title: z.string(),
      artist: z.string(),
      album: z.string().nullable(),
      art: z.string().nullable(),
    }),
  ),
});
