/**
 * The recording pipeline without the engine: a closed file taken in (tags, length, store, the live
 * session it belongs to), tiny files discarded, foreign paths ignored; the retention job; the gate
 * (setting off, the free-disk floor with staff told once, space back).
 */

import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../context';
import { createLocalObjectStore } from '../../infra/storage/local-object-store';
import { EngineEventReceiver, InvalidEngineEvent } from '../../integrations/radio/builtin/engine-events';
import { createTestApp, type Member, memberWith, signUpMember, type TestApp } from '../../test/test-app';
import { writeSetting } from '../settings/settings.service';
import { RecordingGate } from './recording-gate';
import { ingestRecording, MIN_RECORDING_SECONDS, parseRecordingFileName } from './recording-ingest';
import { RecordingPipeline } from './recording-pipeline';
import { deleteExpiredRecordings } from './recordings.jobs';

const run = promisify(execFile);

/** An MP3 of `seconds` as Liquidsoap would leave it (CBR 128 kbps, no tags). */
async function liveFile(dir: string, name: string, seconds: number) {
  const file = path.join(dir, name);
  await run('ffmpeg', [
    ...['-nostdin', '-v', 'error', '-y', '-f', 'lavfi', '-t', String(seconds)],
    ...['-i', 'sine=frequency=440:sample_rate=44100', '-ac', '2', '-c:a', 'libmp3lame', '-b:a', '128k'],
    ...['-write_xing', '0', '-id3v2_version', '0', file],
  ]);
  return file;
}

let t: TestApp;
let dir: string;
let storeDir: string;
let store: ReturnType<typeof createLocalObjectStore>;
let admin: Member;
let jade: Member;
const rows = async () =>
  (await t.dbh.query<Record<string, unknown>>('SELECT * FROM recordings ORDER BY started_at')).rows;

beforeAll(async () => {
  t = await createTestApp();
  const root = mkdtempSync(path.join(os.tmpdir(), 'onair-rec-'));
  dir = path.join(root, 'station', 'recordings');
  storeDir = path.join(root, 'recordings');
  mkdirSync(dir, { recursive: true });
  store = createLocalObjectStore(storeDir);
  admin = await signUpMember(t.app, 'Station Admin');
  jade = await memberWith(t, 'presenter', [], 'Jade Okafor');
  await t.dbh.query(
    `INSERT INTO presenter_streaming_accounts (user_id, backend, streamer_id, username)
     VALUES ($1, 'builtin', 'x', 'presenter-0001')`,
    [jade.userId],
  );
}, 60_000);
afterAll(async () => t?.close());

