/**
 * AutoDJ's queue words (modules/media/autodj, features/admin/music's "Up next"). Texts convention: see
 * common.ts.
 */
export const AUTODJ_TEXTS = {
  notQueued: 'That track is not in the queue',
  heldRemove: 'The engine already holds this track and plays it next: skip it once it is on air',
  heldLabel: 'Next to air',
} as const;
