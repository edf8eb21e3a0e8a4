import { zonedParts } from '../../../../shared/time';
import { type ScheduleWindow, scheduleInForce } from './rotation-schedule';

/**
 * The rotation decision as pure functions: given the playlists, the library, the recent plays,
 * the time, the rules and a random source, which track plays next. The service (next-track.service.ts)
 * loads the state, calls `decideRotation`, records the pick and applies it with `applyPlay`.
 *
 * Order of precedence: a due hourly_at playlist, a due every_n_songs playlist, a due every_n_minutes
 * playlist (none of them right after another: a music track comes between); else the scheduled playlists in force (they replace the rotation); else a weighted choice
 * among the enabled rotation playlists. Rules (same track within X minutes, same artist within N songs)
 * hold where the library allows them and are relaxed, artist first, when nothing else is left. A banned
 * song never plays. While any playable track exists, a track is chosen.
 */

export type PlaylistKind = 'rotation' | 'every_n_songs' | 'every_n_minutes' | 'hourly_at' | 'scheduled';
export type PlayOrder = 'random' | 'shuffle' | 'sequential';

export interface RotationPlaylist {
  id: string;
  kind: PlaylistKind;
  weight: number;
  every: number | null;
  minute: number | null;
  schedule: ScheduleWindow[];
  showSlotId: string | null;
  order: PlayOrder;
  enabled: boolean;
  /** Sequential order: the index of the next track in `trackIds`. */
  cursor: number;
  /** In playlist order. */
  trackIds: string[];
  /** Shuffle order: tracks played in the current pass. */
  playedInPass: Set<string>;
  lastPlayedAt: Date | null;
}

export interface RotationTrack {
  id: string;
  artist: string;
  banned: boolean;
}

export interface RecentPlay {
  trackId: string;
  artist: string;
  playlistId: string | null;
  at: Date;
}

export interface RotationRules {
  /** The same track not again within this many minutes. */
  trackRepeatMinutes: number;
  /** The same artist not again within this many songs. */
  artistRepeatSongs: number;
}

export interface RotationInput {
  playlists: RotationPlaylist[];
  tracks: Map<string, RotationTrack>;
  /** Newest first. */
  recent: RecentPlay[];
  now: Date;
  timeZone: string;
  rules: RotationRules;
  /** A number in [0, 1). */
  random: () => number;
  /** The timetable show on air now (its bound scheduled playlist is in force), if any. */
  currentShowSlotId: string | null;
}

export type PickReason = PlaylistKind | 'library';

export interface RotationPick {
  trackId: string;
  playlistId: string | null;
  reason: PickReason;
}

export const artistKey = (artist: string) => artist.trim().toLowerCase();

/** How strictly the rules are applied: all, then without the artist rule, then none. */
type Strictness = 0 | 1 | 2;

/** What the rules look at, computed once per decision. */
interface Recently {
  /** The artists of the last N songs. */
  artists: Set<string>;
  /** Tracks played within the track-repeat window. */
  tracks: Set<string>;
  /** When each track in view last played (to prefer the least recent when every rule must give way). */
  lastPlayed: Map<string, number>;
}

function recently(input: RotationInput): Recently {
  const since = input.now.getTime() - input.rules.trackRepeatMinutes * 60_000;
  const tracks = new Set<string>();
  const lastPlayed = new Map<string, number>();
  for (const p of input.recent) {
    const at = p.at.getTime();
    if (at > since) tracks.add(p.trackId);
    if (!lastPlayed.has(p.trackId)) lastPlayed.set(p.trackId, at);
  }
  const artists = new Set(
    input.recent.slice(0, input.rules.artistRepeatSongs).map((p) => artistKey(p.artist)),
  );
  return { artists, tracks, lastPlayed };
}

/** Does the track pass the repeat rules at this strictness? */
function allowed(input: RotationInput, r: Recently, trackId: string, s: Strictness) {
  const t = input.tracks.get(trackId);
  if (!t || t.banned) return false;
  if (s < 2 && r.tracks.has(trackId)) return false;
  if (s < 1 && r.artists.has(artistKey(t.artist))) return false;
  return true;
}

/** Whether the track may play now under all the rules (and is not banned). */
export function allowedByRules(input: RotationInput, trackId: string): boolean {
  return allowed(input, recently(input), trackId, 0);
}

