import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { PROFILE_TEXTS } from '../../../shared/texts/accounts';
import { appForFile } from '../../test/app-for-file';
import { type Member, postPicture, signUpMember } from '../../test/test-app';
import { PICTURE_UPLOADS } from './profile-picture.service';

const t = appForFile();
let m: Member;
let picture: Buffer;
beforeAll(async () => {
  m = await signUpMember(t.app, 'Uploader');
  picture = await sharp({ create: { width: 3000, height: 3000, channels: 3, background: '#123456' } })
    .png()
    .toBuffer();
});

const upload = () => postPicture(m, picture);

describe('profile pictures uploaded at the same time', () => {
  it('are processed a few at a time; beyond the queue they are refused with 429 and Retry-After', async () => {
    expect(PICTURE_UPLOADS).toEqual({ max: 2, maxWaiting: 6, waitMs: 20_000 });
    const answers = await Promise.all(Array.from({ length: 16 }, () => upload()));
    const ok = answers.filter((a) => a.statusCode === 200);
    const refused = answers.filter((a) => a.statusCode === 429);
    expect(ok.length + refused.length).toBe(16);
    expect(ok.length).toBeGreaterThanOrEqual(PICTURE_UPLOADS.max + PICTURE_UPLOADS.maxWaiting);
    expect(refused.length).toBeGreaterThan(0);
    for (const r of refused) {
      expect(r.json().error.message).toBe(PROFILE_TEXTS.pictureBusy);
      expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
    }
    // Every slot was given back: the next uploads go through, also after refusals of bad files.
    const bad = await postPicture(m, Buffer.from('not an image at all'));
    expect(bad.statusCode).toBe(400);
    const again = await Promise.all([upload(), upload()]);
    expect(again.map((a) => a.statusCode)).toEqual([200, 200]);
  }, 120_000);
});
