import { randomBytes } from 'node:crypto';
import { FILES_TEXTS } from '../../../shared/texts/common';
import { AppError } from '../http/errors';
import { isValidKey, type ObjectStore } from './object-store';

/**
 * Uploaded files (profile pictures, carousel images…), kept in an object store: the folder
 * DATA_DIR/uploads, or the `uploads/` prefix of the S3 bucket when S3_BUCKET is set. Either way they are
 * served by the app at /uploads/<key> (uploads.routes.ts), so a stored URL never changes with the store.
 */
export interface Storage {
  /** Stores the bytes under a fresh name in `folder`; returns the public URL path. */
  put(folder: string, prefix: string, ext: string, bytes: Buffer): Promise<string>;
  /** Removes a file given its public URL (ignores URLs that are not ours). */
  remove(url: string | null | undefined): Promise<void>;
  /** The store key behind a public URL path, or null when the URL is not one of ours. */
  keyOf(url: string): string | null;
  readonly store: ObjectStore;
}

export const UPLOADS_URL = '/uploads/';

/**
 * A store that cannot be reached makes an upload fail with 503 (nothing saved); a file that cannot be
 * removed is only logged, since the change that dropped it has been made.
 */
export function createStorage(
  store: ObjectStore,
  log?: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void },
): Storage {
  const keyOf = (url: string) => {
    if (!url.startsWith(UPLOADS_URL)) return null;
    const key = url.slice(UPLOADS_URL.length);
    return isValidKey(key) ? key : null;
  };
  return {
    store,
    keyOf,
    async put(folder, prefix, ext, bytes) {
      const safeFolder = folder.replace(/[^a-z0-9-]/gi, '');
      const stem = prefix.replace(/[^a-z0-9-]/gi, '').replace(/^-+/, '') || 'file';
      const name = `${stem}-${randomBytes(6).toString('hex')}.${ext.replace(/[^a-z0-9]/gi, '')}`;
      const key = `${safeFolder}/${name}`;
      try {
        await store.put(key, bytes);
      } catch (err) {
        log?.error({ err, key, store: store.location }, 'an upload could not be stored');
        throw new AppError('UNAVAILABLE', FILES_TEXTS.storeUnavailable);
      }
      return `${UPLOADS_URL}${key}`;
    },
    async remove(url) {
      const key = url ? keyOf(url) : null;
      if (!key) return;
      try {
        await store.delete(key);
      } catch (err) {
        log?.warn({ err, key }, 'an uploaded file could not be removed');
      }
    },
  };
}