/** One track of a playlist in its order, at the given strictness; null when none qualifies. */
function pickFromPlaylist(
  input: RotationInput,
  p: RotationPlaylist,
  artists: Recently,
  s: Strictness,
): string | null {
  const ok = (id: string) => allowed(input, artists, id, s);
  const n = p.trackIds.length;
  if (n === 0) return null;
  if (s === 2) {
    // Every rule has had to give way: the track heard longest ago (never heard first).
    let best: string | null = null;
    let bestAt = Number.POSITIVE_INFINITY;
    for (const id of p.trackIds) {
      if (!ok(id)) continue;
      const at = artists.lastPlayed.get(id) ?? Number.NEGATIVE_INFINITY;
      if (at < bestAt || (at === bestAt && input.random() < 0.5)) {
        best = id;
        bestAt = at;
      }
    }
    return best;
  }
  if (p.order === 'sequential') {
    for (let i = 0; i < n; i++) {
      const id = p.trackIds[(((p.cursor + i) % n) + n) % n];
      if (ok(id)) return id;
    }
    return null;
  }
  if (p.order === 'shuffle') {
    const unplayed = p.trackIds.filter((id) => !p.playedInPass.has(id) && ok(id));
    if (unplayed.length > 0) return unplayed[Math.floor(input.random() * unplayed.length)];
    // The pass is over (or what is left breaks the rules): a new pass starts.
  }
  const all = p.trackIds.filter(ok);
  return all.length > 0 ? all[Math.floor(input.random() * all.length)] : null;
}

/** A playlist's track, relaxing the rules only as far as needed. */
function pickRelaxed(input: RotationInput, p: RotationPlaylist, artists: Recently): string | null {
  for (const s of [0, 1, 2] as Strictness[]) {
    const id = pickFromPlaylist(input, p, artists, s);
    if (id) return id;
  }
  return null;
}

/**
 * Kinds whose tracks are music. Only music counts towards "every N songs": station IDs (hourly_at),
 * jingles (every_n_songs) and sweepers (every_n_minutes) neither count nor reset the count
 * (docs/product/media-library-and-autodj.md#what-counts-as-a-song). A play from no playlist (the library
 * fallback, a request) or from a deleted playlist is music.
 */
const MUSIC_KINDS = new Set<PlaylistKind>(['rotation', 'scheduled']);

function musicTest(playlists: RotationPlaylist[]): (p: RecentPlay) => boolean {
  const kinds = new Map(playlists.map((p) => [p.id, p.kind]));
  return (p) => {
    const kind = p.playlistId ? kinds.get(p.playlistId) : undefined;
    return kind === undefined || MUSIC_KINDS.has(kind);
  };
}

/**
 * Music tracks played since the playlist's last play (null when it has none in view, with the count of
 * all music tracks in view).
 */
export function songsSince(
  recent: RecentPlay[],
  playlistId: string,
  isMusic: (p: RecentPlay) => boolean,
): { count: number; found: boolean } {
  let count = 0;
  for (const p of recent) {
    if (p.playlistId === playlistId) return { count, found: true };
    if (isMusic(p)) count += 1;
  }
  return { count, found: false };
}

/** The start of the current hour's mark (`minute` past the hour, station time), when it has passed. */
export function hourlyMark(now: Date, timeZone: string, minute: number): Date | null {
  const p = zonedParts(now, timeZone);
  if (p.minute < minute) return null;
  return new Date(now.getTime() - ((p.minute - minute) * 60 + p.second) * 1000 - now.getMilliseconds());
}

/** Is an interval playlist due now? */
export function isDue(input: RotationInput, p: RotationPlaylist): boolean {
  if (p.kind === 'hourly_at') {
    const mark = hourlyMark(input.now, input.timeZone, p.minute ?? 0);
    return mark !== null && (p.lastPlayedAt === null || p.lastPlayedAt.getTime() < mark.getTime());
  }
  if (p.kind === 'every_n_songs') {
    const since = songsSince(input.recent, p.id, musicTest(input.playlists));
    // Played, but longer ago than the plays in view: due. Never played: it waits for its first N songs.
    if (!since.found && p.lastPlayedAt) return true;
    return since.count >= (p.every ?? 1);
  }
  if (p.kind === 'every_n_minutes') {
    return (
      p.lastPlayedAt === null || input.now.getTime() - p.lastPlayedAt.getTime() >= (p.every ?? 1) * 60_000
    );
  }
  return false;
}

/** Is a scheduled playlist in force now (its windows, or its bound show on air)? */
export function scheduledInForce(input: RotationInput, p: RotationPlaylist): boolean {
  if (p.kind !== 'scheduled') return false;
  if (p.showSlotId && p.showSlotId === input.currentShowSlotId) return true;
  return scheduleInForce(p.schedule, zonedParts(input.now, input.timeZone));
}

