import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type {
  ManagedRecording,
  ManagedRecordingList,
  RecordedShows,
  Recording,
  RecordingList,
  RecordingListQuery,
} from '../../../shared/contracts/recordings';
import { EVENT_TYPES, topics } from '../../../shared/events';
import { hasCapability } from '../../../shared/permissions';
import { RECORDINGS_TEXTS } from '../../../shared/texts/recordings';
import type { AppContext } from '../../context';
import type { Actor } from '../../infra/http/access';
import { forbidden, notFound } from '../../infra/http/errors';
import { perApp } from '../../infra/per-app';
import type { ObjectStore } from '../../infra/storage/object-store';
import { openObjectStore } from '../../infra/storage/object-store-factory';
import { recordStaffAction } from '../audit/audit.service';
import { recordings } from './recordings.table';

type Row = typeof recordings.$inferSelect;
type Ctx = Pick<AppContext, 'db' | 'config' | 'realtime' | 'log'>;

/** Where a recording's MP3 is served (HTTP Range): the same path for the page, the API and the podcast. */
export const audioPathOf = (id: string) => `/api/recordings/${id}/audio.mp3`;

const recordingsStoreSlot = perApp<ObjectStore>('the recordings store');

/** The object store's "recordings" area (DATA_DIR/recordings, or the bucket's recordings/ prefix). */
export function recordingsStore(ctx: Pick<AppContext, 'config'>): ObjectStore {
  try {
    return recordingsStoreSlot.of(ctx);
  } catch {
    const store = openObjectStore(ctx.config, 'recordings');
    recordingsStoreSlot.provide(ctx, store);
    return store;
  }
}

function present(r: Row): Recording {
  return {
    id: r.id,
    title: r.showTitle,
    presenter: r.presenterName,
    presenterId: r.presenterId,
    startedAt: r.startedAt.toISOString(),
    endedAt: r.endedAt.toISOString(),
    durationSeconds: Math.round(r.durationSeconds * 1000) / 1000,
    byteSize: r.byteSize,
    audioUrl: audioPathOf(r.id),
  };
}

const presentManaged = (r: Row): ManagedRecording => ({ ...present(r), hidden: r.hidden });

/** Whether the actor may hide, publish, delete and play this recording (its presenter, or a manager). */
export function canManageRecording(actor: Actor | null, r: Pick<Row, 'presenterId'>): boolean {
  if (!actor) return false;
  return (
    (r.presenterId !== null && r.presenterId === actor.userId) ||
    hasCapability(actor.access, 'recordings.manage')
  );
}

const nextBeforeOf = (rows: Row[], limit: number) =>
  rows.length > limit ? rows[limit - 1].startedAt.toISOString() : null;

/** Published recordings, newest first, a page at a time; optionally one show or one presenter. */
export async function listPublishedRecordings(
  ctx: Pick<AppContext, 'db'>,
  q: RecordingListQuery,
): Promise<RecordingList> {
  const rows = await ctx.db
    .select()
    .from(recordings)
    .where(
      and(
        eq(recordings.hidden, false),
        q.before ? lt(recordings.startedAt, new Date(q.before)) : undefined,
        q.show ? sql`lower(${recordings.showTitle}) = lower(${q.show})` : undefined,
        q.presenterId ? eq(recordings.presenterId, q.presenterId) : undefined,
      ),
    )
    .orderBy(desc(recordings.startedAt), desc(recordings.id))
    .limit(q.limit + 1);
  return { recordings: rows.slice(0, q.limit).map(present), nextBefore: nextBeforeOf(rows, q.limit) };
}

/** The shows with published recordings (title, how many, the newest), for the schedule's links. */
export async function listRecordedShows(ctx: Pick<AppContext, 'db'>): Promise<RecordedShows> {
  const rows = await ctx.db
    .select({
      title: sql<string>`min(${recordings.showTitle})`,
      count: sql<number>`count(*)::int`,
      latestAt: sql<Date>`max(${recordings.startedAt})`,
    })
    .from(recordings)
    .where(eq(recordings.hidden, false))
    .groupBy(sql`lower(${recordings.showTitle})`)
    .orderBy(sql`max(${recordings.startedAt}) desc`)
    .limit(500);
  return {
    shows: rows.map((r) => ({
      title: r.title,
      count: Number(r.count),
      latestAt: new Date(r.latestAt).toISOString(),
    })),
  };
}

