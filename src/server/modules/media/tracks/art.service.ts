import type { Storage } from '../../../infra/storage/storage';
import { sniffImage, squareWebp } from '../../accounts/profile-picture.service';

/** Cover art is kept square at this size (WebP), like profile pictures but larger for the player. */
export const ART_SIZE = 512;
export const ART_MAX_BYTES = 5 * 1024 * 1024;

/**
 * Squares, shrinks and stores a cover picture through the app's storage; returns its public URL, or null
 * when the bytes are not a picture we can read (a file's broken embedded art never refuses the file).
 */
export async function storeArt(storage: Storage, bytes: Uint8Array, name: string): Promise<string | null> {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (buf.length > ART_MAX_BYTES * 4 || !sniffImage(buf)) return null;
  try {
    return await storage.put('art', name, 'webp', await squareWebp(buf, ART_SIZE));
  } catch {
    return null;
  }
}
