import { eq, inArray } from 'drizzle-orm';
import type { BulkUpdateTracksInput } from '../../../../shared/contracts/media';
import { MEDIA_TEXTS } from '../../../../shared/texts/media';
import type { AppContext } from '../../../context';
import { notFound } from '../../../infra/http/errors';
import { recordStaffAction, type StaffActor } from '../../audit/audit.service';
import { upsertSong } from '../../library/songs.service';
import { mediaTracks } from '../media.table';

/**
 * Sets the artist, album or genre given on every selected track, in one transaction with one entry in the
 * staff audit trail (docs/product/media-library-and-autodj.md, "The library screen"). A new artist moves
 * each track to the song its title and that artist name, as a single edit does. A track id that is not in
 * the library refuses the whole edit: nothing changes.
 */
export async function bulkUpdateTracks(
  ctx: Pick<AppContext, 'db'>,
  input: BulkUpdateTracksInput,
  actor: StaffActor,
): Promise<{ updated: number }> {
  const ids = [...new Set(input.trackIds)];
  return ctx.db.transaction(async (tx) => {
    const rows = await tx.select().from(mediaTracks).where(inArray(mediaTracks.id, ids)).for('update');
    if (rows.length !== ids.length) throw notFound(MEDIA_TEXTS.trackNotFound);
    const set: { album?: string | null; genre?: string | null } = {};
    if (input.album !== undefined) set.album = input.album || null;
    if (input.genre !== undefined) set.genre = input.genre || null;
    const now = new Date();
    for (const t of rows) {
      const artist = input.artist ?? t.artist;
      const songId = artist === t.artist ? t.songId : (await upsertSong(tx, { title: t.title, artist })).id;
      await tx
        .update(mediaTracks)
        .set({ ...set, artist, songId, updatedAt: now })
        .where(eq(mediaTracks.id, t.id));
    }
    const after = { artist: input.artist, ...set };
    await recordStaffAction(tx, {
      actor,
      action: 'track.bulk_edit',
      target: { type: 'media_track', id: null },
      summary: MEDIA_TEXTS.bulkEditSummary(rows.length, after),
      before: rows.map((t) => ({ id: t.id, artist: t.artist, album: t.album, genre: t.genre })),
      after: { trackIds: ids, ...after },
    });
    return { updated: rows.length };
  });
}
