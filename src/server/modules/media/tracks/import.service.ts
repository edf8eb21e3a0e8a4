import { createHash } from 'node:crypto';
import { createReadStream, type Dirent } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { and, eq, sql } from 'drizzle-orm';
import type { FolderImportStatus } from '../../../../shared/contracts/media';
import { MEDIA_TEXTS } from '../../../../shared/texts/media';
import type { AppContext } from '../../../context';
import { perApp } from '../../../infra/per-app';
import { mediaPlaylists, mediaPlaylistTracks, mediaTracks } from '../media.table';
import { cleanText, ingestFile, RefusedFile } from './ingest.service';
import { deleteTrack } from './tracks.service';

/** The rotation playlist that holds the folder's music, so a station that upgrades plays what it played. */
export const ALL_MUSIC_PLAYLIST = 'All music';
/** The same extensions the engine's folder playlist picked up. */
const AUDIO = /\.(mp3|ogg|oga|opus|flac|m4a|aac|wav)$/i;
/** How often MUSIC_DIR is looked at again for new, changed or removed files. */
export const FOLDER_POLL_MS = 30_000;
/** A file written less than this long ago may still be being copied: it waits for the next look. */
const SETTLE_MS = 5_000;

export interface FolderImportResult {
  imported: number;
  known: number;
  /** Files this look refused or failed on. */
  refused: { file: string; message: string }[];
  /** Every file of the folder that is not in the library, with why: this look's and earlier refusals. */
  skipped: { file: string; message: string }[];
  removed: number;
}

/** Files looked at already, by path: their size and time, and the refusal when they were refused. */
type SeenFiles = Map<string, { mark: string; refused: string | null }>;

async function sha256Of(file: string) {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
}

async function listAudio(root: string): Promise<string[] | null> {
  const out: string[] = [];
  const walk = async (dir: string) => {
    let entries: Dirent[];
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch {
      return dir !== root;
    }
    for (const e of entries) {
      if (e.name.startsWith('.')) continue;
      const full = path.join(dir, e.name);
      if (e.isDirectory()) await walk(full);
      else if (e.isFile() && AUDIO.test(e.name)) out.push(full);
    }
    return true;
  };
  return (await walk(root)) ? out : null;
}

/** Finds or creates the enabled rotation playlist "All music"; returns its id. */
export async function allMusicPlaylistId(ctx: Pick<AppContext, 'db'>): Promise<string> {
  await ctx.db
    .insert(mediaPlaylists)
    .values({ name: ALL_MUSIC_PLAYLIST, kind: 'rotation', enabled: true })
    .onConflictDoNothing();
  const [row] = await ctx.db
    .select({ id: mediaPlaylists.id })
    .from(mediaPlaylists)
    .where(sql`lower(${mediaPlaylists.name}) = lower(${ALL_MUSIC_PLAYLIST})`);
  return row.id;
}

async function addToPlaylist(ctx: Pick<AppContext, 'db'>, playlistId: string, trackId: string) {
  await ctx.db
    .insert(mediaPlaylistTracks)
    .values({
      playlistId,
      trackId,
      position: sql`(SELECT coalesce(max(position), -1) + 1 FROM media_playlist_tracks WHERE playlist_id = ${playlistId})`,
    })
    .onConflictDoNothing();
}

/**
 * One look at MUSIC_DIR: every audio file not yet in the library is checked and imported in place
 * (origin 'folder') into "All music"; a folder track whose file is gone leaves the library. Idempotent:
 * files are known by path and by content hash. `seen` remembers files already refused or duplicated
 * (by size and time) so they are not decoded again at every look.
 */
