import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rm, stat, statfs } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { RefusedFile as Refusal, UploadedTrack, UploadResult } from '../../../../shared/contracts/media';
import { MEDIA_TEXTS } from '../../../../shared/texts/media';
import type { AppContext } from '../../../context';
import { AppError } from '../../../infra/http/errors';
import { perApp } from '../../../infra/per-app';
import { hashingTap } from '../../../infra/storage/hashing-tap';
import { readSetting } from '../../settings/settings.service';
import { cleanText, ingestFile, RefusedFile, type TrackRow } from './ingest.service';
import { mediaDirOf } from './track-files';

/** Files one request may carry. */
export const MAX_FILES_PER_UPLOAD = 50;

/** Temp files of an upload in progress; one older than this was left by a process that died mid-upload. */
export const STALE_INCOMING_MS = 60 * 60_000;

const incomingDirOf = (config: AppContext['config']) => path.join(mediaDirOf(config), '.incoming');

/**
 * Removes the temp files uploads left behind when the app died mid-upload (an orderly end removes its
 * own). Only files older than STALE_INCOMING_MS: another instance sharing MEDIA_DIR may be receiving one
 * now. Returns how many went.
 */
export async function sweepStaleIncoming(
  ctx: Pick<AppContext, 'config' | 'log'>,
  now = Date.now(),
): Promise<number> {
  const dir = incomingDirOf(ctx.config);
  const names = await readdir(dir).catch(() => [] as string[]);
  let removed = 0;
  for (const name of names) {
    const file = path.join(dir, name);
    const info = await stat(file).catch(() => null);
    if (!info?.isFile() || now - info.mtimeMs < STALE_INCOMING_MS) continue;
    await rm(file, { force: true });
    removed += 1;
  }
  if (removed) ctx.log.info(`media: removed ${removed} unfinished upload(s) left in ${dir}`);
  return removed;
}

/** Free space an upload leaves on the disk at least, besides what it needs (the database, logs, others). */
export const UPLOAD_DISK_MARGIN_BYTES = 256 * 1024 * 1024;

/** Bytes free to the app on the disk that holds `dir`. */
export type FreeSpaceReader = (dir: string) => Promise<number>;
export const diskFreeSpace: FreeSpaceReader = async (dir) => {
  const s = await statfs(dir);
  return s.bavail * s.bsize;
};
/** The media module provides diskFreeSpace; a test provides its own. */
export const freeSpaceSlot = perApp<FreeSpaceReader>('the uploads’ free-space reader');

/** Refuses (507, nothing staged) when the disk under `dir` cannot take `needed` bytes plus the margin. */
async function ensureSpace(ctx: object, dir: string, needed: number) {
  const free = await freeSpaceSlot.of(ctx)(dir);
  const short = needed + UPLOAD_DISK_MARGIN_BYTES - free;
  if (short > 0)
    throw new AppError('INSUFFICIENT_STORAGE', MEDIA_TEXTS.refused.noSpace(Math.ceil(short / (1024 * 1024))));
}

/** Site setting: the largest audio file one upload may carry, in MB (default 200). */
export async function uploadLimitMb(ctx: Pick<AppContext, 'db'>): Promise<number> {
  return readSetting(ctx.db, 'media_upload_max_mb');
}

export const presentUploaded = (t: TrackRow): UploadedTrack => ({
  id: t.id,
  title: t.title,
  artist: t.artist,
  album: t.album,
  durationSeconds: Math.round(t.durationMs / 100) / 10,
  hasArt: t.artUrl !== null,
});

interface Received {
  tmp: string;
  fileName: string;
  sizeBytes: number;
  sha256: string;
  tooLarge: boolean;
}

