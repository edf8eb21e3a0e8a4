import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../../db/client';
import type { Memory, QueueRow } from './next-track.state';

/** The writes of one AutoDJ step, sent as one statement. */
export interface Writes {
  /** The play handed to the engine; its id is the queue entry's, so its start can be found again. */
  play?: { id: string; trackId: string; playlistId: string | null; artist: string; at: Date };
  playlist?: { id: string; cursor: number; at: Date; shuffle?: { trackId: string; reset: boolean } };
  /**
   * The entry handed to the engine: it stays in the queue, marked, until it starts (an entry handed
   * before it is gone: it aired or was lost). `insert`: it was not planned (a clock playlist, a request).
   */
  hold?: { row: QueueRow; at: Date; insert: boolean };
  /** Drops every planned entry (the entry the engine holds stays). */
  clearQueue?: boolean;
  deleteIds: string[];
  insert: QueueRow[];
}

const uuidList = (ids: string[]) =>
  sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );

/**
 * Sends one AutoDJ step as one statement, guarded by the counters the step was decided on: when another
 * instance (or a library change) moved them meanwhile, nothing is written and false is returned.
 */
export async function write(db: DbOrTx, m: Memory, w: Writes): Promise<boolean> {
  const parts: SQL[] = [
    sql`ok AS (UPDATE media_state SET play_seq = play_seq + 1
      WHERE id = 1 AND play_seq = ${m.playSeq} AND library_version = ${m.libraryVersion} RETURNING play_seq)`,
  ];
  if (w.play) {
    const p = w.play;
    parts.push(sql`p AS (INSERT INTO media_plays (id, track_id, playlist_id, artist, played_at)
      SELECT ${p.id}::uuid, ${p.trackId}::uuid, ${p.playlistId}::uuid, ${p.artist}, ${p.at.toISOString()}::timestamptz
      FROM ok ON CONFLICT (id) DO NOTHING)`);
  }
  if (w.playlist) {
    const p = w.playlist;
    parts.push(sql`c AS (UPDATE media_playlists SET cursor = ${p.cursor}::int,
      last_played_at = ${p.at.toISOString()}::timestamptz FROM ok WHERE media_playlists.id = ${p.id}::uuid)`);
    if (p.shuffle)
      parts.push(sql`s AS (UPDATE media_playlist_tracks SET played_in_pass = NOT ${p.shuffle.reset}::boolean FROM ok
        WHERE playlist_id = ${p.id}::uuid AND (${p.shuffle.reset}::boolean OR track_id = ${p.shuffle.trackId}::uuid))`);
  }
  if (w.hold) {
    const { row, at } = w.hold;
    parts.push(sql`h0 AS (DELETE FROM media_queue USING ok
      WHERE media_queue.handed_at IS NOT NULL AND media_queue.id <> ${row.id}::uuid)`);
    parts.push(
      w.hold.insert
        ? sql`h AS (INSERT INTO media_queue (id, track_id, playlist_id, request_id, position, handed_at)
            SELECT ${row.id}::uuid, ${row.trackId}::uuid, ${row.playlistId}::uuid, ${row.requestId}::uuid,
              ${row.position}::int, ${at.toISOString()}::timestamptz FROM ok)`
        : sql`h AS (UPDATE media_queue SET handed_at = ${at.toISOString()}::timestamptz FROM ok
            WHERE media_queue.id = ${row.id}::uuid)`,
    );
  }
  if (w.clearQueue)
    parts.push(sql`d AS (DELETE FROM media_queue USING ok WHERE media_queue.handed_at IS NULL)`);
  else if (w.deleteIds.length > 0)
    parts.push(
      sql`d AS (DELETE FROM media_queue USING ok WHERE media_queue.id IN (${uuidList(w.deleteIds)}))`,
    );
  if (w.insert.length > 0) {
    const rows = w.insert.map(
      (r) =>
        sql`(${r.id}::uuid, ${r.trackId}::uuid, ${r.playlistId}::uuid, ${r.requestId}::uuid, ${r.position}::int)`,
    );
    parts.push(sql`i AS (INSERT INTO media_queue (id, track_id, playlist_id, request_id, position)
      SELECT v.* FROM (VALUES ${sql.join(rows, sql`, `)}) AS v(id, track_id, playlist_id, request_id, position), ok)`);
  }
  const [row] = await queryRows<{ play_seq: string | number }>(
    db,
    sql`WITH ${sql.join(parts, sql`, `)} SELECT play_seq FROM ok`,
  );
  if (!row) return false;
  m.playSeq = Number(row.play_seq);
  return true;
}

/**
 * The entry the engine held has started: it leaves the queue, and its play takes the time it really
 * started (a track fetched ahead of a live show airs after it), so the repeat rules count from there.
 * False when nothing was written.
 */
export async function markStarted(db: DbOrTx, heldId: string, startedAt: Date): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`WITH d AS (DELETE FROM media_queue WHERE id = ${heldId}::uuid AND handed_at IS NOT NULL RETURNING id),
         p AS (UPDATE media_plays SET played_at = ${startedAt.toISOString()}::timestamptz
               FROM d WHERE media_plays.id = d.id),
         s AS (UPDATE media_state SET play_seq = play_seq + 1 FROM d WHERE media_state.id = 1)
       SELECT id FROM d`,
  );
  return rows.length > 0;
}
