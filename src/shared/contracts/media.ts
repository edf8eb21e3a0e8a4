import { z } from 'zod';
import { IsoDate } from './common';

/** The media module's contracts: the library's tracks, then its programming (playlists, queue, settings). */
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

/** The music folder's import as the admin sees it: the last look, and the files it skips with why. */
export const FolderImportStatus = z.object({
  lastLookAt: z.string().nullable(),
  skipped: z.array(z.object({ file: z.string(), reason: z.string() })),
});
export type FolderImportStatus = z.infer<typeof FolderImportStatus>;

/**
 * Where the engine starts and stops a track and how long it fades in and out, in seconds
 * (docs/product/media-library-and-autodj.md, cue and fade). null: the file's start, its end, no fade.
 */
export const TrackCue = z.object({
  cueIn: z.number().nullable(),
  cueOut: z.number().nullable(),
  fadeIn: z.number().nullable(),
  fadeOut: z.number().nullable(),
});
export type TrackCue = z.infer<typeof TrackCue>;

const seconds = (what: string) =>
  z
    .number({ error: `${what} must be a number of seconds` })
    .min(0, `${what} cannot be negative`)
    .max(86_400, `${what} is at most 24 hours`)
    .nullable();

/** A track's cue and fade as staff set them; each is checked against the track's length on the server. */
export const TrackCueInput = z
  .object({
    cueIn: seconds('Cue in'),
    cueOut: seconds('Cue out'),
    fadeIn: seconds('Fade in'),
    fadeOut: seconds('Fade out'),
  })
  .strict();
export type TrackCueInput = z.infer<typeof TrackCueInput>;

/** The loudest sample of each slice of a track (0 to 1), for the cue editor's waveform. */
export const TrackPeaks = z.object({
  durationSeconds: z.number(),
  peaks: z.array(z.number()),
});
export type TrackPeaks = z.infer<typeof TrackPeaks>;

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
  cue: TrackCue,
  createdAt: z.string(),
  /** The playlists the track is in, by name. */
  playlists: z.array(z.object({ id: z.string(), name: z.string() })),
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

const albumText = z.string().trim().max(200, 'Album is at most 200 characters').nullable();
const genreText = z.string().trim().max(100, 'Genre is at most 100 characters').nullable();
/** An ISRC (ISO 3901): 12 characters, CC-XXX-YY-NNNNN; hyphens and spaces are dropped, letters upper-cased. */
export const ISRC = /^[A-Z]{2}[A-Z0-9]{3}\d{7}$/;
const isrcText = z
  .string()
  .transform((s) => s.replace(/[\s-]/g, '').toUpperCase())
  .refine((s) => s === '' || ISRC.test(s), 'An ISRC is 12 characters, like GB-AAA-24-00001')
  .nullable();

export const UpdateTrackInput = z
  .object({
    title: tagText('Title', 200).optional(),
    artist: tagText('Artist', 200).optional(),
    album: albumText.optional(),
    year: z
      .number('Year must be a number')
      .int('Year must be a whole number')
      .min(1000, 'Year must be between 1000 and 2100')
      .max(2100, 'Year must be between 1000 and 2100')
      .nullable()
      .optional(),
    genre: genreText.optional(),
    isrc: isrcText.optional(),
  })
  .strict();
export type UpdateTrackInput = z.infer<typeof UpdateTrackInput>;

/** Bulk edit of the selected tracks: the fields given are set on every one (an empty album or genre clears it). */
export const BULK_EDIT_MAX = 500;
export const BulkUpdateTracksInput = z
  .object({
    trackIds: z
      .array(z.uuid('Track not found'))
      .min(1, 'Select at least one track')
      .max(BULK_EDIT_MAX, `At most ${BULK_EDIT_MAX} tracks at once`),
    artist: tagText('Artist', 200).optional(),
    album: albumText.optional(),
    genre: genreText.optional(),
  })
  .strict()
  .refine((v) => v.artist !== undefined || v.album !== undefined || v.genre !== undefined, {
    message: 'Give an artist, an album or a genre to set',
  });
