import { sql } from 'drizzle-orm';
import type { AppContext } from '../../../context';
import { queryRows } from '../../../db/client';
import type { HashedFileCache } from '../../../infra/storage/hashed-cache';
import { fileWithoutBucket, inBucket } from '../tracks/track-files';
import type { NextTrackDecider } from './engine-next';
import { QUEUE_LENGTH } from './next-track.service';

/**
 * With the library in the bucket, the engine plays the checked local copies of the engine's instance's
 * audio cache (docs/operations/several-instances.md#the-library-in-the-bucket): the queue's next tracks
 * are fetched ahead, and the engine's question is answered with a cached file.
 */

/**
 * How long the engine's question waits, in all, for tracks not yet on this disk. Liquidsoap waits 2 s
 * (NEXT_TIMEOUT_MS) before it plays its local rotation instead, so the answer must come well within it.
 */
export const ENGINE_FETCH_WAIT_MS = 1_200;
/** At most this many decisions per question: a track whose copy is late is passed over for the next. */
const ATTEMPTS = 3;

/**
 * The decider the engine asks: `decide`'s answer with its audio as a file of this disk. A bucket track
 * not yet cached is waited for (within ENGINE_FETCH_WAIT_MS); when it is late or cannot be fetched (or
 * its bytes do not match its sha256), the next decision is taken (the passed-over track counts as
 * played for the repeat rules; its copy goes on arriving). Local tracks are answered as they are.
 */
export function withCachedAudio(
  decide: NextTrackDecider,
  cache: HashedFileCache,
  fetchAhead: () => void,
): NextTrackDecider {
  return async (ctx) => {
    const until = Date.now() + ENGINE_FETCH_WAIT_MS;
    try {
      for (let n = 0; n < ATTEMPTS; n++) {
        const d = await decide(ctx);
        if (!d || !inBucket(d.track.path)) return d;
        try {
          const file = await cache.file(d.track.path, { timeoutMs: Math.max(50, until - Date.now()) });
          return { ...d, track: { ...d.track, path: file } };
        } catch (err) {
          ctx.log.warn(
            { err, trackId: d.track.id, key: d.track.path },
            'media: the track’s audio is not on the engine’s disk yet; the next track plays',
          );
        }
      }
      return null;
    } finally {
      fetchAhead();
    }
  };
}

/**
 * Without a bucket: a track whose row names a bucket key (a library moved by `storage:to-bucket` before
 * the instances were given the bucket) plays from MEDIA_DIR, where its file is at the same place.
 */
export function withoutBucket(decide: NextTrackDecider): NextTrackDecider {
  return async (ctx) => {
    const d = await decide(ctx);
    if (!d || !inBucket(d.track.path)) return d;
    return { ...d, track: { ...d.track, path: fileWithoutBucket(ctx.config, d.track.path) } };
  };
}

/**
 * Keeps the next tracks of the AutoDJ queue in the cache, on the engine's instance only (`engineHere`):
 * looked at after every answer to the engine, every `everyMs`, and on `kick()`. One fetch at a time, and
 * at most half the cache's size ahead, so fetching ahead never pushes out what plays now.
 */
export function startFetchAhead(
  ctx: Pick<AppContext, 'db' | 'log'>,
  cache: HashedFileCache,
  engineHere: () => boolean,
  everyMs = 20_000,
) {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  const once = async () => {
    const rows = await queryRows<{ path: string; size_bytes: number | string }>(
      ctx.db,
      sql`SELECT t.path, t.size_bytes FROM media_queue q JOIN media_tracks t ON t.id = q.track_id
          ORDER BY (q.handed_at IS NULL), q.handed_at, q.position LIMIT ${QUEUE_LENGTH + 1}`,
    );
    let budget = cache.limitBytes / 2;
    for (const r of rows) {
      if (stopped) return;
      if (!inBucket(r.path)) continue;
      budget -= Number(r.size_bytes);
      if (budget < 0) return;
      await cache
        .file(r.path)
        .catch((err) => ctx.log.warn({ err, key: r.path }, 'media: a queued track could not be fetched'));
    }
  };
  const kick = () => {
    if (stopped || !engineHere()) return;
    if (running) {
      again = true;
      return;
    }
    running = once()
      .catch((err) => ctx.log.warn({ err }, 'media: fetching the queue ahead failed'))
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          kick();
        }
      });
  };
  const timer = setInterval(kick, everyMs);
  timer.unref();
  return {
    kick,
    /** Resolves when the fetches asked for so far have ended (tests). */
    async settled() {
      while (running) await running;
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
