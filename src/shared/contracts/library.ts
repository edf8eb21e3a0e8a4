import { z } from 'zod';

export const SongStat = z.object({
  id: z.string(),
  title: z.string(),
  artist: z.string(),
  album: z.string().nullable(),
  art: z.string().nullable(),
  likeCount: z.number(),
  playCount: z.number(),
  lastPlayedAt: z.string().nullable(),
});
export type SongStat = z.infer<typeof SongStat>;

export const SongStatList = z.object({ songs: z.array(SongStat) });
export const SongSearchQuery = z.object({ q: z.string().trim().max(100).optional() });

/**
 * A like names a song the station knows (from now playing, the song lists or the charts), by its id. Song
 * data never comes from the client: titles and art are the engine's, Spotify's or an admin's.
 */
export const LikeToggleInput = z.object({ songId: z.uuid('Unknown song') }).strict();
export const LikeToggleResult = z.object({ liked: z.boolean(), songId: z.string(), likeCount: z.number() });
export const MyLikes = z.object({
  songIds: z.array(z.string()),
  songs: z.array(z.object({ title: z.string(), artist: z.string() })),
});

export const ChartEntry = z.object({
  id: z.string(),
  chartPosition: z.number(),
  songTitle: z.string(),
  artist: z.string(),
  albumArt: z.string().nullable(),
  playCount: z.number(),
  weeksInChart: z.number(),
  positionChange: z.number(),
  isNew: z.boolean(),
});
export type ChartEntry = z.infer<typeof ChartEntry>;
export const Chart = z.object({ weekEnding: z.string().nullable(), entries: z.array(ChartEntry) });
export type Chart = z.infer<typeof Chart>;
