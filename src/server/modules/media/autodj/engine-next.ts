import type { AppContext } from '../../../context';
import type { TrackInfo } from './next-track.state';

/**
 * What the built-in engine plays next, as Liquidsoap wants it: one request URI
 * (`annotate:key="value",…:/path/to/file`) whose annotations carry the gain, the crossfade and the
 * library ids the engine reports back with the track change.
 */

/**
 * What the engine plays next, as the app decided it (the programming rules' answer, next-track.service):
 * the file and what it needs to play it at the station's loudness, and where it came from.
 */
export interface NextTrack {
  track: TrackInfo;
  playlistId: string | null;
  /** The queue entry it was planned as (null when a decider plays it without a queue). */
  queueItemId: string | null;
}
export type NextTrackDecider = (ctx: AppContext) => Promise<NextTrack | null>;

/**
 * Every track plays at this integrated loudness (EBU R128): -16 LUFS, the usual target for streamed
 * audio. A track's gain is the difference, clamped so that a damaged measurement never blasts or mutes.
 */
export const TARGET_LUFS = -16;
export const MAX_GAIN_DB = 12;
export const MIN_GAIN_DB = -18;

/** The crossfade setting (media-settings.service, default 2 s) is read at every track: a change needs no restart. */
export const MAX_CROSSFADE_SECONDS = 10;

/** The gain (dB) that brings a track measured at `loudnessLufs` to TARGET_LUFS; 0 when unmeasured. */
export function gainFor(loudnessLufs: number | null): number {
  if (loudnessLufs === null || !Number.isFinite(loudnessLufs)) return 0;
  const gain = TARGET_LUFS - loudnessLufs;
  return Math.round(Math.min(MAX_GAIN_DB, Math.max(MIN_GAIN_DB, gain)) * 100) / 100;
}

/** A value inside an annotation's double quotes: backslash and quote escaped, one line. */
const quoted = (v: string) =>
  `"${v
    .replace(/[\r\n]+/g, ' ')
    .replace(/\\/g, '\\\\')
    .replace(/"/g, '\\"')}"`;

/**
 * How a track sounds on air beyond its gain (docs/product/media-library-and-autodj.md, cue and fade;
 * transitions): its cue points and fades (seconds, null: none), and whether it is a jingle (played whole:
 * the engine crossfades neither into nor out of it).
 */
export interface TrackSound {
  cueIn: number | null;
  cueOut: number | null;
  fadeIn: number | null;
  fadeOut: number | null;
  jingle: boolean;
}

const secondsTag = (v: number) => v.toFixed(2);

/** The Liquidsoap request URI for a decided track. */
export function requestUri(decision: NextTrack, crossfade: number, sound?: TrackSound): string {
  const { track } = decision;
  const tags: [string, string][] = [
    ['title', track.title],
    ['artist', track.artist],
    ['album', track.album ?? ''],
    ['liq_amplify', `${gainFor(track.loudnessLufs).toFixed(2)} dB`],
    ['liq_cross_duration', (sound?.jingle ? 0 : crossfade).toFixed(2)],
    ['onair_track_id', track.id],
  ];
  if (sound?.jingle) tags.push(['onair_transition', 'jingle']);
  // Read by the engine's cue_cut and per-track fades (station/radio.liq.tmpl).
  if (sound?.cueIn) tags.push(['liq_cue_in', secondsTag(sound.cueIn)]);
  if (sound?.cueOut != null) tags.push(['liq_cue_out', secondsTag(sound.cueOut)]);
  if (sound?.fadeIn) tags.push(['liq_fade_in', secondsTag(sound.fadeIn)]);
  if (sound?.fadeOut) tags.push(['liq_fade_out', secondsTag(sound.fadeOut)]);
  if (decision.playlistId) tags.push(['onair_playlist_id', decision.playlistId]);
  if (decision.queueItemId) tags.push(['onair_queue_id', decision.queueItemId]);
  return `annotate:${tags.map(([k, v]) => `${k}=${quoted(v)}`).join(',')}:${track.path}`;
}
