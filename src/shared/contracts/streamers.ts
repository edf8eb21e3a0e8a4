import { z } from 'zod';
import { STREAMERS_TEXTS } from '../texts/content';
import { optionalText, WEB_OR_SITE_URL } from './common';

const t = STREAMERS_TEXTS;

export const STREAMER_PLATFORMS = ['twitch', 'youtube', 'both', 'other'] as const;
export type StreamerPlatform = (typeof STREAMER_PLATFORMS)[number];

/** Trimmed; empty becomes null; a leading @ is dropped from handles. */
const handle = (max: number, pattern?: RegExp, message?: string) =>
  z
    .string()
    .max(max + 1)
    .nullable()
    .optional()
    .transform((v) => (v?.trim() ? v.trim().replace(/^@/, '') : null))
    .refine((v) => v === null || !pattern || pattern.test(v), message ?? 'Not a valid name');

export const RecognisedStreamer = z.object({
  id: z.string(),
  username: z.string(),
  description: z.string().nullable(),
  profileImage: z.string().nullable(),
  platform: z.enum(STREAMER_PLATFORMS),
  twitchUsername: z.string().nullable(),
  youtubeChannelId: z.string().nullable(),
  twitterUsername: z.string().nullable(),
  instagramUsername: z.string().nullable(),
  discordUsername: z.string().nullable(),
  isActive: z.boolean(),
  displayOrder: z.number().int(),
  /** Live on Twitch at the last check (false when Twitch is not set up or the check is stale). */
  isLive: z.boolean(),
  liveTitle: z.string().nullable(),
});
export type RecognisedStreamer = z.infer<typeof RecognisedStreamer>;
export const StreamerList = z.object({ streamers: z.array(RecognisedStreamer) });

export const TwitchStatus = z.object({
  configured: z.boolean(),
  lastCheckedAt: z.string().nullable(),
  lastError: z.string().nullable(),
});
export type TwitchStatus = z.infer<typeof TwitchStatus>;
export const ManagedStreamerList = StreamerList.extend({ twitch: TwitchStatus });

const fields = {
  username: z.string({ error: t.usernameRequired }).trim().min(1, t.usernameRequired).max(60),
  platform: z.enum(STREAMER_PLATFORMS, { error: t.platformRequired }),
  description: optionalText(500),
  profileImage: optionalText(2000).refine(
    (v) => v === null || WEB_OR_SITE_URL.test(v),
    'Please enter a valid image URL (http or https).',
  ),
  twitchUsername: handle(
    25,
    /^[A-Za-z0-9_]{1,25}$/,
    'A Twitch username has up to 25 letters, digits or underscores.',
  ),
  youtubeChannelId: handle(
    100,
    /^(UC[\w-]{22}|[\w.-]{3,100})$/,
    'Enter a YouTube channel id (UC…) or handle (@name).',
  ),
  twitterUsername: handle(15, /^\w{1,15}$/, 'An X username has up to 15 letters, digits or underscores.'),
  instagramUsername: handle(
    30,
    /^[\w.]{1,30}$/,
    'An Instagram username has up to 30 letters, digits, dots or underscores.',
  ),
  discordUsername: optionalText(40),
  displayOrder: z
    .number({ error: t.displayOrderInteger })
    .int(t.displayOrderInteger)
    .min(-100_000, t.displayOrderInteger)
    .max(100_000, t.displayOrderInteger),
  isActive: z.boolean(),
};

/** The streamer form: username and platform required; display order an integer (default 0). New ones start active. */
export const StreamerInput = z.object({
  ...fields,
  displayOrder: fields.displayOrder.default(0),
  isActive: fields.isActive.default(true),
});
export type StreamerInput = z.input<typeof StreamerInput>;
export const StreamerPatch = z.object(fields).partial();
export type StreamerPatch = z.input<typeof StreamerPatch>;