export type BulkUpdateTracksInput = z.infer<typeof BulkUpdateTracksInput>;
export const BulkUpdateTracksResult = z.object({ updated: z.number() });

export const TrackResult = z.object({ track: MediaTrack });
export const DeleteTrackResult = z.object({
  deleted: z.boolean(),
  /** On air now: it is removed once it has finished playing. */
  removeAfterAir: z.boolean(),
});

/** Playlists, the AutoDJ queue and the programming settings. */

export const PLAYLIST_KINDS = [
  'rotation',
  'every_n_songs',
  'every_n_minutes',
  'hourly_at',
  'scheduled',
] as const;
export type PlaylistKind = (typeof PLAYLIST_KINDS)[number];
export const PLAY_ORDERS = ['random', 'shuffle', 'sequential'] as const;
export type PlayOrder = (typeof PLAY_ORDERS)[number];

export const PLAYLIST_KIND_LABELS: Record<PlaylistKind, string> = {
  rotation: 'Rotation (weighted)',
  every_n_songs: 'Every N songs',
  every_n_minutes: 'Every N minutes',
  hourly_at: 'At a minute past each hour',
  scheduled: 'Scheduled',
};

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;

export const ScheduleWindow = z.object({
  days: z
    .array(z.number().int().min(0, 'Days are 0 (Sunday) to 6').max(6, 'Days are 0 (Sunday) to 6'))
    .min(1, 'Pick at least one day')
    .max(7),
  start: z.string().regex(HHMM, 'Start must be HH:MM (24-hour)'),
  end: z.string().regex(HHMM, 'End must be HH:MM (24-hour)'),
});
export type ScheduleWindow = z.infer<typeof ScheduleWindow>;

const name = z.string().trim().min(1, 'Give the playlist a name').max(100, 'Name: at most 100 characters');
const weight = z.number().int().min(1, 'Weight is 1 to 25').max(25, 'Weight is 1 to 25');
const every = z.number().int().min(1, 'Every must be at least 1').max(1440, 'Every: at most 1440');
const minute = z.number().int().min(0, 'Minute is 0 to 59').max(59, 'Minute is 0 to 59');

/**
 * How a playlist's tracks join their neighbours (docs/product/media-library-and-autodj.md, transitions):
 * a crossfade (its own length, or the station's when null), or a jingle: played whole, never crossfaded.
 */
export const PLAYLIST_TRANSITIONS = ['crossfade', 'jingle'] as const;
export type PlaylistTransition = (typeof PLAYLIST_TRANSITIONS)[number];
export const MAX_PLAYLIST_CROSSFADE_SECONDS = 10;
const crossfadeSeconds = z
  .number({ error: 'Crossfade must be a number of seconds' })
  .min(0, 'Crossfade is 0 to 10 seconds')
  .max(MAX_PLAYLIST_CROSSFADE_SECONDS, 'Crossfade is 0 to 10 seconds');

export const PlaylistInput = z.object({
  name,
  kind: z.enum(PLAYLIST_KINDS),
  weight: weight.optional(),
  every: every.nullable().optional(),
  minute: minute.nullable().optional(),
  schedule: z.array(ScheduleWindow).max(50).optional(),
  showSlotId: z.uuid().nullable().optional(),
  order: z.enum(PLAY_ORDERS).optional(),
  enabled: z.boolean(),
  transition: z.enum(PLAYLIST_TRANSITIONS, { error: 'Transition is a crossfade or a jingle' }).optional(),
  crossfadeSeconds: crossfadeSeconds.nullable().optional(),
});
export type PlaylistInput = z.infer<typeof PlaylistInput>;

export const PlaylistPatch = PlaylistInput.partial();
export type PlaylistPatch = z.infer<typeof PlaylistPatch>;

