import { PROFILE_TEXTS } from '@shared/texts/accounts';
import { describe, expect, it } from 'vitest';
import { PICTURE_MAX_BYTES, pictureProblem } from './picture-rules';

describe('profile picture checks before upload', () => {
  it('accepts JPG, PNG, GIF and WebP up to 5 MB', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/gif', 'image/webp']) {
      expect(pictureProblem({ type, size: PICTURE_MAX_BYTES })).toBeNull();
    }
  });
  it('refuses other files with the server wording', () => {
    expect(pictureProblem({ type: 'image/svg+xml', size: 10 })).toBe(PROFILE_TEXTS.pictureNotImage);
    expect(pictureProblem({ type: 'application/pdf', size: 10 })).toBe(PROFILE_TEXTS.pictureNotImage);
    expect(pictureProblem({ type: '', size: 10 })).toBe(PROFILE_TEXTS.pictureNotImage);
  });
  it('refuses pictures over 5 MB', () => {
    expect(pictureProblem({ type: 'image/png', size: PICTURE_MAX_BYTES + 1 })).toBe(
      PROFILE_TEXTS.pictureTooLarge,
    );
  });
});