describe('taking a closed recording in', () => {
  it('reads the start and the DJ from the file name, and nothing else', () => {
    expect(parseRecordingFileName('20261120-201502_presenter-0001.mp3')).toEqual({
      startedAt: new Date('2026-11-20T20:15:02Z'),
      streamer: 'presenter-0001',
    });
    expect(parseRecordingFileName('notes.mp3')).toBeNull();
    expect(parseRecordingFileName('20261120-201502_a b.mp3')).toBeNull();
  });

  it('stores it tagged, measured and linked to the live session it overlaps', async () => {
    const [session] = (
      await t.dbh.query<{ id: string }>(
        `INSERT INTO live_sessions (streamer_username, presenter_id, show_title, started_at, ended_at)
         VALUES ('presenter-0001', $1, 'Night Shift', '2026-11-20T20:14:58Z', '2026-11-20T20:15:14Z'),
                ('presenter-0001', $1, 'Other Show', '2026-11-20T18:00:00Z', '2026-11-20T19:00:00Z')
         RETURNING id`,
        [jade.userId],
      )
    ).rows;
    const file = await liveFile(dir, '20261120-201500_presenter-0001.mp3', 12);
    const out = await ingestRecording(t.app.ctx, { recordingsDir: dir, store }, file);
    expect(out).toMatchObject({ kind: 'stored', storageKey: '2026/11/20261120-201500_presenter-0001.mp3' });
    const [row] = await rows();
    expect(row).toMatchObject({
      live_session_id: session.id,
      presenter_id: jade.userId,
      show_title: 'Night Shift',
      presenter_name: 'Jade Okafor',
      mime_type: 'audio/mpeg',
      hidden: false,
    });
    expect(Math.abs((row.duration_seconds as number) - 12)).toBeLessThan(0.1);
    expect((row.started_at as Date).toISOString()).toBe('2026-11-20T20:15:00.000Z');
    expect((row.ended_at as Date).getTime() - (row.started_at as Date).getTime()).toBe(
      Math.round((row.duration_seconds as number) * 1000),
    );
    expect(readdirSync(dir)).toEqual([]);
    const stored = path.join(storeDir, '2026/11/20261120-201500_presenter-0001.mp3');
    const { stdout } = await run('ffprobe', [
      ...['-v', 'error', '-show_entries', 'format=size:format_tags', '-of', 'json', stored],
    ]);
    const format = JSON.parse(stdout).format;
    expect(Number(format.size)).toBe(Number(row.byte_size));
    expect(format.tags).toMatchObject({
      title: 'Night Shift (2026-11-20)',
      artist: 'Jade Okafor',
      album: 'Night Shift',
      date: '2026-11-20',
    });

    // The same file reported again (a close report after the sweep took it): stored once.
    await liveFile(dir, '20261120-201500_presenter-0001.mp3', 12);
    expect(await ingestRecording(t.app.ctx, { recordingsDir: dir, store }, file)).toEqual({
      kind: 'skipped',
      reason: 'already-stored',
    });
    expect(await ingestRecording(t.app.ctx, { recordingsDir: dir, store }, file)).toEqual({
      kind: 'skipped',
      reason: 'gone',
    });
    expect((await rows()).length).toBe(1);
  }, 30_000);

  it('calls a show with no live session "Live show" by the streamer', async () => {
    await t.dbh.query(
      `INSERT INTO station_streamers (username, password_hash, display_name) VALUES ('guest-dj', 'x', 'DJ Guest')`,
    );
    const file = await liveFile(dir, '20261121-100000_guest-dj.mp3', 6);
    const out = await ingestRecording(t.app.ctx, { recordingsDir: dir, store }, file);
    expect(out.kind).toBe('stored');
    const row = (await rows()).at(-1)!;
    expect(row).toMatchObject({
      live_session_id: null,
      presenter_id: null,
      show_title: 'Live show',
      presenter_name: 'DJ Guest',
    });
  }, 30_000);

  it(`discards a recording shorter than ${MIN_RECORDING_SECONDS} s, and an empty file`, async () => {
    const before = (await rows()).length;
    const short = await liveFile(dir, '20261121-110000_guest-dj.mp3', 2);
    expect(await ingestRecording(t.app.ctx, { recordingsDir: dir, store }, short)).toMatchObject({
      kind: 'discarded',
      reason: 'too-short',
    });
    const empty = path.join(dir, '20261121-120000_guest-dj.mp3');
    writeFileSync(empty, '');
    expect(await ingestRecording(t.app.ctx, { recordingsDir: dir, store }, empty)).toMatchObject({
      kind: 'discarded',
    });
    expect(readdirSync(dir)).toEqual([]);
    expect((await rows()).length).toBe(before);
  }, 30_000);

  it('touches no file outside the recordings folder or not named as a recording', async () => {
    const elsewhere = mkdtempSync(path.join(os.tmpdir(), 'onair-rec-other-'));
    const foreign = await liveFile(elsewhere, '20261121-130000_guest-dj.mp3', 6);
    expect(await ingestRecording(t.app.ctx, { recordingsDir: dir, store }, foreign)).toEqual({
      kind: 'skipped',
      reason: 'not-a-recording',
    });
    expect(existsSync(foreign)).toBe(true);
    const odd = await liveFile(dir, 'notes.mp3', 6);
    expect((await ingestRecording(t.app.ctx, { recordingsDir: dir, store }, odd)).kind).toBe('skipped');
    expect(existsSync(odd)).toBe(true);
  }, 30_000);
});

describe('the idle sweep', () => {
  it('takes a recording left untouched for a minute with nobody on air, never an open one', async () => {
    const before = (await rows()).length;
    const fake = {
      liveNow: true,
      recordingsDir: dir,
      onRecordingsClosed: () => () => {},
      setRecording: async () => true,
    };
    const ctx = { ...t.app.ctx, station: { ...t.app.ctx.station, engine: fake } } as unknown as AppContext;
    const pipeline = new RecordingPipeline(ctx);
    const old = await liveFile(dir, '20261122-090000_guest-dj.mp3', 6);
    const minutesAgo = new Date(Date.now() - 120_000);
    utimesSync(old, minutesAgo, minutesAgo);
    const fresh = await liveFile(dir, '20261122-100000_guest-dj.mp3', 6);
    await pipeline.sweepIdle();
    await pipeline.idle();
    expect(existsSync(old)).toBe(true);
    fake.liveNow = false;
    await pipeline.sweepIdle();
    await pipeline.idle();
    expect(existsSync(old)).toBe(false);
    expect(existsSync(fresh)).toBe(true);
    expect((await rows()).length).toBe(before + 1);
    rmSync(fresh);
  }, 30_000);
});

