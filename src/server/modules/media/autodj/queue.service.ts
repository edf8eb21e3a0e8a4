import { asc, eq, isNull } from 'drizzle-orm';
import type { QueueItem } from '../../../../shared/contracts/media';
import { AUTODJ_TEXTS } from '../../../../shared/texts/autodj';
import { conflict, notFound, requireUuid } from '../../../infra/http/errors';
import type { StaffActor } from '../../audit/audit.service';
import { runCommand } from '../../station/station.service';
import { mediaPlaylists, mediaQueue, mediaTracks } from '../media.table';
import { ensureQueue, type NextTrackCtx, QUEUE_LENGTH, removeQueueItem } from './next-track.service';

/**
 * The staff queue: what AutoDJ plays next, in order (the queue is filled first). The track handed to the
 * engine comes first, marked held, until it starts; then the next five planned.
 */
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
      handedAt: mediaQueue.handedAt,
    })
    .from(mediaQueue)
    .innerJoin(mediaTracks, eq(mediaTracks.id, mediaQueue.trackId))
    .leftJoin(mediaPlaylists, eq(mediaPlaylists.id, mediaQueue.playlistId))
    .orderBy(isNull(mediaQueue.handedAt), asc(mediaQueue.position))
    .limit(QUEUE_LENGTH + 1);
  const items = rows.map(({ requestId, handedAt, ...r }) => ({
    ...r,
    playlist: r.playlist ?? null,
    requested: requestId !== null,
    held: handedAt !== null,
  }));
  return items[0]?.held ? items : items.slice(0, QUEUE_LENGTH);
}

export async function removeFromQueue(ctx: NextTrackCtx, id: string) {
  requireUuid(id, AUTODJ_TEXTS.notQueued);
  const removed = await removeQueueItem(ctx, id);
  if (removed === 'held') throw conflict(AUTODJ_TEXTS.heldRemove);
  if (!removed) throw notFound(AUTODJ_TEXTS.notQueued);
}

/** Skips the track on air: the station's own skip command (the engine then asks for the next track). */
export async function skipCurrent(ctx: NextTrackCtx, actor: StaffActor) {
  return runCommand(ctx, 'skip', actor);
}