const INTERVAL_PRECEDENCE: PlaylistKind[] = ['hourly_at', 'every_n_songs', 'every_n_minutes'];

/** A weighted choice among playlists that can give a track at this strictness. */
function weightedPick(
  input: RotationInput,
  lists: RotationPlaylist[],
  artists: Recently,
): { playlist: RotationPlaylist; trackId: string } | null {
  for (const s of [0, 1, 2] as Strictness[]) {
    let pool = lists;
    while (pool.length > 0) {
      const total = pool.reduce((sum, p) => sum + Math.max(1, p.weight), 0);
      let r = input.random() * total;
      let chosen = pool[pool.length - 1];
      for (const p of pool) {
        r -= Math.max(1, p.weight);
        if (r < 0) {
          chosen = p;
          break;
        }
      }
      const id = pickFromPlaylist(input, chosen, artists, s);
      if (id) return { playlist: chosen, trackId: id };
      pool = pool.filter((p) => p !== chosen);
    }
  }
  return null;
}

export function decideRotation(input: RotationInput): RotationPick | null {
  const artists = recently(input);
  const enabled = input.playlists.filter((p) => p.enabled && p.trackIds.length > 0);
  // IDs, jingles and sweepers never air back to back: after one of them, a music track comes first.
  const afterMusic = input.recent.length === 0 || musicTest(input.playlists)(input.recent[0]);

  for (const kind of afterMusic ? INTERVAL_PRECEDENCE : []) {
    const due = enabled
      .filter((p) => p.kind === kind && isDue(input, p))
      // The one waiting longest first.
      .sort((a, b) => (a.lastPlayedAt?.getTime() ?? 0) - (b.lastPlayedAt?.getTime() ?? 0));
    for (const p of due) {
      const id = pickRelaxed(input, p, artists);
      if (id) return { trackId: id, playlistId: p.id, reason: kind };
    }
  }

  const scheduled = enabled.filter((p) => scheduledInForce(input, p));
  const rotation = enabled.filter((p) => p.kind === 'rotation');
  for (const [lists, reason] of [
    [scheduled, 'scheduled'],
    [rotation, 'rotation'],
  ] as const) {
    const pick = weightedPick(input, lists, artists);
    if (pick) return { trackId: pick.trackId, playlistId: pick.playlist.id, reason };
  }

  // No playlist can give a track: any playable track of the library, so there is never silence.
  const all = [...input.tracks.values()].filter((t) => !t.banned).map((t) => t.id);
  if (all.length === 0) return null;
  const library = rotationPlaylist({ id: '', trackIds: all });
  const id = pickRelaxed(input, library, artists);
  return id ? { trackId: id, playlistId: null, reason: 'library' } : null;
}

/**
 * A plain rotation playlist (random order, weight 1, always in force) that has not played yet; `over`
 * names its id and tracks and may set anything else.
 */
export function rotationPlaylist(
  over: Partial<RotationPlaylist> & Pick<RotationPlaylist, 'id' | 'trackIds'>,
): RotationPlaylist {
  return {
    kind: 'rotation',
    weight: 1,
    every: null,
    minute: null,
    schedule: [],
    showSlotId: null,
    order: 'random',
    enabled: true,
    cursor: 0,
    playedInPass: new Set(),
    lastPlayedAt: null,
    ...over,
  };
}

/**
 * What a play does to the state: the play joins the recent list, the playlist's cursor or shuffle pass
 * moves on, its last play time is set. Mutates the given state (the caller's working copy).
 */
export function applyPlay(
  state: { playlists: RotationPlaylist[]; recent: RecentPlay[]; tracks: Map<string, RotationTrack> },
  pick: { trackId: string; playlistId: string | null },
  at: Date,
): void {
  const artist = state.tracks.get(pick.trackId)?.artist ?? '';
  state.recent.unshift({ trackId: pick.trackId, artist, playlistId: pick.playlistId, at });
  const p = state.playlists.find((x) => x.id === pick.playlistId);
  if (!p) return;
  p.lastPlayedAt = at;
  if (p.order === 'sequential') {
    const i = p.trackIds.indexOf(pick.trackId);
    p.cursor = i === -1 ? p.cursor : (i + 1) % p.trackIds.length;
  } else if (p.order === 'shuffle') {
    p.playedInPass.add(pick.trackId);
    if (p.trackIds.every((id) => p.playedInPass.has(id))) p.playedInPass.clear();
  }
}
