import { createReadStream } from 'node:fs';
import { chmod, mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { parseFile } from 'music-metadata';
import { FILES_TEXTS } from '../../../../shared/texts/common';
import { MEDIA_TEXTS } from '../../../../shared/texts/media';
import type { AppContext } from '../../../context';
import { AppError } from '../../../infra/http/errors';
import { sharedWithGroup } from '../../../infra/private-data';
import { contentTypeOf } from '../../../infra/storage/object-store';
import { upsertSong } from '../../library/songs.service';
import { mediaTracks } from '../media.table';
import { storeArt } from './art.service';
import { DecodeQueueFull, DecodeTooSlow, decodeBudgetMs, measureAudio, UndecodableAudio } from './loudness';
import { audioKeyOf, inBucket, mediaDirOf, mediaStoreOf } from './track-files';

export type TrackRow = typeof mediaTracks.$inferSelect;
type Ctx = Pick<AppContext, 'db' | 'storage' | 'config' | 'log'>;

/** A file the library will not take, with the message (naming the file) the uploader sees. */
export class RefusedFile extends Error {
  constructor(
    message: string,
    readonly reason: 'empty' | 'tooLarge' | 'notAudio' | 'damaged' | 'tooSlow' | 'busy',
  ) {
    super(message);
  }
}

export interface IncomingFile {
  /** Where the bytes are now (a temp file for uploads, the file itself for folder imports). */
  filePath: string;
  /** The name the uploader gave (or the folder file's name): shown in lists and refusals. */
  fileName: string;
  sizeBytes: number;
  sha256: string;
  origin: 'upload' | 'folder';
  uploadedBy: string | null;
}

/** Container (music-metadata's name) → the format we store; anything else is not one of ours. */
function formatOf(container: string | undefined, codec: string | undefined): string | null {
  const c = (container ?? '').toLowerCase();
  const k = (codec ?? '').toLowerCase();
  if (c === 'mpeg' && k.includes('layer 3')) return 'mp3';
  if (c.startsWith('m4a') || c.startsWith('mp4') || c.startsWith('isom') || c.startsWith('iso'))
    return k.includes('aac') || k.includes('mp4a') || k === '' ? 'm4a' : null;
  if (c === 'adts' || (c === 'mpeg' && k.includes('aac'))) return 'aac';
  if (c === 'ogg')
    return k.includes('opus') ? 'opus' : k.includes('vorbis') ? 'ogg' : k.includes('flac') ? 'ogg' : null;
  if (c === 'flac') return 'flac';
  if (c === 'wave' || c === 'wav') return 'wav';
  return null;
}

/** Controls other than whitespace (C0, DEL, C1): never part of a title. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are exactly what tags lose.
const CONTROLS = /[\u0001-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL at either end of a list.
const NUL_ENDS = /^\u0000+|\u0000+$/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL between the items of a list.
const NUL_RUN = /\u0000+/g;
/** Marks that reorder or hide text (bidi overrides, embeddings, isolates, marks): "U+202E" tricks. */
const BIDI = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
/** A UTF-16 half without its pair (PostgreSQL refuses it, as it refuses NUL). */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * Tag text as the library stores it (docs/product/media-library-and-autodj.md, "Tags"): NUL-separated lists (as taggers
 * write them) become "a; b", other control characters and bidi controls go, spaces collapse, at most
 * `max` characters. Null when nothing is left.
 */
export function cleanText(s: string | undefined | null, max = 200): string | null {
  const t = (s ?? '')
    .replace(NUL_ENDS, '')
    .replace(NUL_RUN, '; ')
    .replace(CONTROLS, '')
    .replace(BIDI, '')
    .replace(/\s+/g, ' ')
    .trim();
  return t ? t.slice(0, max).replace(LONE_SURROGATE, '') || null : null;
}
const clean = cleanText;

/** A title from a file name: "03 - Some_Song.mp3" → "03 - Some Song". */
export const titleFromFileName = (name: string) =>
  clean(
    path
      .basename(name)
      .replace(/\.[^.]+$/, '')
      .replace(/_/g, ' '),
  ) ?? 'Untitled';

export const findTrackByHash = async (ctx: Pick<AppContext, 'db'>, sha256: string) =>
  (await ctx.db.select().from(mediaTracks).where(eq(mediaTracks.contentHash, sha256)))[0] ?? null;

/**
 * Checks a received file and adds it to the library: its tags (music-metadata), a full decode that
 * proves it plays to its end and measures its loudness (ffmpeg, EBU R128), its cover art, then the song
 * (library module: one song per title + artist) and the track row. An upload moves into MEDIA_DIR
 * under its content hash, or into the bucket's media area when S3_BUCKET is set (track-files.ts); a
 * folder file stays where it is. Identical content answers the track that
 * has it already. Throws RefusedFile (nothing stored) for empty, foreign or damaged files.
 */
export async function ingestFile(
  ctx: Ctx,
  f: IncomingFile,
): Promise<{ track: TrackRow; duplicate: boolean }> {
  const existing = await findTrackByHash(ctx, f.sha256);
  if (existing) return { track: existing, duplicate: true };
  if (f.sizeBytes === 0) throw new RefusedFile(MEDIA_TEXTS.refused.empty(f.fileName), 'empty');

  let meta: Awaited<ReturnType<typeof parseFile>>;
  try {
    meta = await parseFile(f.filePath, { duration: false, skipCovers: false });
  } catch {
    throw new RefusedFile(MEDIA_TEXTS.refused.notAudio(f.fileName), 'notAudio');
  }
  const format = formatOf(meta.format.container, meta.format.codec);
  if (!format) throw new RefusedFile(MEDIA_TEXTS.refused.notAudio(f.fileName), 'notAudio');

  const declared = meta.format.duration ?? 0;
  let measured: Awaited<ReturnType<typeof measureAudio>>;
  try {
    measured = await measureAudio(f.filePath, {
      owner: f.uploadedBy ?? 'music folder',
      budgetMs: decodeBudgetMs(declared),
    });
  } catch (err) {
    if (err instanceof UndecodableAudio)
      throw new RefusedFile(MEDIA_TEXTS.refused.damaged(f.fileName), 'damaged');
    if (err instanceof DecodeTooSlow)
      throw new RefusedFile(
        MEDIA_TEXTS.refused.tooSlow(f.fileName, Math.round(err.budgetMs / 1000)),
        'tooSlow',
      );
    if (err instanceof DecodeQueueFull) throw new RefusedFile(MEDIA_TEXTS.refused.busy(f.fileName), 'busy');
    throw err;
  }
  // A cut-off file still carries its full length in its headers: less audio than declared is damage.
  if (measured.decodedSeconds < 0.2 || (declared > 0 && measured.decodedSeconds < declared * 0.97 - 0.5)) {
    throw new RefusedFile(MEDIA_TEXTS.refused.damaged(f.fileName), 'damaged');
  }
  const durationMs = Math.round(
    (declared > 0 ? Math.min(declared, measured.decodedSeconds) : measured.decodedSeconds) * 1000,
  );

  const common = meta.common;
  const title = clean(common.title) ?? titleFromFileName(f.fileName);
  const artist = clean(common.artist ?? common.albumartist) ?? MEDIA_TEXTS.unknownArtist;
  const picture = common.picture?.[0];
  const artUrl = picture ? await storeArt(ctx.storage, picture.data, f.sha256.slice(0, 16)) : null;

  let finalPath = f.filePath;
  const bucket = f.origin === 'upload' ? mediaStoreOf(ctx.config) : null;
  if (bucket) {
    // Every instance shares the bucket: the engine's instance fetches it from there to play it.
    finalPath = audioKeyOf(f.sha256, format);
    try {
      if ((await bucket.head(finalPath))?.size !== f.sizeBytes) {
        await bucket.put(finalPath, createReadStream(f.filePath), { contentType: contentTypeOf(finalPath) });
      }
    } catch (err) {
      ctx.log.error({ err, key: finalPath, store: bucket.location }, 'media: an upload could not be stored');
      await ctx.storage.remove(artUrl);
      throw new AppError('UNAVAILABLE', FILES_TEXTS.storeUnavailable);
    }
    await rm(f.filePath, { force: true });
  } else if (f.origin === 'upload') {
    const dir = path.join(mediaDirOf(ctx.config), f.sha256.slice(0, 2));
    await mkdir(dir, { recursive: true, mode: 0o755 });
    finalPath = path.join(dir, `${f.sha256}.${format}`);
    await rename(f.filePath, finalPath);
    // Shared with the engine's group when the engine runs as its own user (docs/operations/engine.md).
    if (sharedWithGroup(mediaDirOf(ctx.config))) {
      await chmod(dir, 0o2750);
      await chmod(finalPath, 0o640);
    }
  }
  try {
    const track = await ctx.db.transaction(async (tx) => {
      // Only the song's identity: its album and art on the public lists come from what plays on air.
      const song = await upsertSong(tx, { title, artist });
      const [row] = await tx
        .insert(mediaTracks)
        .values({
          songId: song.id,
          path: finalPath,
          contentHash: f.sha256,
          fileName: clean(path.basename(f.fileName), 255) ?? 'file',
          origin: f.origin,
          format,
          sizeBytes: f.sizeBytes,
          title,
          artist,
          album: clean(common.album),
          year: common.year && common.year > 0 && common.year < 10000 ? common.year : null,
          genre: clean(common.genre?.join(', ')),
          isrc: clean(common.isrc?.[0], 20),
          durationMs,
          artUrl,
          loudnessLufs: measured.lufs,
          uploadedBy: f.uploadedBy,
        })
        .onConflictDoNothing()
        .returning();
      return row ?? null;
    });
    if (track) return { track, duplicate: false };
  } catch (err) {
    await removeStoredAudio(ctx, finalPath, f);
    await ctx.storage.remove(artUrl);
    throw err;
  }
  // Someone stored the same content (or path) a moment before us: theirs is the track.
  await ctx.storage.remove(artUrl);
  const winner = await findTrackByHash(ctx, f.sha256);
  if (!winner) throw new Error('media: a track conflicted on its path');
  if (winner.path !== finalPath) await removeStoredAudio(ctx, finalPath, f);
  return { track: winner, duplicate: true };
}

/** An upload's stored audio that no track took (a folder file is the operator's: never removed). */
async function removeStoredAudio(ctx: Ctx, finalPath: string, f: IncomingFile) {
  if (f.origin !== 'upload') return;
  if (!inBucket(finalPath)) return void (await rm(finalPath, { force: true }));
  // The same content under the same key may belong to a track stored a moment before.
  if (await findTrackByHash(ctx, f.sha256).catch(() => true)) return;
  await mediaStoreOf(ctx.config)
    ?.delete(finalPath)
    .catch((err) => ctx.log.warn({ err, key: finalPath }, 'media: stored audio could not be removed'));
}
