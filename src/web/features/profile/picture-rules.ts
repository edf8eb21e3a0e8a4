import { PROFILE_TEXTS } from '@shared/texts/accounts';

/** The server's limit, checked here too so a big file is refused before it is sent. */
export const PICTURE_MAX_BYTES = 5 * 1024 * 1024;
export const PICTURE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;

/** The reason a chosen file cannot be a profile picture, or null when it may be uploaded. */
export function pictureProblem(file: { type: string; size: number }): string | null {
  if (!(PICTURE_TYPES as readonly string[]).includes(file.type)) return PROFILE_TEXTS.pictureNotImage;
  if (file.size > PICTURE_MAX_BYTES) return PROFILE_TEXTS.pictureTooLarge;
  return null;
}
