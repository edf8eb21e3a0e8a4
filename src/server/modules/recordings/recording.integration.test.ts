/**
 * Recording live shows with the real built-in engine (Icecast + Liquidsoap from Debian), a DJ played by
 * ffmpeg: the show is recorded, tagged and stored within 60 s of the DJ leaving, as long as the live
 * time within 2 s; an engine restart mid-show closes the recording (stored) and the DJ back on air
 * starts a new one; with the setting off, or below the free-disk floor, nothing is recorded (the file
 * open at that moment is closed and stored, and staff are told). Skipped when the engine is not installed.
 */

import { execFile, spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isBuiltinEngineInstalled } from '../../integrations/radio/builtin/supervisor';
import { waitUntil } from '../../test/engine-helpers';
import { createEngineTestApp } from '../../test/engine-test-app';
import { type Member, memberWith, signUpMember, type TestApp } from '../../test/test-app';
import { recordingPipelineSlot } from './recording-pipeline';

const run = promisify(execFile);
const installed = isBuiltinEngineInstalled();
if (!installed) console.warn('[recordings] skipped: icecast2 and liquidsoap are not installed');

type Row = {
  id: string;
  show_title: string;
  presenter_name: string;
  presenter_id: string | null;
  started_at: Date;
  ended_at: Date;
  duration_seconds: number;
  byte_size: string;
  storage_key: string;
};

/** A DJ's encoder sending `seconds` of a sine as MP3 at real time; resolves when it ends. */
function goLive(harbor: number, user: string, password: string, seconds: number) {
  const url = `icecast://${user}:${password}@127.0.0.1:${harbor}/live`;
  const child = spawn(
    'ffmpeg',
    [
      ...['-nostdin', '-hide_banner', '-loglevel', 'error', '-re', '-f', 'lavfi', '-t', String(seconds)],
      ...['-i', 'sine=frequency=440:sample_rate=44100', '-ac', '2', '-c:a', 'libmp3lame', '-b:a', '128k'],
      ...['-content_type', 'audio/mpeg', '-f', 'mp3', url],
    ],
    { stdio: 'ignore' },
  );
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited };
}

