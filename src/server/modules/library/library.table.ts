import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, uuidRefColumn } from '../../db/columns';
import { memberColumn, profiles } from '../accounts/accounts.table';

/** Songs the station has played or members have liked; unique on title + artist (case-insensitive). */
export const songs = pgTable(
  'songs',
  {
    id: idColumn(),
    title: text('title').notNull(),
    artist: text('artist').notNull(),
    album: text('album'),
    spotifyArtUrl: text('spotify_art_url'),
    artCheckedAt: timestamp('art_checked_at', { withTimezone: true }),
    createdAt: createdAtColumn(),
  },
  (t) => [uniqueIndex('songs_title_artist_uq').on(sql`lower(${t.title})`, sql`lower(${t.artist})`)],
);

export const songPlays = pgTable(
  'song_plays',
  {
    id: idColumn(),
    songId: uuidRefColumn('song_id', () => songs.id),
    /** The live presenter's profile, when known. */
    playedBy: text('played_by').references(() => profiles.id, { onDelete: 'set null' }),
    streamerName: text('streamer_name'),
    playSource: text('play_source').notNull().default('autodj'),
    playedAt: timestamp('played_at', { withTimezone: true }).notNull().defaultNow(),
    /** For the royalty report: listeners when the play started (null before this was kept). */
    listeners: integer('listeners'),
    /** The AutoDJ playlist it came from, by name at the time (a live play has none). */
    playlistName: text('playlist_name'),
    /** The live show it went out in, by name at the time (an AutoDJ play has none). */
    showTitle: text('show_title'),
    /** The media library's track (its ISRC and length), when AutoDJ played one. */
    mediaTrackId: uuid('media_track_id'),
  },
  (t) => [index('song_plays_played_at_idx').on(t.playedAt), index('song_plays_song_idx').on(t.songId)],
);

export const songLikes = pgTable(
  'song_likes',
  {
    userId: memberColumn('user_id'),
    songId: uuidRefColumn('song_id', () => songs.id),
    createdAt: createdAtColumn(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.songId] }), index('song_likes_song_idx').on(t.songId)],
);

/** The weekly chart: one row per position per week. */
export const weeklyChart = pgTable(
  'weekly_chart',
  {
    id: idColumn(),
    weekEnding: date('week_ending').notNull(),
    chartPosition: integer('chart_position').notNull(),
    songId: uuid('song_id').references(() => songs.id, { onDelete: 'set null' }),
    songTitle: text('song_title').notNull(),
    artist: text('artist').notNull(),
    albumArt: text('album_art'),
    playCount: integer('play_count').notNull(),
    weeksInChart: integer('weeks_in_chart').notNull().default(1),
    positionChange: integer('position_change').notNull().default(0),
    isNew: boolean('is_new').notNull().default(false),
    generatedAt: timestamp('generated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('weekly_chart_week_pos_uq').on(t.weekEnding, t.chartPosition)],
);
