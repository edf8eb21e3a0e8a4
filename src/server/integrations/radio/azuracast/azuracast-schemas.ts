import { z } from 'zod';

/**
 * Tolerant zod schemas for the AzuraCast API answers we read: unknown fields are dropped, missing or null
 * optional fields get a default, so a newer or older AzuraCast still parses.
 */

const text = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((v) => (v == null ? '' : String(v)));
const optionalText = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((v) => (v == null || v === '' ? null : String(v)));
const num = z
  .union([z.number(), z.string().regex(/^-?\d+(\.\d+)?$/)])
  .nullish()
  .transform((v) => (v == null ? 0 : Number(v)));
const flag = z
  .boolean()
  .nullish()
  .transform((v) => v ?? false);
/** An object that may be missing or null: parsed as {} so its own defaults apply. */
const objectOrEmpty = <T extends z.ZodType>(schema: T) => z.preprocess((v) => v ?? {}, schema);
const listOf = <T extends z.ZodType>(schema: T) =>
  z
    .array(schema)
    .nullish()
    .transform((v) => v ?? []);

export const SongSchema = z.object({
  id: text,
  text: text,
  artist: text,
  title: text,
  album: text,
  art: optionalText,
});

export const SongHistorySchema = z.object({
  sh_id: num,
  played_at: num,
  duration: num,
  playlist: text,
  streamer: text,
  is_request: flag,
  song: objectOrEmpty(SongSchema),
});

const ListenersSchema = z.object({ total: num, unique: num, current: num });

export const NowPlayingSchema = z.object({
  station: objectOrEmpty(
    z.object({
      id: num,
      name: text,
      shortcode: text,
      listen_url: optionalText,
      hls_url: optionalText,
      mounts: listOf(
        z.object({
          name: text,
          url: text,
          bitrate: num,
          format: text,
          is_default: flag,
        }),
      ).catch([]),
    }),
  ),
  listeners: objectOrEmpty(ListenersSchema),
  live: objectOrEmpty(z.object({ is_live: flag, streamer_name: text, broadcast_start: num })),
  now_playing: SongHistorySchema.nullish().transform((v) => v ?? null),
  song_history: listOf(SongHistorySchema),
  is_online: flag,
});
export type NowPlaying = z.output<typeof NowPlayingSchema>;
export type SongHistory = z.output<typeof SongHistorySchema>;

export const StreamerSchema = z.object({
  id: z.union([z.number(), z.string()]).transform(String),
  streamer_username: text,
  display_name: text,
  comments: z
    .string()
    .nullish()
    .transform((v) => v ?? null),
  is_active: z
    .boolean()
    .nullish()
    .transform((v) => v ?? true),
});
export type AzuraStreamer = z.output<typeof StreamerSchema>;

/** GET …/streamers answers an array, or a page `{rows: […]}` when pagination parameters are sent. */
export const StreamerListSchema = z
  .union([z.array(StreamerSchema), z.object({ rows: z.array(StreamerSchema) })])
  .transform((v) => (Array.isArray(v) ? v : v.rows));

/** AzuraCast's Status answer (`{success, message, formatted_message}`). */
export const StatusSchema = z.object({
  success: z
    .boolean()
    .nullish()
    .transform((v) => v ?? true),
  message: text,
  formatted_message: text,
});

/** AzuraCast's Error answer (`{code, type, message, formatted_message, extra_data, success}`). */
export const ErrorSchema = z.object({ type: text, message: text, formatted_message: text });