describe.skipIf(!installed)('recording live shows with the built-in engine', () => {
  let t: TestApp;
  let harbor: number;
  let dataDir: string;
  let admin: Member;
  let dj: { username: string; password: string };
  const rows = async () =>
    (await t.dbh.query<Row>('SELECT * FROM recordings ORDER BY started_at, created_at')).rows;
  const engine = () => t.app.ctx.station.engine!;
  const leftInFolder = () => readdirSync(engine().recordingsDir).filter((f) => f.endsWith('.mp3'));
  const isLive = async () => (await engine().status()).live.isLive;
  /** Said when a wait for a stored recording gives up: what the pipeline did, and the engine's last lines. */
  const whatHappened = () =>
    [
      `in the folder: ${leftInFolder().join(', ') || 'nothing'}`,
      `pipeline outcomes: ${JSON.stringify(recordingPipelineSlot.of(t.app.ctx).outcomes.slice(-3))}`,
      `the engine:\n${engine().recentEngineOutput()}`,
    ].join('\n');

  beforeAll(async () => {
    const engineApp = await createEngineTestApp('recordings');
    ({ t, dataDir, harborPort: harbor } = engineApp);
    admin = await signUpMember(t.app, 'Station Admin');
    await engineApp.listen();
    const jade = await memberWith(t, 'presenter', [], 'Jade Okafor');
    dj = (await jade.post('/api/station/my-credentials')).json();
    await waitUntil('the engine running', async () => (await engine().status()).onAir, 60_000);
  }, 120_000);

  afterAll(async () => {
    await t?.close();
  });

  it('records a live show: stored, tagged and as long as the live time, within 60 s of the DJ leaving', async () => {
    const seconds = 12;
    const show = goLive(harbor, dj.username, dj.password, seconds);
    await waitUntil('the DJ live', isLive, 30_000);
    expect(await show.exited).toBe(0);
    const left = Date.now();
    const [rec] = await waitUntil(
      'the recording stored',
      async () => ((await rows()).length ? rows() : null),
      60_000,
    );
    expect(Date.now() - left).toBeLessThan(60_000);
    console.info(
      `[recordings] ${seconds} s live → ${rec.duration_seconds.toFixed(3)} s recorded, stored ${((Date.now() - left) / 1000).toFixed(1)} s after the DJ left`,
    );
    expect(Math.abs(rec.duration_seconds - seconds)).toBeLessThanOrEqual(2);
    expect(rec).toMatchObject({ show_title: 'Live show', presenter_name: 'Jade Okafor' });
    expect(rec.ended_at.getTime() - rec.started_at.getTime()).toBeCloseTo(rec.duration_seconds * 1000, -3);

    // The stored file: the row's size, the tags, the length.
    const file = path.join(dataDir, 'recordings', rec.storage_key);
    const { stdout } = await run('ffprobe', [
      ...['-v', 'error', '-show_entries', 'format=duration,size:format_tags', '-of', 'json', file],
    ]);
    const format = JSON.parse(stdout).format;
    expect(Number(format.size)).toBe(Number(rec.byte_size));
    expect(Math.abs(Number(format.duration) - seconds)).toBeLessThanOrEqual(2);
    const date = rec.started_at.toISOString().slice(0, 10);
    expect(format.tags).toMatchObject({
      title: `Live show (${date})`,
      artist: 'Jade Okafor',
      album: 'Live show',
      date,
    });
    await waitUntil('the stored file gone from the folder', () => leftInFolder().length === 0, 10_000);

    // The engine's control endpoint takes orders from the app only, and only well-formed ones.
    const control = (headers: Record<string, string>, body: string) =>
      fetch(`http://127.0.0.1:${harbor}/control/recording`, { method: 'POST', headers, body });
    expect((await control({}, '{"on":false}')).status).toBe(403);
    const token = { 'x-engine-token': engine().engineToken };
    expect((await control(token, '{"on":"maybe"}')).status).toBe(400);
    expect(await (await control(token, '{"on":true}')).json()).toEqual({ ok: true, on: true });
  }, 90_000);

  it('closes and stores the recording when the engine restarts mid-show, and records the DJ back on air', async () => {
    const before = (await rows()).length;
    const show = goLive(harbor, dj.username, dj.password, 60);
    await waitUntil('the DJ live', isLive, 30_000);
    await new Promise((r) => setTimeout(r, 8000));
    expect((await admin.post('/api/station/commands/restart')).statusCode).toBe(200);
    await show.exited;
    const first = await waitUntil(
      'the interrupted recording stored',
      async () => ((await rows()).length > before ? (await rows()).at(-1) : null),
      30_000,
      whatHappened,
    );
    expect(first.duration_seconds).toBeGreaterThan(5);
    expect(first.duration_seconds).toBeLessThan(14);

    const again = goLive(harbor, dj.username, dj.password, 8);
    await waitUntil('the DJ live again', isLive, 30_000);
    expect(await again.exited).toBe(0);
    const second = await waitUntil(
      'the second recording stored',
      async () => ((await rows()).length > before + 1 ? (await rows()).at(-1) : null),
      30_000,
    );
    expect(second.id).not.toBe(first.id);
    expect(Math.abs(second.duration_seconds - 8)).toBeLessThanOrEqual(2);
  }, 90_000);

  it('records nothing with the setting off, and stops below the free-disk floor, telling staff', async () => {
    const before = (await rows()).length;
    expect((await admin.patch('/api/settings/site', { recordingEnabled: false })).statusCode).toBe(200);
    const off = goLive(harbor, dj.username, dj.password, 6);
    await waitUntil('the DJ live', isLive, 30_000);
    expect(leftInFolder()).toEqual([]);
    expect(await off.exited).toBe(0);
    await waitUntil('the DJ gone', async () => !(await isLive()), 15_000);
    expect(leftInFolder()).toEqual([]);
    expect((await rows()).length).toBe(before);
    expect((await admin.patch('/api/settings/site', { recordingEnabled: true })).statusCode).toBe(200);

    // Live and recording, then the disk runs low: the file is closed and stored, recording stops.
    const gate = recordingPipelineSlot.of(t.app.ctx).gate!;
    const show = goLive(harbor, dj.username, dj.password, 20);
    await waitUntil('the DJ live', isLive, 30_000);
    await waitUntil('a recording open', () => leftInFolder().length === 1, 10_000);
    await new Promise((r) => setTimeout(r, 6000));
    gate.readFreeSpace = async () => 100 * 1024 * 1024;
    expect(await gate.refresh()).toMatchObject({ allowed: false, lowDisk: true, freeMb: 100 });
    const cut = await waitUntil(
      'the cut recording stored',
      async () => ((await rows()).length > before ? (await rows()).at(-1) : null),
      30_000,
      whatHappened,
    );
    expect(cut.duration_seconds).toBeGreaterThan(5);
    // The engine's file is removed once the row is written (so a failed write keeps it to try again).
    await waitUntil('the stored file gone from the folder', () => leftInFolder().length === 0, 10_000);
    const bell = (await admin.get('/api/notifications')).json();
    expect(bell.notifications[0]).toMatchObject({ title: 'Recording stopped: disk almost full' });
    expect(bell.notifications[0].message).toContain('100 MB');
    await show.exited;
    expect((await rows()).length).toBe(before + 1);

    // Space is back: the next show is recorded.
    gate.readFreeSpace = async () => 50 * 1024 * 1024 * 1024;
    expect(await gate.refresh()).toMatchObject({ allowed: true, lowDisk: false });
    const next = goLive(harbor, dj.username, dj.password, 6);
    expect(await next.exited).toBe(0);
    await waitUntil('the next show stored', async () => (await rows()).length === before + 2, 30_000);
  }, 120_000);
});
