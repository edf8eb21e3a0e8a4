import { asc, count, eq, inArray, sql } from 'drizzle-orm';
import type {
  Playlist,
  PlaylistInput,
  PlaylistPatch,
  ScheduleWindow,
} from '../../../../shared/contracts/media';
import type { AppContext } from '../../../context';
import type { DbOrTx } from '../../../db/client';
import { badRequest, conflict, notFound, pgErrorCode, requireUuid } from '../../../infra/http/errors';
import { recordStaffAction, type StaffActor } from '../../audit/audit.service';
import { scheduleSlots } from '../../schedule/schedule.table';
import { mediaPlaylists, mediaPlaylistTracks, mediaTracks } from '../media.table';
import { programmingChanged } from './next-track.service';

type Ctx = Pick<AppContext, 'db' | 'config' | 'log' | 'station' | 'realtime'>;
type Row = typeof mediaPlaylists.$inferSelect;

const NOT_FOUND = 'Playlist not found';
/** every_n_songs counts songs in the recent plays AutoDJ keeps in view. */
export const MAX_EVERY_SONGS = 100;

function present(row: Row, trackCount: number): Playlist {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind as Playlist['kind'],
    weight: row.weight,
    every: row.every,
    minute: row.minute,
    schedule: row.schedule as ScheduleWindow[],
    showSlotId: row.showSlotId,
    order: row.order as Playlist['order'],
    enabled: row.enabled,
    transition: row.transition === 'jingle' ? 'jingle' : 'crossfade',
    crossfadeSeconds: row.crossfadeSeconds,
    trackCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

interface Fields {
  kind: Playlist['kind'];
  every: number | null;
  minute: number | null;
  schedule: ScheduleWindow[];
  showSlotId: string | null;
}

/** The fields each kind needs, with a message that says which is missing. */
function checkKindFields(f: Fields) {
  if (f.kind === 'every_n_songs' || f.kind === 'every_n_minutes') {
    const unit = f.kind === 'every_n_songs' ? 'songs' : 'minutes';
    if (f.every == null) {
      const message = `An "every N ${unit}" playlist needs every (how many ${unit})`;
      throw badRequest(message, { every: message });
    }
    if (f.kind === 'every_n_songs' && f.every > MAX_EVERY_SONGS) {
      const message = `Every N songs: at most ${MAX_EVERY_SONGS}`;
      throw badRequest(message, { every: message });
    }
  }
  if (f.kind === 'hourly_at' && f.minute == null) {
    const message = 'An hourly playlist needs minute (0 to 59 past each hour)';
    throw badRequest(message, { minute: message });
  }
  if (f.kind === 'scheduled' && f.schedule.length === 0 && !f.showSlotId) {
    const message = 'A scheduled playlist needs a schedule (days, start, end) or a show to follow';
    throw badRequest(message, { schedule: message });
  }
  if (f.showSlotId && f.kind !== 'scheduled') {
    const message = 'Only a scheduled playlist can follow a show';
    throw badRequest(message, { showSlotId: message });
  }
}

async function checkShow(db: DbOrTx, showSlotId: string | null | undefined) {
  if (!showSlotId) return;
  const [slot] = await db
    .select({ id: scheduleSlots.id })
    .from(scheduleSlots)
    .where(eq(scheduleSlots.id, showSlotId));
  if (!slot) {
    const message = 'That show is not in the timetable';
    throw badRequest(message, { showSlotId: message });
  }
}

const nameTaken = (err: unknown) => {
  if (pgErrorCode(err) === '23505') return conflict('A playlist with that name exists already');
  return err;
};

async function trackCounts(db: DbOrTx, ids?: string[]) {
  const rows = await db
    .select({ id: mediaPlaylistTracks.playlistId, n: count() })
    .from(mediaPlaylistTracks)
    .where(ids ? inArray(mediaPlaylistTracks.playlistId, ids) : undefined)
    .groupBy(mediaPlaylistTracks.playlistId);
  return new Map(rows.map((r) => [r.id, Number(r.n)]));
}

export async function listPlaylists(ctx: Pick<AppContext, 'db'>): Promise<Playlist[]> {
  const rows = await ctx.db
    .select()
    .from(mediaPlaylists)
    .orderBy(asc(sql`lower(${mediaPlaylists.name})`));
  const counts = await trackCounts(ctx.db);
  return rows.map((r) => present(r, counts.get(r.id) ?? 0));
}

async function loadRow(db: DbOrTx, id: string): Promise<Row> {
  requireUuid(id, NOT_FOUND);
  const [row] = await db.select().from(mediaPlaylists).where(eq(mediaPlaylists.id, id));
  if (!row) throw notFound(NOT_FOUND);
  return row;
}

export async function getPlaylist(ctx: Pick<AppContext, 'db'>, id: string) {
  const row = await loadRow(ctx.db, id);
  const tracks = await ctx.db
    .select({
      id: mediaPlaylistTracks.trackId,
      title: mediaTracks.title,
      artist: mediaTracks.artist,
      durationMs: mediaTracks.durationMs,
    })
    .from(mediaPlaylistTracks)
    .innerJoin(mediaTracks, eq(mediaTracks.id, mediaPlaylistTracks.trackId))
    .where(eq(mediaPlaylistTracks.playlistId, id))
    .orderBy(asc(mediaPlaylistTracks.position));
  return { playlist: present(row, tracks.length), trackIds: tracks.map((t) => t.id), tracks };
}

export async function createPlaylist(ctx: Ctx, input: PlaylistInput, actor: StaffActor): Promise<Playlist> {
  const fields: Fields = {
    kind: input.kind,
    every: input.every ?? null,
    minute: input.minute ?? null,
    schedule: input.schedule ?? [],
    showSlotId: input.showSlotId ?? null,
  };
  checkKindFields(fields);
  await checkShow(ctx.db, fields.showSlotId);
  const row = await ctx.db
    .insert(mediaPlaylists)
    .values({
      name: input.name,
      ...fields,
      weight: input.weight ?? 3,
      order: input.order ?? 'shuffle',
      enabled: input.enabled,
      transition: input.transition ?? 'crossfade',
      crossfadeSeconds: input.crossfadeSeconds ?? null,
    })
    .returning()
    .then((r) => r[0])
    .catch((err) => {
      throw nameTaken(err);
    });
  const created = present(row, 0);
  await recordStaffAction(ctx.db, {
    actor,
    action: 'playlist.create',
    target: { type: 'playlist', id: row.id },
    summary: `Created the playlist “${row.name}”`,
    after: created,
  });
  await programmingChanged(ctx);
  return created;
}

export async function updatePlaylist(
  ctx: Ctx,
  id: string,
  patch: PlaylistPatch,
  actor: StaffActor,
): Promise<Playlist> {
  const was = await loadRow(ctx.db, id);
  const fields: Fields = {
    kind: patch.kind ?? (was.kind as Fields['kind']),
    every: patch.every !== undefined ? patch.every : was.every,
    minute: patch.minute !== undefined ? patch.minute : was.minute,
    schedule: patch.schedule ?? (was.schedule as ScheduleWindow[]),
    showSlotId: patch.showSlotId !== undefined ? patch.showSlotId : was.showSlotId,
  };
  checkKindFields(fields);
  await checkShow(ctx.db, patch.showSlotId);
  const [row] = await ctx.db
    .update(mediaPlaylists)
    .set({
      ...fields,
      ...(patch.name !== undefined ? { name: patch.name } : {}),
      ...(patch.weight !== undefined ? { weight: patch.weight } : {}),
      ...(patch.order !== undefined ? { order: patch.order } : {}),
      ...(patch.enabled !== undefined ? { enabled: patch.enabled } : {}),
      ...(patch.transition !== undefined ? { transition: patch.transition } : {}),
      ...(patch.crossfadeSeconds !== undefined ? { crossfadeSeconds: patch.crossfadeSeconds } : {}),
      updatedAt: new Date(),
    })
    .where(eq(mediaPlaylists.id, id))
    .returning()
    .catch((err) => {
      throw nameTaken(err);
    });
  const counts = await trackCounts(ctx.db, [id]);
  const updated = present(row, counts.get(id) ?? 0);
  await recordStaffAction(ctx.db, {
    actor,
    action: 'playlist.update',
    target: { type: 'playlist', id },
    summary: `Edited the playlist “${row.name}”`,
    before: present(was, updated.trackCount),
    after: updated,
  });
  await programmingChanged(ctx);
  return updated;
}

export async function deletePlaylist(ctx: Ctx, id: string, actor: StaffActor) {
  const was = await loadRow(ctx.db, id);
  await ctx.db.transaction(async (tx) => {
    await tx.delete(mediaPlaylists).where(eq(mediaPlaylists.id, id));
    await recordStaffAction(tx, {
      actor,
      action: 'playlist.delete',
      target: { type: 'playlist', id },
      summary: `Deleted the playlist “${was.name}”`,
      before: present(was, (await trackCounts(tx, [id])).get(id) ?? 0),
    });
  });
  await programmingChanged(ctx);
}

/** Replaces the playlist's tracks; the order given is the playlist's order. */
export async function setPlaylistTracks(ctx: Ctx, id: string, trackIds: string[], actor: StaffActor) {
  const playlist = await loadRow(ctx.db, id);
  const ids = [...new Set(trackIds)];
  await ctx.db.transaction(async (tx) => {
    if (ids.length > 0) {
      const found = new Set<string>();
      for (let i = 0; i < ids.length; i += 5000) {
        const rows = await tx
          .select({ id: mediaTracks.id })
          .from(mediaTracks)
          .where(inArray(mediaTracks.id, ids.slice(i, i + 5000)));
        for (const r of rows) found.add(r.id);
      }
      const missing = ids.filter((t) => !found.has(t));
      if (missing.length > 0) {
        const message =
          missing.length === 1
            ? 'One track is not in the library'
            : `${missing.length} tracks are not in the library`;
        throw badRequest(message, { trackIds: message });
      }
    }
    await tx.delete(mediaPlaylistTracks).where(eq(mediaPlaylistTracks.playlistId, id));
    for (let i = 0; i < ids.length; i += 2000) {
      await tx
        .insert(mediaPlaylistTracks)
        .values(ids.slice(i, i + 2000).map((trackId, j) => ({ playlistId: id, trackId, position: i + j })));
    }
    await tx
      .update(mediaPlaylists)
      .set({ cursor: 0, updatedAt: new Date() })
      .where(eq(mediaPlaylists.id, id));
    await recordStaffAction(tx, {
      actor,
      action: 'playlist.tracks',
      target: { type: 'playlist', id },
      summary: `Set the tracks of “${playlist.name}” (${ids.length} ${ids.length === 1 ? 'track' : 'tracks'})`,
      after: { trackIds: ids },
    });
  });
  await programmingChanged(ctx);
  return getPlaylist(ctx, id);
}
