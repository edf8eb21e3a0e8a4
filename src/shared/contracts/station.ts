import { z } from 'zod';

export const SongRef = z.object({
  id: z.string().nullable(),
  title: z.string(),
  artist: z.string(),
  album: z.string().nullable(),
  /** Album art to show: Spotify's, else the engine's, else the station's default image. */
  art: z.string(),
});
export type SongRef = z.infer<typeof SongRef>;

export const LivePresenter = z.object({
  id: z.string(),
  name: z.string(),
  picture: z.string().nullable(),
  twitterUsername: z.string().nullable(),
  twitchUsername: z.string().nullable(),
  instagramUsername: z.string().nullable(),
  youtubeUsername: z.string().nullable(),
});

export const CurrentShow = z.object({ showName: z.string(), description: z.string().nullable() });

/** One way to listen: an MP3 (or other) stream of one quality, or the HLS playlist with every quality. */
export const StreamOption = z.object({
  /** What a listener picks, e.g. "High" or "Low". */
  name: z.string(),
  url: z.string(),
  format: z.enum(['mp3', 'aac', 'ogg', 'hls', 'other']),
  /** kbps; null when unknown (an external stream) or adaptive (HLS). */
  bitrate: z.number().int().nullable(),
});
export type StreamOption = z.infer<typeof StreamOption>;

export const NowPlaying = z.object({
  station: z.object({
    name: z.string(),
    backend: z.enum(['builtin', 'azuracast', 'icecast', 'none']),
    configured: z.boolean(),
    streamUrl: z.string().nullable(),
    hlsUrl: z.string().nullable(),
    /** Every way to listen: each quality (highest first), then HLS when there is one. */
    streams: z.array(StreamOption),
    defaultArt: z.string(),
  }),
  nowPlaying: z
    .object({ song: SongRef, playedAt: z.string(), source: z.enum(['live', 'autodj', 'request']) })
    .nullable(),
  live: z.object({
    isLive: z.boolean(),
    streamerName: z.string().nullable(),
    presenter: LivePresenter.nullable(),
    show: CurrentShow.nullable(),
  }),
  listeners: z.object({ total: z.number().int() }),
  history: z.array(z.object({ song: SongRef, playedAt: z.string() })),
  updatedAt: z.string(),
});
export type NowPlaying = z.infer<typeof NowPlaying>;

export const RadioCommandParam = z.object({ action: z.enum(['skip', 'disconnect', 'restart']) });

export const EngineStatus = z.object({
  kind: z.enum(['builtin', 'azuracast', 'icecast', 'none']),
  configured: z.boolean(),
  onAir: z.boolean(),
  details: z.array(z.object({ label: z.string(), value: z.string() })),
  listeners: z.number(),
  live: z.object({ isLive: z.boolean(), streamerName: z.string().nullable() }),
  supports: z.object({ streamers: z.boolean(), commands: z.boolean() }),
});

export const StreamerAccount = z.object({
  id: z.string(),
  username: z.string(),
  displayName: z.string(),
  comments: z.string().nullable(),
  isActive: z.boolean(),
  updatedAt: z.string().nullable(),
});
export type StreamerAccount = z.infer<typeof StreamerAccount>;

export const CreateStreamerInput = z.object({
  username: z
    .string()
    .trim()
    .min(1, 'Username is required')
    .max(60)
    .regex(/^[\w.-]+$/, 'Use letters, digits, dots, dashes'),
  displayName: z.string().trim().min(1, 'Display name is required').max(100),
  password: z.string().min(1, 'Password is required').max(100),
  comments: z
    .string()
    .max(500)
    .nullable()
    .optional()
    .transform((v) => (v?.trim() ? v.trim() : null)),
  isActive: z.boolean().default(true),
});
export const UpdateStreamerInput = z
  .object({
    displayName: z.string().trim().min(1).max(100),
    password: z.string().min(1).max(100),
    comments: z.string().max(500).nullable(),
    isActive: z.boolean(),
  })
  .partial();

/**
 * Stream Info's connection check (GET /api/station/my-connection): is the presenter's broadcasting
 * software connected to the built-in engine now, sending what, since when. `own` is false when a member
 * with station control sees someone else's session (the one on air). The booked-slot rule, when on, is
 * explained next to it.
 */
export const MyConnection = z.object({
  /** The built-in engine reports connections; other backends cannot (the check says so). */
  supported: z.boolean(),
  connected: z.boolean(),
  session: z
    .object({
      streamerUsername: z.string(),
      showTitle: z.string(),
      /** What the software said it sends (e.g. audio/mpeg) and at which bitrate (kbps); null: not said. */
      format: z.string().nullable(),
      bitrate: z.number().nullable(),
      since: z.string(),
    })
    .nullable(),
  own: z.boolean(),
  /** Why the station last refused the member's own account (last 30 minutes), e.g. outside their slots. */
  lastRefusal: z.object({ at: z.string(), reason: z.string() }).nullable(),
  /** Site setting: presenters may go live only in their booked slots, give or take `graceMinutes`. */
  bookedSlotsOnly: z.boolean(),
  graceMinutes: z.number(),
});
export type MyConnection = z.infer<typeof MyConnection>;

export const MyCredentials = z.object({
  username: z.string().nullable(),
  /** Only in the answer that generated it: shown once. */
  password: z.string().nullable(),
  /**
   * The presenter made their password (and saw it). False while they have no account, or an account
   * made for them on promotion whose password nobody saw: Stream Info offers their first password.
   */
  passwordChosen: z.boolean(),
  connection: z.object({ host: z.string(), port: z.number(), mount: z.string() }),
  backend: z.enum(['builtin', 'azuracast', 'icecast', 'none']),
});
