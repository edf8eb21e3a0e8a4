/**
 * Recordings kept across a failover: the recording being written is shipped to the bucket in parts as it
 * grows (the parts are the file, byte for byte, and go once it is stored); when its instance dies
 * mid-show, another instance's pipeline takes in what was shipped, once, however many look at it.
 */

import { execFile } from 'node:child_process';
import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../context';
import type { ObjectStore } from '../../infra/storage/object-store';
import { makeAudio } from '../../test/fixtures/media';
import { type S3TestServer, startS3Server } from '../../test/s3-server';
import { createTestApp, freshDatabase, type TestApp } from '../../test/test-app';
import { measureSeconds } from './recording-ingest';
import { RecordingPipeline } from './recording-pipeline';
import { partialPrefix } from './recording-shipper';

const run = promisify(execFile);
const bytesOf = async (body: Readable) => Buffer.concat((await body.toArray()) as Buffer[]);

let s3: S3TestServer;
let shared: Awaited<ReturnType<typeof freshDatabase>>;
let one: TestApp;
let two: TestApp;
let source: Buffer;
const tmp = mkdtempSync(path.join(os.tmpdir(), 'onair-rec-failover-'));

beforeAll(async () => {
  s3 = await startS3Server();
  // Two instances of one station: one database, one bucket.
  shared = await freshDatabase();
  one = await createTestApp({ db: shared, env: s3.env });
  two = await createTestApp({ db: shared, env: s3.env });
  // 30 s as Liquidsoap writes it: CBR 128 kbps, no tags.
  const file = await makeAudio(tmp, 'source.mp3', {
    seconds: 30,
    codec: ['-c:a', 'libmp3lame', '-b:a', '128k', '-write_xing', '0', '-id3v2_version', '0'],
  });
  source = readFileSync(file);
}, 60_000);
afterAll(async () => {
  await one?.app.close();
  await two?.app.close();
  await shared?.drop();
  await s3?.close();
  rmSync(tmp, { recursive: true, force: true });
});

/** The app's pipeline on an engine of its own that records into a folder of its own. */
function pipelineOn(
  t: TestApp,
  timings: ConstructorParameters<typeof RecordingPipeline>[1] = {},
  dir = mkdtempSync(path.join(tmp, 'recordings-')),
) {
  const engine = {
    liveNow: true,
    recordingsDir: dir,
    onRecordingsClosed: () => () => {},
    setRecording: async () => true,
  };
  const ctx = { ...t.app.ctx, station: { ...t.app.ctx.station, engine } } as unknown as AppContext;
  return { pipeline: new RecordingPipeline(ctx, timings), dir };
}

async function partsOf(store: ObjectStore, name: string) {
  const parts: { key: string; bytes: Buffer }[] = [];
  for await (const o of store.list(partialPrefix(name))) {
    const obj = await store.get(o.key);
    parts.push({ key: o.key, bytes: await bytesOf(obj!.body) });
  }
  return parts;
}

/** The MP3 frames of a file, as ffmpeg reads them (tags, Xing header and a cut last frame left out). */
async function framesOf(file: string) {
  const out = path.join(tmp, `frames-${path.basename(file)}`);
  await run('ffmpeg', [
    ...['-nostdin', '-v', 'error', '-y', '-i', file, '-map', '0:a', '-c', 'copy'],
    ...['-map_metadata', '-1', '-write_xing', '0', '-id3v2_version', '0', '-f', 'mp3', out],
  ]);
  return readFileSync(out);
}

const rowsNamed = async (name: string) =>
  (
    await shared.query<{ started_at: Date; duration_seconds: number; storage_key: string }>(
      'SELECT * FROM recordings WHERE storage_key LIKE $1',
      [`%/${name}`],
    )
  ).rows;

describe('shipping the recording being written', () => {
  it('ships the new bytes as the file grows, and deletes the parts once it is stored', async () => {
    const { pipeline, dir } = pipelineOn(one, { shipEveryMs: 100 });
    const name = '20261126-190000_presenter-1234.mp3';
    const file = path.join(dir, name);
    const third = Math.floor(source.length / 3);

    writeFileSync(file, source.subarray(0, third));
    await pipeline.shipper.tick();
    expect((await partsOf(pipeline.store, name)).map((p) => p.key)).toEqual([
      'partial/20261126-190000_presenter-1234/000000000000.part',
    ]);
    await pipeline.shipper.tick(); // nothing new: nothing shipped
    appendFileSync(file, source.subarray(third, 2 * third));
    await pipeline.shipper.tick();
    const parts = await partsOf(pipeline.store, name);
    expect(parts.map((p) => p.key.split('/')[2])).toEqual([
      '000000000000.part',
      `${String(third).padStart(12, '0')}.part`,
    ]);
    expect(parts.map((p) => p.bytes.length)).toEqual([third, third]);

    // On the timer, as on the engine's instance.
    pipeline.start();
    appendFileSync(file, source.subarray(2 * third));
    const deadline = Date.now() + 10_000;
    let shipped = Buffer.alloc(0);
    while (shipped.length < source.length && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
      shipped = Buffer.concat((await partsOf(pipeline.store, name)).map((p) => p.bytes));
    }
    expect(shipped.equals(source)).toBe(true);

    // The file is closed and taken in as usual: stored, and its parts go.
    pipeline.take([file]);
    await pipeline.idle();
    expect(pipeline.outcomes.at(-1)?.outcome.kind).toBe('stored');
    expect(await partsOf(pipeline.store, name)).toEqual([]);
    expect(await rowsNamed(name)).toHaveLength(1);
    await pipeline.stop();
  }, 60_000);

  it('goes on from what the store holds when the app restarts mid-show', async () => {
    const before = pipelineOn(one);
    const name = '20261126-193000_presenter-1234.mp3';
    const file = path.join(before.dir, name);
    const half = Math.floor(source.length / 2);
    writeFileSync(file, source.subarray(0, half));
    await before.pipeline.shipper.tick();
    await before.pipeline.stop();
    // The app restarts; Liquidsoap is still writing the same file.
    const after = pipelineOn(one, {}, before.dir);
    appendFileSync(file, source.subarray(half));
    await after.pipeline.shipper.tick();
    const parts = await partsOf(after.pipeline.store, name);
    expect(parts.map((p) => p.key.split('/')[2])).toEqual([
      '000000000000.part',
      `${String(half).padStart(12, '0')}.part`,
    ]);
    expect(Buffer.concat(parts.map((p) => p.bytes)).equals(source)).toBe(true);
    // Its own recording, being written here: never recovered, however old its parts look.
    expect(await after.pipeline.recoverStale(Date.now() + 61_000)).toEqual([]);
    after.pipeline.take([file]);
    await after.pipeline.idle();
    expect(await partsOf(after.pipeline.store, name)).toEqual([]);
    await after.pipeline.stop();
  }, 60_000);
});