/** Streams one file part to a temp file, hashing it on the way; the part is never held whole in memory. */
async function receivePart(part: MultipartFile, incoming: string): Promise<Received> {
  const tmp = path.join(incoming, `${Date.now()}-${randomBytes(8).toString('hex')}.part`);
  const tap = hashingTap();
  try {
    await pipeline(part.file, tap.stream, createWriteStream(tmp, { mode: 0o644 }));
  } catch (err) {
    await rm(tmp, { force: true });
    throw err;
  }
  return {
    tmp,
    // The name the client sent is text like any other: no NUL, controls or bidi overrides.
    fileName: cleanText(part.filename, 255) ?? 'file',
    sizeBytes: tap.size(),
    sha256: tap.sha256(),
    tooLarge: part.file.truncated,
  };
}

/**
 * POST /api/media/tracks: every `file` part is streamed to a temp file under MEDIA_DIR (sha256 on the
 * way, cut off at the size limit), then each is checked and stored (ingest.service). A refused file
 * leaves nothing behind. All refused: a 4xx naming the files.
 */
export async function uploadTracks(
  ctx: Pick<AppContext, 'db' | 'storage' | 'config' | 'log'>,
  req: FastifyRequest,
  uploadedBy: string,
): Promise<UploadResult> {
  if (!req.isMultipart()) throw badUpload(MEDIA_TEXTS.refused.noFiles);
  const limitMb = await uploadLimitMb(ctx);
  const incoming = incomingDirOf(ctx.config);
  await mkdir(incoming, { recursive: true, mode: 0o755 });
  // Before staging: the whole request when its length is known, else one file at the limit before each.
  const limitBytes = Math.floor(limitMb * 1024 * 1024);
  const declared = Number(req.headers['content-length']);
  const knownLength = Number.isFinite(declared) && declared > 0;
  await ensureSpace(ctx, incoming, knownLength ? declared : limitBytes);

  const received: Received[] = [];
  const tracks: UploadedTrack[] = [];
  const refused: Refusal[] = [];
  const refusedBusy: string[] = [];
  try {
    const parts = req.files({
      limits: { fileSize: limitBytes, files: MAX_FILES_PER_UPLOAD, fields: 20 },
      throwFileSizeLimit: false,
    });
    for await (const part of parts) {
      if (part.fieldname !== 'file') {
        part.file.resume();
        continue;
      }
      if (!knownLength && received.length > 0) await ensureSpace(ctx, incoming, limitBytes);
      received.push(await receivePart(part, incoming));
    }
    for (const r of received) {
      if (r.tooLarge) {
        refused.push({ file: r.fileName, message: MEDIA_TEXTS.refused.tooLarge(r.fileName, limitMb) });
        continue;
      }
      try {
        const { track } = await ingestFile(ctx, {
          filePath: r.tmp,
          fileName: r.fileName,
          sizeBytes: r.sizeBytes,
          sha256: r.sha256,
          origin: 'upload',
          uploadedBy,
        });
        tracks.push(presentUploaded(track));
      } catch (err) {
        if (!(err instanceof RefusedFile)) throw err;
        refused.push({ file: r.fileName, message: err.message });
        if (err.reason === 'busy') refusedBusy.push(r.fileName);
      }
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT') throw badUpload(`At most ${MAX_FILES_PER_UPLOAD} files in one upload`);
    if (code?.startsWith('FST_')) throw badUpload(MEDIA_TEXTS.refused.noFiles);
    throw err;
  } finally {
    // Whatever was not moved into the library goes (refused, duplicates, an interrupted request).
    await Promise.all(received.map((r) => rm(r.tmp, { force: true })));
  }
  if (tracks.length === 0) {
    if (refused.length === 0) throw badUpload(MEDIA_TEXTS.refused.noFiles);
    const allTooLarge = received.every((r) => r.tooLarge);
    const allBusy = refusedBusy.length === refused.length;
    throw Object.assign(
      new AppError(
        allTooLarge ? 'PAYLOAD_TOO_LARGE' : allBusy ? 'RATE_LIMITED' : 'VALIDATION',
        refused.map((r) => r.message).join('; '),
      ),
      { refused },
    );
  }
  return { tracks, refused };
}

const badUpload = (message: string) => new AppError('VALIDATION', message);
