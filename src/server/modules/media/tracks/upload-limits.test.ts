import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { makeAudio, makeSlowToDecode } from '../../../test/fixtures/media';
import { createTestApp, type Member, signUpMember, type TestApp, uploadTracks } from '../../../test/test-app';
import { decodeBudget } from './loudness';
import { diskFreeSpace, freeSpaceSlot, UPLOAD_DISK_MARGIN_BYTES } from './upload.service';

/** What an upload may cost the station: its disk (checked before staging) and its decode time. */
let t: TestApp;
let admin: Member;
let dir: string;
let mediaDir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'onair-upload-limits-'));
  mediaDir = path.join(dir, 'media');
  t = await createTestApp({ env: { MEDIA_DIR: mediaDir } });
  admin = await signUpMember(t.app, 'Limits Admin');
});
afterAll(async () => t?.close());

const upload = async (file: string, name = path.basename(file)) =>
  uploadTracks(admin, [{ name, bytes: await readFile(file) }]);

describe('free disk space', () => {
  it('refuses an upload with 507 before staging it when the disk cannot take it plus the margin', async () => {
    const file = await makeAudio(dir, 'space.mp3', {
      seconds: 2,
      tags: { title: 'Space Song', artist: 'Disk' },
    });
    const asked: string[] = [];
    let free = UPLOAD_DISK_MARGIN_BYTES + 1_000; // less than the upload plus the margin
    freeSpaceSlot.provide(t.app.ctx, async (d) => {
      asked.push(d);
      return free;
    });
    onTestFinished(() => freeSpaceSlot.provide(t.app.ctx, diskFreeSpace));
    const full = await upload(file);
    expect(full.statusCode).toBe(507);
    expect(full.json().error.message).toMatch(
      /^The server’s disk is nearly full: this upload needs about 1 MB more/,
    );
    expect(asked).toEqual([path.join(mediaDir, '.incoming')]);
    expect(await readdir(path.join(mediaDir, '.incoming'))).toEqual([]);
    expect((await t.dbh.query(`SELECT 1 FROM media_tracks WHERE title = 'Space Song'`)).rows).toHaveLength(0);
    // With room enough, the same upload is stored.
    free = UPLOAD_DISK_MARGIN_BYTES + 50 * 1024 * 1024;
    expect((await upload(file)).statusCode).toBe(201);
  });

  it('reads the real disk by default', async () => {
    expect(await diskFreeSpace(dir)).toBeGreaterThan(0);
  });
});

describe('the decode budget', () => {
  it('refuses a file that takes too long to decode for its length, naming it and the reason', async () => {
    // Small, slow to decode (makeSlowToDecode: 10 minutes). A tight budget stands in for the default
    // one (the same rule: a floor plus a share of the declared length; here 1 s + 0.3 s).
    const slow = await makeSlowToDecode(dir);
    const saved = { ...decodeBudget };
    Object.assign(decodeBudget, { floorMs: 1_000, perAudioSecondMs: 0.5 });
    onTestFinished(() => {
      Object.assign(decodeBudget, saved);
    });
    const started = Date.now();
    const res = await upload(slow);
    expect(Date.now() - started).toBeLessThan(30_000);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(
      'slow.flac: took longer than 1 s to check, too long for its length; convert it to a common format (e.g. 44.1 kHz stereo) and upload it again',
    );
    expect(await readdir(path.join(mediaDir, '.incoming'))).toEqual([]);
  }, 120_000);
});
