import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { contentTypeOf, type ObjectStore } from '../../../infra/storage/object-store';
import { mediaTracks } from '../media.table';
import { audioKeyOf, inBucket } from './track-files';

export interface LibraryMoveReport {
  /** Tracks whose audio was copied into the bucket (their rows now name it there). */
  moved: number;
  movedBytes: number;
  /** Tracks already in the bucket (a move run before). */
  alreadyThere: number;
  /** Tracks left as they were: their file is missing or does not match the sha256 the library holds. */
  failed: { trackId: string; file: string; error: string }[];
}

async function sha256Of(file: string) {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
}

/**
 * Moves the media library's uploads from MEDIA_DIR into the bucket's media area (`store`): each file is
 * checked against the sha256 its track holds, copied to its key (`<2 hex>/<sha256>.<format>`), and only
 * then does its track name the key, so the library never points at something the bucket lacks. The
 * local files stay (remove them once the station runs on the bucket). Folder tracks (MUSIC_DIR) stay
 * where they are. Safe to run again: what moved is counted, not copied.
 */
export async function moveLibraryToBucket(db: Db, store: ObjectStore): Promise<LibraryMoveReport> {
  const report: LibraryMoveReport = { moved: 0, movedBytes: 0, alreadyThere: 0, failed: [] };
  const rows = await db
    .select({
      id: mediaTracks.id,
      path: mediaTracks.path,
      sha256: mediaTracks.contentHash,
      format: mediaTracks.format,
    })
    .from(mediaTracks)
    .where(eq(mediaTracks.origin, 'upload'));
  for (const r of rows) {
    if (inBucket(r.path)) {
      report.alreadyThere += 1;
      continue;
    }
    try {
      const st = await stat(r.path);
      if ((await sha256Of(r.path)) !== r.sha256) throw new Error('the file does not match its sha256');
      const key = audioKeyOf(r.sha256, r.format);
      if ((await store.head(key))?.size !== st.size) {
        await store.put(key, createReadStream(r.path), { contentType: contentTypeOf(key) });
      }
      await db
        .update(mediaTracks)
        .set({ path: key })
        .where(and(eq(mediaTracks.id, r.id), eq(mediaTracks.path, r.path)));
      report.moved += 1;
      report.movedBytes += st.size;
    } catch (err) {
      const error = (err as NodeJS.ErrnoException).code === 'ENOENT' ? 'the file is missing' : String(err);
      report.failed.push({ trackId: r.id, file: r.path, error: error.replace(/^Error: /, '') });
    }
  }
  return report;
}
