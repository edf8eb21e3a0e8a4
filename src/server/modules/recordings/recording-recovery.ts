import { createWriteStream, existsSync } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import type { AppContext } from '../../context';
import type { DbHandle } from '../../db/client';
import type { ObjectStore } from '../../infra/storage/object-store';
import { recordingStorageKey } from './recording-ingest';
import { contiguousParts, deleteParts, listPartials, type Part } from './recording-shipper';
import { recordings } from './recordings.table';

/** The advisory lock (with the file name's hash) of one recording's recovery across instances. */
const RECOVERY_LOCK = 727_311;

/** Recoveries under way in this process, per database (two apps on one database in tests, or in a process). */
const recovering = new WeakMap<object, Set<string>>();

/**
 * Runs `fn` unless the recording `name` is being recovered already: in this process (per database), or
 * by another instance (a session advisory lock, as the migrations' lock in db/client.ts, on a connection
 * of its own outside the pool, so that the ingest inside `fn` never waits for the connection the lock
 * holds; closing it lets the lock go, even when `fn` fails). The embedded database has one process: the
 * first check is all. Resolves null when someone else has it.
 */
export async function withRecoveryClaim<T>(
  dbh: DbHandle,
  name: string,
  fn: () => Promise<T>,
): Promise<T | null> {
  const mine = recovering.get(dbh) ?? new Set<string>();
  recovering.set(dbh, mine);
  if (mine.has(name)) return null;
  mine.add(name);
  try {
    if (!dbh.pool) return await fn();
    const client = new pg.Client(dbh.pool.options);
    client.on('error', () => {});
    try {
      await client.connect();
      const { rows } = await client.query<{ ok: boolean }>(
        'SELECT pg_try_advisory_lock($1::int, hashtext($2)) AS ok',
        [RECOVERY_LOCK, name],
      );
      return rows[0]?.ok ? await fn() : null;
    } finally {
      await client.end().catch(() => {});
    }
  } finally {
    mine.delete(name);
  }
}

export interface RecoveryPlace {
  ctx: Pick<AppContext, 'db' | 'dbh' | 'log'>;
  store: ObjectStore;
  recordingsDir: string;
  /** This pipeline has the recording itself (being written or taken here): never recovered. */
  isHere(name: string): boolean;
  /** The normal ingest of a file in the recordings folder (which deletes its parts once it is stored). */
  ingest(file: string): Promise<unknown>;
  staleMs: number;
}

const newest = (parts: Part[]) => Math.max(...parts.map((p) => p.lastModified.getTime()));
const isStale = (parts: Part[], now: number, staleMs: number) =>
  parts.length > 0 && now - newest(parts) > staleMs;

/**
 * After a failover: the recordings another instance was shipping when its engine went (no part newer
 * than the staleness bound) are put back together from their parts and taken in as usual, each once.
 * Returns the file names taken in.
 */
export async function recoverStalePartials(place: RecoveryPlace, now = Date.now()): Promise<string[]> {
  const taken: string[] = [];
  for (const [name, parts] of await listPartials(place.store)) {
    if (place.isHere(name) || !isStale(parts, now, place.staleMs)) continue;
    try {
      const done = await withRecoveryClaim(place.ctx.dbh, name, () => recoverOne(place, name, now));
      if (done) taken.push(name);
    } catch (err) {
      place.ctx.log.error({ err, name }, 'recordings: could not recover a recording after a failover');
    }
  }
  return taken;
}

/** Under the claim: the parts read again, joined in order up to the first gap, and taken in. */
async function recoverOne(place: RecoveryPlace, name: string, now: number): Promise<boolean> {
  const { ctx, store } = place;
  // Someone may have finished it between the listing and the claim.
  const parts = (await listPartials(store, name)).get(name) ?? [];
  if (place.isHere(name) || !isStale(parts, now, place.staleMs)) return false;
  const [stored] = await ctx.db
    .select({ id: recordings.id })
    .from(recordings)
    .where(eq(recordings.storageKey, recordingStorageKey(name)));
  const whole = contiguousParts(parts);
  if (stored || whole.length === 0) {
    // Stored already (its parts were left behind), or nothing from its start: the parts only go.
    if (!stored) ctx.log.warn({ name }, 'recordings: the shipped parts of a recording miss its start');
    await deleteParts(store, name);
    return false;
  }
  if (whole.length < parts.length) {
    ctx.log.warn({ name, parts: parts.length, kept: whole.length }, 'recordings: a gap in the shipped parts');
  }
  const dir = place.recordingsDir;
  const file = path.join(dir, name);
  // Written under a name no one takes, then renamed: the recording appears whole or not at all.
  const temp = path.join(dir, `.recovering-${name}.part`);
  await mkdir(dir, { recursive: true });
  try {
    for (const part of whole) {
      const obj = await store.get(part.key);
      if (!obj || obj.size !== part.size) throw new Error(`the part ${part.key} changed or went`);
      await pipeline(obj.body, createWriteStream(temp, { flags: 'a', mode: 0o640 }));
    }
    if (existsSync(file)) return false;
    await rename(temp, file);
  } finally {
    await rm(temp, { force: true });
  }
  const bytes = whole.reduce((sum, p) => sum + p.size, 0);
  ctx.log.info({ name, bytes }, 'recordings: recovered a recording shipped before a failover');
  await place.ingest(file);
  return true;
}
