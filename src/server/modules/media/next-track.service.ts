import type { AppContext } from '../../context';

/** What the engine plays next: the file and what it needs to play it at the station's loudness. */
export interface NextTrack {
  track: {
    id: string;
    path: string;
    title: string;
    artist: string;
    album: string | null;
    loudnessLufs: number | null;
    durationMs: number;
  };
  playlistId: string | null;
  queueItemId: string;
}

export type NextTrackCtx = Pick<AppContext, 'db' | 'config' | 'log' | 'station'>;

/**
 * The engine's "next track" question (AzuraCast's way): pops the head of the AutoDJ queue, records the
 * play, and refills the queue. Null only when the library has no playable track at all.
 */
export async function decideNextTrack(_ctx: NextTrackCtx): Promise<NextTrack | null> {
  throw new Error('decideNextTrack: implementation lands in the next commit on branch programming');
}
