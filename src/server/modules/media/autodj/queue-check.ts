import type { Memory } from './next-track.state';
import {
  allowedByRules,
  applyPlay,
  decideRotation,
  type RotationInput,
  type RotationPlaylist,
} from './rotation';

export const clonePlaylists = (lists: RotationPlaylist[]) =>
  lists.map((p) => ({ ...p, playedInPass: new Set(p.playedInPass) }));

/**
 * Where the planned queue stops holding: the index of the first planned entry that breaks the repeat
 * rules at the time it would air while the library now offers a track that keeps them (tracks arrived
 * since it was planned), or -1. The entries from there on are planned again
 * (docs/product/media-library-and-autodj.md#playlists-rotation-and-the-autodj-queue).
 */
export function firstBroken(
  m: Memory,
  startAt: Date,
  base: Omit<RotationInput, 'playlists' | 'recent' | 'now' | 'tracks'>,
): number {
  const working = { playlists: clonePlaylists(m.playlists), recent: [...m.recent], tracks: m.lib.tracks };
  let t = startAt.getTime();
  for (const [i, q] of m.queue.entries()) {
    const at = new Date(t);
    const input: RotationInput = { ...base, ...working, now: at };
    if (!allowedByRules(input, q.trackId)) {
      const instead = decideRotation({ ...input, playlists: clonePlaylists(working.playlists) });
      if (instead && allowedByRules(input, instead.trackId)) return i;
    }
    applyPlay(working, q, at);
    t += m.lib.info.get(q.trackId)?.durationMs ?? 0;
  }
  return -1;
}