export const Playlist = z.object({
  id: z.uuid(),
  name: z.string(),
  kind: z.enum(PLAYLIST_KINDS),
  weight: z.number().int(),
  every: z.number().int().nullable(),
  minute: z.number().int().nullable(),
  schedule: z.array(ScheduleWindow),
  showSlotId: z.uuid().nullable(),
  order: z.enum(PLAY_ORDERS),
  enabled: z.boolean(),
  transition: z.enum(PLAYLIST_TRANSITIONS),
  /** null: the station's crossfade. */
  crossfadeSeconds: z.number().nullable(),
  trackCount: z.number().int(),
  createdAt: IsoDate,
  updatedAt: IsoDate,
});
export type Playlist = z.infer<typeof Playlist>;

export const PlaylistList = z.object({ playlists: z.array(Playlist) });
export const PlaylistTrack = z.object({
  id: z.uuid(),
  title: z.string(),
  artist: z.string(),
  durationMs: z.number().int(),
});
export type PlaylistTrack = z.infer<typeof PlaylistTrack>;
/** `trackIds` in playlist order; `tracks` the same, with what staff read. */
export const PlaylistDetail = z.object({
  playlist: Playlist,
  trackIds: z.array(z.uuid()),
  tracks: z.array(PlaylistTrack),
});
export type PlaylistDetail = z.infer<typeof PlaylistDetail>;
export const PlaylistTracksInput = z.object({
  trackIds: z.array(z.uuid()).max(20_000, 'At most 20,000 tracks in a playlist'),
});

export const QueueItem = z.object({
  id: z.uuid(),
  trackId: z.uuid(),
  title: z.string(),
  artist: z.string(),
  playlist: z.string().nullable(),
  playlistId: z.uuid().nullable(),
  /** An accepted song request played by AutoDJ. */
  requested: z.boolean(),
  /** Handed to the engine, which plays it next: shown until it starts, and cannot be removed. */
  held: z.boolean(),
});
export type QueueItem = z.infer<typeof QueueItem>;
export const QueueList = z.object({ upcoming: z.array(QueueItem) });

export const MediaSettings = z.object({
  crossfadeSeconds: z.number().min(0).max(10),
  trackRepeatMinutes: z.number().int().min(0).max(1440),
  artistRepeatSongs: z.number().int().min(0).max(50),
  requestsViaAutoDj: z.boolean(),
});
export type MediaSettings = z.infer<typeof MediaSettings>;
export const MediaSettingsPatch = z.object({
  crossfadeSeconds: z
    .number()
    .min(0, 'Crossfade is 0 to 10 seconds')
    .max(10, 'Crossfade is 0 to 10 seconds')
    .optional(),
  trackRepeatMinutes: z
    .number()
    .int()
    .min(0, 'Track repeat is 0 to 1440 minutes')
    .max(1440, 'Track repeat is 0 to 1440 minutes')
    .optional(),
  artistRepeatSongs: z
    .number()
    .int()
    .min(0, 'Artist repeat is 0 to 50 songs')
    .max(50, 'Artist repeat is 0 to 50 songs')
    .optional(),
  requestsViaAutoDj: z.boolean().optional(),
});
export type MediaSettingsPatch = z.infer<typeof MediaSettingsPatch>;

/** The web booth's music deck: what a presenter may pick from the library (songs, or jingles and IDs). */
export const DECK_KINDS = ['music', 'jingles'] as const;
export type DeckKind = (typeof DECK_KINDS)[number];
export const DECK_RESULTS = 25;

export const DeckQuery = z.object({
  q: z.string().trim().max(100, 'Search is at most 100 characters').optional(),
  kind: z.enum(DECK_KINDS, { error: 'Kind is music or jingles' }).default('music'),
});
export type DeckQuery = z.infer<typeof DeckQuery>;

export const DeckTrack = z.object({
  id: z.string(),
  title: z.string(),
  artist: z.string(),
  durationSeconds: z.number(),
  /** In a jingle, ID or sweeper playlist (played whole, between songs). */
  jingle: z.boolean(),
});
export type DeckTrack = z.infer<typeof DeckTrack>;

export const DeckTrackList = z.object({ tracks: z.array(DeckTrack) });
export type DeckTrackList = z.infer<typeof DeckTrackList>;