describe('the engine report of a closed recording', () => {
  it('reaches the pipeline with its path, and a malformed one is refused', async () => {
    const closed: string[] = [];
    const receiver = new EngineEventReceiver(
      () => null,
      t.app.log,
      (file) => closed.push(file),
    );
    const file = '/data/station/recordings/20261121-100000_guest-dj.mp3';
    expect(await receiver.receive({ type: 'recording', seq: 5, path: file })).toBe(true);
    expect(closed).toEqual([file]);
    await expect(receiver.receive({ type: 'recording', seq: 6 })).rejects.toThrow(InvalidEngineEvent);
    await expect(receiver.receive({ type: 'recording', seq: 7, path: '' })).rejects.toThrow(
      InvalidEngineEvent,
    );
    expect(closed).toEqual([file]);
  });
});

describe('retention', () => {
  it('deletes recordings older than the setting, row and file, and keeps the rest', async () => {
    await t.dbh.query('DELETE FROM recordings');
    const now = new Date('2026-12-30T12:00:00Z');
    const make = async (key: string, startedAt: string) => {
      await store.put(key, Buffer.from('ID3'));
      await t.dbh.query(
        `INSERT INTO recordings (show_title, presenter_name, started_at, ended_at, duration_seconds, byte_size, storage_key)
         VALUES ('Show', 'DJ', $1, $1, 60, 3, $2)`,
        [startedAt, key],
      );
    };
    await make('2026/11/old.mp3', '2026-11-29T12:00:00Z'); // 31 days before
    await make('2026/12/recent.mp3', '2026-12-25T12:00:00Z'); // 5 days before
    expect(await deleteExpiredRecordings(t.app.ctx, store, now)).toEqual({ deleted: 1, retentionDays: 30 });
    expect((await rows()).map((r) => r.storage_key)).toEqual(['2026/12/recent.mp3']);
    expect(await store.head('2026/11/old.mp3')).toBeNull();
    expect(await store.head('2026/12/recent.mp3')).not.toBeNull();

    await writeSetting(t.app.ctx.db, 'recordings_retention_days', 3);
    expect(await deleteExpiredRecordings(t.app.ctx, store, now)).toEqual({ deleted: 1, retentionDays: 3 });
    expect(await rows()).toEqual([]);
    expect(await store.head('2026/12/recent.mp3')).toBeNull();
    await writeSetting(t.app.ctx.db, 'recordings_retention_days', 30);
  });
});

describe('the recording gate', () => {
  const told: boolean[] = [];
  const engine = {
    recordingsDir: '/nonexistent/station/recordings',
    setRecording: async (on: boolean) => {
      told.push(on);
      return true;
    },
  };
  const bell = async (m: Member) =>
    (await m.get('/api/notifications')).json().notifications as { title: string; message: string }[];

  it('stops recording below the free-disk floor, tells staff once, and allows it again when space is back', async () => {
    const staff = await memberWith(t, 'staff', [], 'Sam Staff');
    const gate = new RecordingGate(t.app.ctx, engine);
    gate.readFreeSpace = async () => 5 * 1024 * 1024 * 1024;
    expect(await gate.refresh()).toMatchObject({ allowed: true, lowDisk: false, floorMb: 1024 });
    gate.readFreeSpace = async () => 512 * 1024 * 1024;
    expect(await gate.refresh()).toMatchObject({ allowed: false, lowDisk: true, freeMb: 512 });
    expect(await gate.refresh()).toMatchObject({ allowed: false, lowDisk: true });
    expect(told).toEqual([true, false, false]);
    for (const m of [admin, staff]) {
      const mine = (await bell(m)).filter((n) => n.title === 'Recording stopped: disk almost full');
      expect(mine).toHaveLength(1);
      expect(mine[0].message).toContain('512 MB');
    }
    expect((await bell(jade)).some((n) => n.title.startsWith('Recording stopped'))).toBe(false);
    gate.readFreeSpace = async () => 2048 * 1024 * 1024;
    expect(await gate.refresh()).toMatchObject({ allowed: true, lowDisk: false });
    expect(told.at(-1)).toBe(true);
  });

  it('keeps the engine from recording while the setting is off', async () => {
    const gate = new RecordingGate(t.app.ctx, engine);
    gate.readFreeSpace = async () => 5 * 1024 * 1024 * 1024;
    await writeSetting(t.app.ctx.db, 'recordings_enabled', false);
    expect(await gate.refresh()).toMatchObject({ allowed: false, enabled: false, lowDisk: false });
    expect(told.at(-1)).toBe(false);
    await writeSetting(t.app.ctx.db, 'recordings_enabled', true);
    expect(await gate.refresh()).toMatchObject({ allowed: true });
    expect(told.at(-1)).toBe(true);
  });
});
