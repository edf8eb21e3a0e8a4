import { z } from 'zod';
import { BANNED_TEXTS } from '../texts/banned-songs';

export const BannedSong = z.object({
  id: z.string(),
  title: z.string(),
  artist: z.string(),
  reason: z.string().nullable(),
  bannedAt: z.string(),
  isActive: z.boolean(),
  bannedBy: z.object({ name: z.string(), email: z.string().nullable() }).nullable(),
});
export type BannedSong = z.infer<typeof BannedSong>;

export const BannedSongInput = z.object({
  title: z.string({ error: BANNED_TEXTS.titleRequired }).trim().min(1, BANNED_TEXTS.titleRequired).max(200),
  artist: z
    .string({ error: BANNED_TEXTS.artistRequired })
    .trim()
    .min(1, BANNED_TEXTS.artistRequired)
    .max(200),
  reason: z
    .string()
    .max(500)
    .nullable()
    .optional()
    .transform((v) => (v?.trim() ? v.trim() : null)),
});
export type BannedSongInput = z.input<typeof BannedSongInput>;
export const BannedSongList = z.object({ songs: z.array(BannedSong) });
export const BannedSongQuery = z.object({ all: z.enum(['true', 'false']).optional() });
export const BannedSongPatch = z.object({ isActive: z.boolean() });
