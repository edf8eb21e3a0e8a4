import type { MediaTrack, TrackCueInput } from '@shared/contracts/media';

/**
 * The cue editor's state (seconds as typed) and what it sends (docs/product/media-library-and-autodj.md,
 * cue and fade). The server checks the same rules; the editor says so before saving.
 */
export interface CueDraft {
  cueIn: string;
  cueOut: string;
  fadeIn: string;
  fadeOut: string;
}

const shown = (v: number | null) => (v === null ? '' : String(v));

export function cueDraft(track: Pick<MediaTrack, 'cue' | 'durationSeconds'>): CueDraft {
  return {
    cueIn: shown(track.cue.cueIn ?? 0),
    cueOut: shown(track.cue.cueOut ?? track.durationSeconds),
    fadeIn: shown(track.cue.fadeIn ?? 0),
    fadeOut: shown(track.cue.fadeOut ?? 0),
  };
}

const seconds = (v: string) => (v.trim() === '' ? null : Number(v));

export function cueInput(d: CueDraft): TrackCueInput {
  return {
    cueIn: seconds(d.cueIn),
    cueOut: seconds(d.cueOut),
    fadeIn: seconds(d.fadeIn),
    fadeOut: seconds(d.fadeOut),
  };
}

/** The cue points as numbers: cue in 0 and cue out the end when empty. */
export function cueRange(d: CueDraft, length: number) {
  const input = cueInput(d);
  const cueIn = input.cueIn ?? 0;
  const cueOut = input.cueOut ?? length;
  return { cueIn, cueOut, fadeIn: input.fadeIn ?? 0, fadeOut: input.fadeOut ?? 0, cued: cueOut - cueIn };
}

/** What is wrong with the draft, by field (empty when it can be saved). */
export function cueProblems(d: CueDraft, length: number): Partial<Record<keyof CueDraft, string>> {
  const problems: Partial<Record<keyof CueDraft, string>> = {};
  for (const k of ['cueIn', 'cueOut', 'fadeIn', 'fadeOut'] as const) {
    const v = seconds(d[k]);
    if (v !== null && (!Number.isFinite(v) || v < 0)) problems[k] = 'A number of seconds, 0 or more';
  }
  if (Object.keys(problems).length > 0) return problems;
  const r = cueRange(d, length);
  if (r.cueOut > length + 0.05) problems.cueOut = `At most the track’s length (${clock(length)})`;
  if (r.cueIn >= r.cueOut) problems.cueIn = 'Cue in must come before cue out';
  else {
    if (r.fadeIn >= r.cued) problems.fadeIn = `Shorter than the cued length (${clock(r.cued)})`;
    if (r.fadeOut >= r.cued) problems.fadeOut = `Shorter than the cued length (${clock(r.cued)})`;
  }
  return problems;
}

/** "3:05.2" */
export function clock(s: number): string {
  const m = Math.floor(s / 60);
  return `${m}:${(s - m * 60).toFixed(1).padStart(4, '0')}`;
}
