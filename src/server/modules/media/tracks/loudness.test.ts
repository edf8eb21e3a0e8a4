import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeAudio, makeSlowToDecode } from '../../../test/fixtures/media';
import { DecodeQueueFull, DecodeTooSlow, decodeBudgetMs, measureAudio, PER_OWNER_WAITING } from './loudness';

let dir: string;
/** Small on disk, slow to decode (makeSlowToDecode). */
let slow: string;
let song: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'onair-loudness-'));
  slow = await makeSlowToDecode(dir);
  song = await makeAudio(dir, 'song.mp3', { seconds: 3 });
}, 120_000);

describe('the decode budget', () => {
  it('grows with the declared length, from a floor', () => {
    expect(decodeBudgetMs(0)).toBe(60_000);
    expect(decodeBudgetMs(30 * 60)).toBe(60_000 + 90_000);
  });

  it('stops ffmpeg past the budget and says so', async () => {
    const started = Date.now();
    await expect(measureAudio(slow, { owner: 'budget', budgetMs: 500 })).rejects.toBeInstanceOf(
      DecodeTooSlow,
    );
    expect(Date.now() - started).toBeLessThan(15_000);
    // A normal file decodes within its budget.
    const m = await measureAudio(song, { owner: 'budget', budgetMs: decodeBudgetMs(3) });
    expect(m.decodedSeconds).toBeGreaterThan(2.5);
  }, 60_000);
});

describe('the per-uploader queue', () => {
  it('lets one uploader hold one pass and a few in line; another uploader is not kept waiting', async () => {
    const budgetMs = 1_500;
    const mine = Array.from({ length: PER_OWNER_WAITING + 1 }, () =>
      measureAudio(slow, { owner: 'hog', budgetMs }).then(
        () => 'done',
        (err) => (err instanceof DecodeTooSlow ? 'stopped' : String(err)),
      ),
    );
    // One more is refused at once.
    await expect(measureAudio(slow, { owner: 'hog', budgetMs })).rejects.toBeInstanceOf(DecodeQueueFull);
    let hogFinished = 0;
    for (const p of mine) void p.then(() => hogFinished++);
    // Someone else's file goes through the second pass while the hog's are still in line.
    const other = await measureAudio(song, { owner: 'someone else', budgetMs: decodeBudgetMs(3) });
    expect(other.decodedSeconds).toBeGreaterThan(2.5);
    expect(hogFinished).toBeLessThan(mine.length);
    expect(await Promise.all(mine)).toEqual(mine.map(() => 'stopped'));
  }, 120_000);
});
