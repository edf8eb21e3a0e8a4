import { EVENT_TYPES, type RealtimeEvent, type Topic } from '../../../shared/events';
import { LIMITS } from '../../../shared/limits';
import type { DbHandle } from '../../db/client';
import { type Connection, frame, markSent } from './streams';

/** A row of realtime_events as read back. */
export type EventRow = { id: number | string; topic: string; type: string; data: unknown };

/**
 * What a stream opening is sent from the stored events: what it missed since `lastEventId` on its
 * topics (bounded; a resync event when it is too far behind to catch up), or, for a new stream, a ready
 * event at the latest id. Answers the id the stream resumes from (the client's `lastEventId`, or the
 * latest for a new stream): what was published up to it is the client's already.
 */
export async function replayMissed(
  dbh: DbHandle,
  conn: Connection,
  lastEventId: number | null,
  send: (text: string) => void,
): Promise<number> {
  if (lastEventId !== null && Number.isFinite(lastEventId)) {
    const { rows: minRows } = await dbh.query<{ min: string | null }>(
      'SELECT min(id) AS min FROM realtime_events',
    );
    const oldest = minRows[0]?.min === null || minRows[0]?.min === undefined ? null : Number(minRows[0].min);
    const { rows } = await dbh.query<EventRow>(
      `SELECT id, topic, type, data FROM realtime_events WHERE id > $1 AND topic = ANY($2::text[])
       ORDER BY id ASC LIMIT ${LIMITS.realtimeReplayLimit + 1}`,
      [lastEventId, [...conn.topics]],
    );
    // Too far behind (pruned, or more than the replay limit): tell the client to refetch everything.
    if ((oldest !== null && oldest > lastEventId + 1) || rows.length > LIMITS.realtimeReplayLimit) {
      send(`event: ${EVENT_TYPES.resync}\ndata: {}\n\n`);
    }
    for (const r of rows.slice(0, LIMITS.realtimeReplayLimit)) {
      const e: RealtimeEvent = { id: String(r.id), topic: r.topic as Topic, type: r.type, data: r.data };
      if (markSent(conn, Number(r.id))) send(frame(e));
    }
    return lastEventId;
  }
  const { rows } = await dbh.query<{ max: string | null }>('SELECT max(id) AS max FROM realtime_events');
  const latest = rows[0]?.max ? Number(rows[0].max) : 0;
  send(`id: ${latest}\nevent: ready\ndata: {}\n\n`);
  return latest;
}
