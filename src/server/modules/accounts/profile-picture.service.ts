import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { EVENT_TYPES, topics } from '../../../shared/events';
import { PROFILE_TEXTS } from '../../../shared/texts/accounts';
import type { AppContext } from '../../context';
import type { Actor } from '../../infra/http/access';
import { badRequest } from '../../infra/http/errors';
import type { Storage } from '../../infra/storage/storage';
import { getMe } from './accounts.service';
import { profiles } from './accounts.table';

export const PICTURE_MAX_BYTES = 5 * 1024 * 1024;
/**
 * Decoding a picture can take a hundred megabytes or more: two are processed at once in each process, six
 * more wait their turn (for at most 20 s, before their body is read), and the rest are refused (429).
 */
export const PICTURE_UPLOADS = { max: 2, maxWaiting: 6, waitMs: 20_000 };
const SIZE = 256;

/** Recognises an image by its content, not by its name or declared type. */
export function sniffImage(bytes: Buffer): 'jpeg' | 'png' | 'gif' | 'webp' | null {
  if (bytes.length < 12) return null;
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  if (
    bytes.subarray(0, 6).toString('latin1') === 'GIF87a' ||
    bytes.subarray(0, 6).toString('latin1') === 'GIF89a'
  )
    return 'gif';
  if (
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP'
  )
    return 'webp';
  return null;
}

/** Squares and shrinks a picture to `size` px WebP (profile pictures, cover art); throws on a bad image. */
export function squareWebp(bytes: Buffer, size: number): Promise<Buffer> {
  return sharp(bytes, { animated: false, limitInputPixels: 40_000_000 })
    .rotate()
    .resize(size, size, { fit: 'cover', position: 'attention' })
    .webp({ quality: 82 })
    .toBuffer();
}

/** Checks, squares and shrinks the picture (256 px WebP), stores it, and replaces the member's old one. */
export async function setProfilePicture(
  ctx: Pick<AppContext, 'db' | 'realtime'> & { storage: Storage },
  actor: Actor,
  bytes: Buffer,
) {
  if (bytes.length > PICTURE_MAX_BYTES) throw badRequest(PROFILE_TEXTS.pictureTooLarge);
  if (!sniffImage(bytes)) throw badRequest(PROFILE_TEXTS.pictureNotImage);
  let resized: Buffer;
  try {
    resized = await squareWebp(bytes, SIZE);
  } catch {
    throw badRequest(PROFILE_TEXTS.pictureNotImage);
  }
  const url = await ctx.storage.put('avatars', actor.userId, 'webp', resized);
  const [before] = await ctx.db
    .select({ old: profiles.profilePicture })
    .from(profiles)
    .where(eq(profiles.id, actor.userId));
  await ctx.db
    .update(profiles)
    .set({ profilePicture: url, updatedAt: new Date() })
    .where(eq(profiles.id, actor.userId));
  await ctx.storage.remove(before?.old);
  await ctx.realtime.publish(topics.public, EVENT_TYPES.membersChanged, { id: actor.userId });
  return getMe(ctx, actor, { fresh: true });
}