/** The caller's own recordings (hidden ones too); every presenter's for a manager of recordings. */
export async function listManagedRecordings(
  ctx: Pick<AppContext, 'db'>,
  actor: Actor,
  q: { limit: number; before?: string },
): Promise<ManagedRecordingList> {
  const managesAll = hasCapability(actor.access, 'recordings.manage');
  const rows = await ctx.db
    .select()
    .from(recordings)
    .where(
      and(
        managesAll ? undefined : eq(recordings.presenterId, actor.userId),
        q.before ? lt(recordings.startedAt, new Date(q.before)) : undefined,
      ),
    )
    .orderBy(desc(recordings.startedAt), desc(recordings.id))
    .limit(q.limit + 1);
  return {
    recordings: rows.slice(0, q.limit).map(presentManaged),
    nextBefore: nextBeforeOf(rows, q.limit),
    managesAll,
  };
}

async function findRecording(ctx: Pick<AppContext, 'db'>, id: string): Promise<Row | null> {
  const [row] = await ctx.db.select().from(recordings).where(eq(recordings.id, id));
  return row ?? null;
}

/**
 * The recording to play: a published one for anyone; a hidden one only for its presenter and managers
 * (for everyone else it does not exist).
 */
export async function playableRecording(
  ctx: Pick<AppContext, 'db'>,
  id: string,
  actor: () => Promise<Actor | null>,
): Promise<Row> {
  const row = await findRecording(ctx, id);
  if (!row) throw notFound(RECORDINGS_TEXTS.notFound);
  if (row.hidden && !canManageRecording(await actor(), row)) throw notFound(RECORDINGS_TEXTS.notFound);
  return row;
}

/** A hidden recording is not a secret from its presenter: others see 404 for hidden ones, 403 for published. */
async function manageable(ctx: Pick<AppContext, 'db'>, actor: Actor, id: string): Promise<Row> {
  const row = await findRecording(ctx, id);
  if (!row) throw notFound(RECORDINGS_TEXTS.notFound);
  if (!canManageRecording(actor, row)) {
    throw row.hidden ? notFound(RECORDINGS_TEXTS.notFound) : forbidden(RECORDINGS_TEXTS.cannotManage);
  }
  return row;
}

/** Tells every page that the list of recordings changed (listen again, the schedule's links). */
export async function announceRecordingsChanged(ctx: Pick<AppContext, 'realtime'>, id: string) {
  await ctx.realtime.publish(topics.public, EVENT_TYPES.recordingsChanged, { id });
}

/** Hides or publishes a recording. Staff acting on someone else's recording leave an audit trail. */
export async function setRecordingHidden(
  ctx: Ctx,
  actor: Actor,
  id: string,
  hidden: boolean,
): Promise<ManagedRecording> {
  const row = await manageable(ctx, actor, id);
  const updated = await ctx.db.transaction(async (tx) => {
    const [u] = await tx.update(recordings).set({ hidden }).where(eq(recordings.id, id)).returning();
    if (!u) throw notFound(RECORDINGS_TEXTS.notFound);
    if (row.presenterId !== actor.userId && row.hidden !== hidden) {
      await recordStaffAction(tx, {
        actor: { userId: actor.userId },
        action: 'recording.hide',
        target: { type: 'recording', id },
        summary: (hidden ? RECORDINGS_TEXTS.audit.hidden : RECORDINGS_TEXTS.audit.shown)(
          row.showTitle,
          row.presenterName,
        ),
        before: { hidden: row.hidden },
        after: { hidden },
      });
    }
    return u;
  });
  if (row.hidden !== hidden) await announceRecordingsChanged(ctx, id);
  return presentManaged(updated);
}

/** Deletes a recording: its row, then its file. */
export async function deleteRecording(ctx: Ctx, actor: Actor, id: string): Promise<void> {
  const row = await manageable(ctx, actor, id);
  await ctx.db.transaction(async (tx) => {
    const gone = await tx.delete(recordings).where(eq(recordings.id, id)).returning({ id: recordings.id });
    if (gone.length === 0) throw notFound(RECORDINGS_TEXTS.notFound);
    if (row.presenterId !== actor.userId) {
      await recordStaffAction(tx, {
        actor: { userId: actor.userId },
        action: 'recording.delete',
        target: { type: 'recording', id },
        summary: RECORDINGS_TEXTS.audit.deleted(row.showTitle, row.presenterName),
        before: presentManaged(row),
      });
    }
  });
  try {
    await recordingsStore(ctx).delete(row.storageKey);
  } catch (err) {
    // The row is gone, so nobody reaches the file; the retention sweep of orphans can take it later.
    ctx.log.warn({ err, key: row.storageKey }, 'recordings: the file of a deleted recording stayed behind');
  }
  await announceRecordingsChanged(ctx, id);
}

/** The newest published recordings for the podcast feed. */
export async function listFeedRecordings(ctx: Pick<AppContext, 'db'>, limit = 100): Promise<Row[]> {
  return ctx.db
    .select()
    .from(recordings)
    .where(eq(recordings.hidden, false))
    .orderBy(desc(recordings.startedAt), desc(recordings.id))
    .limit(limit);
}
