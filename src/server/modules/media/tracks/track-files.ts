import path from 'node:path';
import type { Config } from '../../../config';
import type { AppContext } from '../../../context';
import { perApp } from '../../../infra/per-app';
import { contentKey, type HashedFileCache } from '../../../infra/storage/hashed-cache';
import type { ObjectStore } from '../../../infra/storage/object-store';
import { openObjectStore } from '../../../infra/storage/object-store-factory';

/**
 * Where a track's audio lives (its row's `path`): an absolute path is a file on the machine (an upload
 * in MEDIA_DIR when there is no bucket, a MUSIC_DIR file); anything else is a key of the bucket's
 * `media/` area, `<first 2 hex>/<sha256>.<format>`, which names the bytes it holds. Any instance reads a
 * bucket track; the engine's instance plays it from its checked local copy (the audio cache).
 */
export const inBucket = (trackPath: string) => !path.isAbsolute(trackPath);

/** Where uploads are stored without a bucket: MEDIA_DIR, or DATA_DIR/media. */
export const mediaDirOf = (config: Pick<Config, 'MEDIA_DIR' | 'dataDir'>) =>
  path.resolve(config.MEDIA_DIR ?? path.join(config.dataDir, 'media'));

/**
 * The file of a track on this machine without a bucket: its own path, or for a bucket key the file of
 * MEDIA_DIR at the same place (uploads are laid out there as in the bucket), so a library moved to the
 * bucket by `storage:to-bucket` plays on from its local files until the instances use the bucket.
 */
export const fileWithoutBucket = (config: Pick<Config, 'MEDIA_DIR' | 'dataDir'>, trackPath: string) =>
  inBucket(trackPath) ? path.join(mediaDirOf(config), trackPath) : trackPath;

/** The bucket key of a track's audio. */
export const audioKeyOf = (sha256: string, format: string) => contentKey(sha256, format);

type StoreConfig = Parameters<typeof openObjectStore>[0];
const stores = new WeakMap<object, ObjectStore | null>();

/** The bucket's media area when S3_BUCKET is set; null keeps the library's uploads in MEDIA_DIR. */
export function mediaStoreOf(config: StoreConfig): ObjectStore | null {
  if (!config.S3_BUCKET) return null;
  let store = stores.get(config);
  if (!store) {
    store = openObjectStore(config, 'media');
    stores.set(config, store);
  }
  return store;
}

/** This instance's copy of the bucket's audio (only with S3_BUCKET). */
export const audioCacheSlot = perApp<HashedFileCache>('the library audio cache');

/**
 * A file on this machine with the track's audio, for what decodes it (waveforms): its own path, or the
 * audio cache's checked copy of the bucket's object.
 */
export async function localAudioFile(ctx: Pick<AppContext, 'config'>, trackPath: string): Promise<string> {
  if (!inBucket(trackPath) || !mediaStoreOf(ctx.config)) return fileWithoutBucket(ctx.config, trackPath);
  return audioCacheSlot.of(ctx).file(trackPath, { timeoutMs: 60_000 });
}