export async function importMusicFolder(
  ctx: AppContext,
  seen: SeenFiles = new Map(),
): Promise<FolderImportResult> {
  const root = path.resolve(ctx.config.MUSIC_DIR);
  const result: FolderImportResult = { imported: 0, known: 0, refused: [], skipped: [], removed: 0 };
  const files = await listAudio(root);
  if (!files) return result; // no folder (or unreadable): nothing imported, nothing removed
  const folderTracks = await ctx.db
    .select({ id: mediaTracks.id, path: mediaTracks.path })
    .from(mediaTracks)
    .where(eq(mediaTracks.origin, 'folder'));
  const knownPaths = new Set(folderTracks.map((t) => t.path));
  const present = new Set(files);
  let playlistId: string | null = null;

  for (const file of files) {
    if (knownPaths.has(file)) {
      result.known += 1;
      continue;
    }
    const st = await stat(file).catch(() => null);
    if (!st || Date.now() - st.mtimeMs < SETTLE_MS) continue;
    const mark = `${st.size}:${st.mtimeMs}`;
    const before = seen.get(file);
    if (before?.mark === mark) {
      if (before.refused) result.skipped.push({ file: path.relative(root, file), message: before.refused });
      continue;
    }
    const fileName = path.relative(root, file);
    try {
      const { track, duplicate } = await ingestFile(ctx, {
        filePath: file,
        fileName,
        sizeBytes: st.size,
        sha256: await sha256Of(file),
        origin: 'folder',
        uploadedBy: null,
      });
      playlistId ??= await allMusicPlaylistId(ctx);
      await addToPlaylist(ctx, playlistId, track.id);
      if (duplicate) {
        seen.set(file, { mark, refused: null });
        result.known += 1;
      } else result.imported += 1;
    } catch (err) {
      // One bad file never stops the look: it is skipped with its reason (shown to the admin), and
      // the others are imported, and removed files leave, as usual.
      const message =
        err instanceof RefusedFile
          ? err.message
          : MEDIA_TEXTS.folder.failed(cleanText(fileName, 255) ?? 'file');
      // A refused file is looked at again once it changes; a failure (the database?) at the next look.
      if (err instanceof RefusedFile) seen.set(file, { mark, refused: message });
      result.refused.push({ file: fileName, message });
      result.skipped.push({ file: fileName, message });
      ctx.log.warn(
        { file: cleanText(file, 1000), err: err instanceof RefusedFile ? undefined : err },
        `media: ${message}`,
      );
    }
  }
  for (const file of seen.keys()) if (!present.has(file)) seen.delete(file);
  // An empty folder while the library holds its tracks is a folder not there (a mount missing, or an
  // instance that took the engine over with its own empty MUSIC_DIR): nothing leaves. Tracks removed on
  // purpose one by one still leave; the whole folder's tracks go from the library screen.
  const underRoot = folderTracks.filter((t) => t.path.startsWith(root + path.sep));
  if (files.length === 0 && underRoot.length > 0) {
    ctx.log.warn({ folder: root, tracks: underRoot.length }, 'media: MUSIC_DIR is empty; its tracks stay');
    return result;
  }
  for (const t of underRoot) {
    if (present.has(t.path)) continue;
    await deleteTrack(ctx, t.id, { system: 'Music folder' }).catch(() => undefined);
    result.removed += 1;
  }
  return result;
}

/** What the admin sees of the folder import: when it last looked and the files it skips (the last look's). */
export class FolderImportTracker {
  private last: FolderImportStatus = { lastLookAt: null, skipped: [] };

  looked(r: FolderImportResult, at = new Date()) {
    this.last = {
      lastLookAt: at.toISOString(),
      skipped: r.skipped.map((x) => ({
        file: cleanText(x.file, 255) ?? 'file',
        reason: cleanText(x.message, 500) ?? '',
      })),
    };
  }

  status(): FolderImportStatus {
    return this.last;
  }
}

export const folderImportSlot = perApp<FolderImportTracker>('the music folder import');

/**
 * Whether this instance runs the built-in engine: it holds the engine lease (on the embedded database,
 * the one instance always does; docs/operations/several-instances.md#one-engine-elected).
 */
export const engineRunsHere = (ctx: Pick<AppContext, 'station'>) => Boolean(ctx.station.election?.term);

/**
 * With the built-in engine, MUSIC_DIR is imported once the app is up and looked at again every
 * FOLDER_POLL_MS (a poll: file watching is unreliable on network and container mounts), by the instance
 * that runs the engine only: the folder is that machine's, and one instance importing it is enough (after
 * a failover, the new engine's instance looks at its own MUSIC_DIR from its next look on).
 */
export function startFolderImport(ctx: AppContext) {
  const status = new FolderImportTracker();
  folderImportSlot.provide(ctx, status);
  if (ctx.station.backend.kind !== 'builtin') return { stop: async () => {} };
  const seen: SeenFiles = new Map();
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const look = () => {
    running = running
      .then(() => (stopped || !engineRunsHere(ctx) ? null : importMusicFolder(ctx, seen)))
      .then((r) => {
        if (!r) return;
        status.looked(r);
        if (r.imported) ctx.log.info(`media: imported ${r.imported} file(s) from ${ctx.config.MUSIC_DIR}`);
      })
      .catch((err) => ctx.log.warn({ err }, 'media: the music folder import failed'));
  };
  const first = setTimeout(look, 1_000);
  const timer = setInterval(look, FOLDER_POLL_MS);
  first.unref();
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearTimeout(first);
      clearInterval(timer);
      await running;
    },
  };
}

/** Whether a track of the folder is in "All music" (tests, the admin's overview). */
export async function inAllMusic(ctx: Pick<AppContext, 'db'>, trackId: string) {
  const rows = await ctx.db
    .select({ n: sql<number>`1` })
    .from(mediaPlaylistTracks)
    .innerJoin(mediaPlaylists, eq(mediaPlaylists.id, mediaPlaylistTracks.playlistId))
    .where(
      and(
        eq(mediaPlaylistTracks.trackId, trackId),
        sql`lower(${mediaPlaylists.name}) = lower(${ALL_MUSIC_PLAYLIST})`,
      ),
    );
  return rows.length > 0;
}