describe('a failover mid-show', () => {
  it('takes in what the dead instance shipped, once, on another instance', async () => {
    const first = pipelineOn(one);
    const name = '20261126-201500_presenter-1234.mp3';
    const file = path.join(first.dir, name);
    // Twenty seconds or so recorded and shipped in two rounds; then the first instance dies with the
    // rest of the show on its disk (never closed, never taken in).
    const cut = Math.floor(source.length * 0.7);
    writeFileSync(file, source.subarray(0, Math.floor(cut / 2)));
    await first.pipeline.shipper.tick();
    appendFileSync(file, source.subarray(Math.floor(cut / 2), cut));
    await first.pipeline.shipper.tick();
    appendFileSync(file, source.subarray(cut)); // written after the last shipping: lost with the server
    rmSync(first.dir, { recursive: true, force: true });
    const prefix = path.join(tmp, 'shipped.mp3');
    writeFileSync(prefix, source.subarray(0, cut));
    const shippedSeconds = await measureSeconds(prefix);
    expect(shippedSeconds).toBeGreaterThan(15);

    const second = pipelineOn(two);
    const third = pipelineOn(one);
    // Still fresh: its engine may only be between two shippings.
    expect(await second.pipeline.recoverStale()).toEqual([]);
    expect(await partsOf(second.pipeline.store, name)).toHaveLength(2);

    // A minute on, nothing shipped it: stale. Two instances look at once; one takes it in.
    const later = Date.now() + 61_000;
    const taken = await Promise.all([
      second.pipeline.recoverStale(later),
      third.pipeline.recoverStale(later),
    ]);
    expect(taken.flat()).toEqual([name]);
    const rows = await rowsNamed(name);
    expect(rows).toHaveLength(1);
    expect(new Date(rows[0].started_at).toISOString()).toBe('2026-11-26T20:15:00.000Z');
    expect(Math.abs(rows[0].duration_seconds - shippedSeconds)).toBeLessThan(1);
    expect(await partsOf(second.pipeline.store, name)).toEqual([]);

    // The stored recording is the shipped audio, frame for frame.
    const stored = await second.pipeline.store.get(rows[0].storage_key);
    const storedFile = path.join(tmp, 'stored.mp3');
    writeFileSync(storedFile, await bytesOf(stored!.body));
    expect((await framesOf(storedFile)).equals(await framesOf(prefix))).toBe(true);

    // Looked at again (and parts left behind by a stored recording): still one recording, no parts.
    expect(await second.pipeline.recoverStale(later)).toEqual([]);
    await second.pipeline.store.put(`${partialPrefix(name)}000000000000.part`, source.subarray(0, 1000));
    expect(await third.pipeline.recoverStale(Date.now() + 61_000)).toEqual([]);
    expect(await partsOf(second.pipeline.store, name)).toEqual([]);
    expect(await rowsNamed(name)).toHaveLength(1);
    for (const p of [first, second, third]) await p.pipeline.stop();
  }, 60_000);

  it('keeps the shipped parts up to the first gap, and drops parts that miss the start', async () => {
    const { pipeline } = pipelineOn(two);
    const store = pipeline.store;
    const gap = '20261126-220000_presenter-1234.mp3';
    const half = Math.floor(source.length / 2);
    const quarter = Math.floor(source.length / 4);
    await store.put(`${partialPrefix(gap)}000000000000.part`, source.subarray(0, quarter));
    await store.put(
      `${partialPrefix(gap)}${String(quarter).padStart(12, '0')}.part`,
      source.subarray(quarter, half),
    );
    // A part lost in between: the one after it cannot follow.
    await store.put(
      `${partialPrefix(gap)}${String(half + 4096).padStart(12, '0')}.part`,
      source.subarray(half + 4096),
    );
    const headless = '20261126-230000_presenter-1234.mp3';
    await store.put(
      `${partialPrefix(headless)}${String(quarter).padStart(12, '0')}.part`,
      source.subarray(quarter),
    );

    expect(await pipeline.recoverStale(Date.now() + 61_000)).toEqual([gap]);
    const [row] = await rowsNamed(gap);
    const halfFile = path.join(tmp, 'half.mp3');
    writeFileSync(halfFile, source.subarray(0, half));
    expect(Math.abs(row.duration_seconds - (await measureSeconds(halfFile)))).toBeLessThan(1);
    expect(await rowsNamed(headless)).toEqual([]);
    expect(await partsOf(store, gap)).toEqual([]);
    expect(await partsOf(store, headless)).toEqual([]);
    await pipeline.stop();
  }, 60_000);
});
