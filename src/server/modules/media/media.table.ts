import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, updatedAtColumn, uuidRefColumn } from '../../db/columns';
import { profiles } from '../accounts/accounts.table';
import { songs } from '../library/library.table';
import { scheduleSlots } from '../schedule/schedule.table';

/**
 * The station's music library: one row per stored audio file. Every track is a song of the
 * library (`song_id`), so likes, charts, most played and banned songs see the same song on air.
 * Files live under MEDIA_DIR (uploads) or MUSIC_DIR (imported in place); `path` is the file's absolute
 * path as the engine reads it. `content_hash` (sha256) keeps identical content from being stored twice.
 */
export const mediaTracks = pgTable(
  'media_tracks',
  {
    id: idColumn(),
    songId: uuidRefColumn('song_id', () => songs.id, 'restrict'),
    path: text('path').notNull(),
    contentHash: text('content_hash').notNull(),
    /** The uploaded file's own name (or the folder file's name), shown to staff and in refusals. */
    fileName: text('file_name').notNull(),
    /** 'upload' (stored under MEDIA_DIR) or 'folder' (found in MUSIC_DIR, left where it is). */
    origin: text('origin').notNull().default('upload'),
    format: text('format').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    title: text('title').notNull(),
    artist: text('artist').notNull(),
    album: text('album'),
    year: integer('year'),
    genre: text('genre'),
    isrc: text('isrc'),
    durationMs: integer('duration_ms').notNull(),
    /** Public URL of the stored, resized cover art (null when the file has none). */
    artUrl: text('art_url'),
    /** Integrated loudness (EBU R128, LUFS) measured at import; the engine gains each track to the target. */
    loudnessLufs: doublePrecision('loudness_lufs'),
    /**
     * Cue and fade, in seconds (docs/product/media-library-and-autodj.md, cue and fade): where the engine
     * starts and stops the file (null: its start, its end) and how long it fades in and out (null: none).
     */
    cueInSeconds: doublePrecision('cue_in_seconds'),
    cueOutSeconds: doublePrecision('cue_out_seconds'),
    fadeInSeconds: doublePrecision('fade_in_seconds'),
    fadeOutSeconds: doublePrecision('fade_out_seconds'),
    /** Deleted while on air: removed once it has finished playing. */
    removeAfterAir: boolean('remove_after_air').notNull().default(false),
    uploadedBy: text('uploaded_by').references(() => profiles.id, { onDelete: 'set null' }),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    uniqueIndex('media_tracks_hash_uq').on(t.contentHash),
    uniqueIndex('media_tracks_path_uq').on(t.path),
    index('media_tracks_song_idx').on(t.songId),
    index('media_tracks_title_idx').on(sql`lower(${t.title})`),
    index('media_tracks_artist_idx').on(sql`lower(${t.artist})`),
    index('media_tracks_created_idx').on(t.createdAt),
    check(
      'media_tracks_cue_ck',
      sql`coalesce(${t.cueInSeconds}, 0) >= 0 AND (${t.cueOutSeconds} IS NULL OR ${t.cueOutSeconds} > coalesce(${t.cueInSeconds}, 0))`,
    ),
    check(
      'media_tracks_fade_ck',
      sql`coalesce(${t.fadeInSeconds}, 0) >= 0 AND coalesce(${t.fadeOutSeconds}, 0) >= 0`,
    ),
  ],
);

/**
 * Playlists (AzuraCast's are the anchor). `kind`:
 *  - rotation: picked by `weight` (1–25) among the rotation playlists in force;
 *  - every_n_songs: one of its tracks after every `every` songs;
 *  - every_n_minutes: one of its tracks once `every` minutes have passed since its last;
 *  - hourly_at: one of its tracks at `minute` past each hour;
 *  - scheduled: in force during `schedule` windows (station time zone, over midnight too), replacing the
 *    rotation; `show_slot_id` binds it to a timetable show, whose hours it then plays when no one is live.
 * `order`: random (any track each time), shuffle (each once per pass) or sequential (`cursor` walks).
 */
