import { asc, eq } from 'drizzle-orm';
import type { QueueItem } from '../../../../shared/contracts/media';
import { notFound, requireUuid } from '../../../infra/http/errors';
import type { StaffActor } from '../../audit/audit.service';
import { runCommand } from '../../station/station.service';
import { mediaPlaylists, mediaQueue, mediaTracks } from '../media.table';
import { ensureQueue, type NextTrackCtx, QUEUE_LENGTH, removeQueueItem } from './next-track.service';

/** The staff queue: what AutoDJ plays next, in order (the queue is filled first). */
export async function listUpcoming(ctx: NextTrackCtx): Promise<QueueItem[]> {
  await ensureQueue(ctx);
  const rows = await ctx.db
    .select({
      id: mediaQueue.id,
      trackId: mediaQueue.trackId,
      title: mediaTracks.title,
      artist: mediaTracks.artist,
      playlist: mediaPlaylists.name,
      playlistId: mediaQueue.playlistId,
      requestId: mediaQueue.requestId,
    })
    .from(mediaQueue)
    .innerJoin(mediaTracks, eq(mediaTracks.id, mediaQueue.trackId))
    .leftJoin(mediaPlaylists, eq(mediaPlaylists.id, mediaQueue.playlistId))
    .orderBy(asc(mediaQueue.position))
    .limit(QUEUE_LENGTH);
  return rows.map(({ requestId, ...r }) => ({
    ...r,
    playlist: r.playlist ?? null,
    requested: requestId !== null,
  }));
}

export async function removeFromQueue(ctx: NextTrackCtx, id: string) {
  requireUuid(id, 'That track is not in the queue');
  if (!(await removeQueueItem(ctx, id))) throw notFound('That track is not in the queue');
}

/** Skips the track on air: the station's own skip command (the engine then asks for the next track). */
export async function skipCurrent(ctx: NextTrackCtx, actor: StaffActor) {
  return runCommand(ctx, 'skip', actor);
}