export const mediaPlaylists = pgTable(
  'media_playlists',
  {
    id: idColumn(),
    name: text('name').notNull(),
    kind: text('kind').notNull(),
    weight: integer('weight').notNull().default(3),
    every: integer('every'),
    minute: integer('minute'),
    /** [{ days: number[] (0 = Sunday), start: 'HH:MM', end: 'HH:MM' }] */
    schedule: jsonb('schedule')
      .$type<{ days: number[]; start: string; end: string }[]>()
      .notNull()
      .default([]),
    showSlotId: uuid('show_slot_id').references(() => scheduleSlots.id, { onDelete: 'set null' }),
    order: text('play_order').notNull().default('shuffle'),
    enabled: boolean('enabled').notNull().default(true),
    /** Sequential order's position, and the shuffle pass's seed generation. */
    cursor: integer('cursor').notNull().default(0),
    /** When AutoDJ last handed out one of its tracks (every_n_minutes, hourly_at). */
    lastPlayedAt: timestamp('last_played_at', { withTimezone: true }),
    /**
     * How its tracks join their neighbours (docs/product/media-library-and-autodj.md, transitions):
     * 'crossfade' over `crossfade_seconds` (null: the station's crossfade), or 'jingle' (played whole, no
     * crossfade into or out of it).
     */
    transition: text('transition').notNull().default('crossfade'),
    crossfadeSeconds: doublePrecision('crossfade_seconds'),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    uniqueIndex('media_playlists_name_uq').on(sql`lower(${t.name})`),
    check(
      'media_playlists_kind_ck',
      sql`${t.kind} in ('rotation','every_n_songs','every_n_minutes','hourly_at','scheduled')`,
    ),
    check('media_playlists_order_ck', sql`${t.order} in ('random','shuffle','sequential')`),
    check('media_playlists_weight_ck', sql`${t.weight} between 1 and 25`),
    check('media_playlists_transition_ck', sql`${t.transition} in ('crossfade','jingle')`),
    check('media_playlists_crossfade_ck', sql`${t.crossfadeSeconds} between 0 and 10`),
  ],
);

export const mediaPlaylistTracks = pgTable(
  'media_playlist_tracks',
  {
    playlistId: uuidRefColumn('playlist_id', () => mediaPlaylists.id),
    trackId: uuidRefColumn('track_id', () => mediaTracks.id),
    position: integer('position').notNull().default(0),
    /** Shuffle order: played in this pass already. */
    playedInPass: boolean('played_in_pass').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.playlistId, t.trackId] }),
    index('media_playlist_tracks_track_idx').on(t.trackId),
  ],
);

/** What AutoDJ will play next (the staff queue shows the first five): decided ahead, taken by the engine. */
export const mediaQueue = pgTable(
  'media_queue',
  {
    id: idColumn(),
    trackId: uuidRefColumn('track_id', () => mediaTracks.id),
    playlistId: uuid('playlist_id').references(() => mediaPlaylists.id, { onDelete: 'set null' }),
    /** An accepted song request played by AutoDJ (requests via AutoDJ, off by default). */
    requestId: uuid('request_id'),
    position: integer('position').notNull(),
    createdAt: createdAtColumn(),
    /** When the engine took it to play next: it stays first in "up next" until it starts. Null: planned. */
    handedAt: timestamp('handed_at', { withTimezone: true }),
  },
  (t) => [index('media_queue_position_idx').on(t.position)],
);

/** Every track AutoDJ handed to the engine: the rotation rules' memory (artist and track repeats). */
export const mediaPlays = pgTable(
  'media_plays',
  {
    id: idColumn(),
    trackId: uuidRefColumn('track_id', () => mediaTracks.id),
    playlistId: uuid('playlist_id').references(() => mediaPlaylists.id, { onDelete: 'set null' }),
    artist: text('artist').notNull(),
    playedAt: timestamp('played_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('media_plays_played_at_idx').on(t.playedAt), index('media_plays_track_idx').on(t.trackId)],
);

/**
 * One row (id 1): AutoDJ's change counters. `library_version` moves (by triggers) whenever tracks,
 * playlists, their track lists or banned songs change, from any part of the app or any instance;
 * `play_seq` moves with every write AutoDJ itself makes (a decision, the queue). The next-track decision
 * keeps everything in memory and reads only these two numbers to know whether its copy is current.
 */
export const mediaState = pgTable('media_state', {
  id: integer('id').primaryKey().default(1),
  libraryVersion: bigint('library_version', { mode: 'number' }).notNull().default(0),
  playSeq: bigint('play_seq', { mode: 'number' }).notNull().default(0),
});
