/**
 * Dead air while the programming changes: the real app with the built-in engine (Icecast + Liquidsoap)
 * airs a library of tones while the decision switches between two "playlists" every 10 s. The stream is
 * captured from Icecast for the whole run and decoded by ffmpeg's silencedetect; a second listener on
 * the app's /stream counts bytes per second. Targets: 0 s of dead air, the connection never dropped,
 * and every aired track from the playlist in force when the engine asked for it.
 *   node --import tsx bench/dead-air.ts [seconds=600] [switchEverySeconds=10]
 */
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { generateTones } from '../src/server/integrations/radio/builtin/tones';
import { upsertSong } from '../src/server/modules/library/songs.service';
import type { NextTrack } from '../src/server/modules/media/autodj/engine-next';
import { mediaTracks } from '../src/server/modules/media/media.table';
import { nowPlayingSlot } from '../src/server/modules/station/now-playing.service';
import { freePorts } from '../src/server/test/free-port';

const seconds = Number(process.argv[2] ?? 600);
const switchEvery = Number(process.argv[3] ?? 10);
const SILENCE_DB = -50;
const SILENCE_MIN_S = 0.5;

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'onair-dead-air-'));
chmodSync(dataDir, 0o755);
const music = path.join(dataDir, 'music');
await generateTones(music, 1, { durationSeconds: 25, offset: 11 }); // the local rotation's only track
const tones = await generateTones(path.join(dataDir, 'media'), 6, { durationSeconds: 25 });
const [appPort, icecastPort, harborPort] = await freePorts(3);

type Track = NextTrack['track'];
const playlists: { name: string; tracks: Track[] }[] = [
  { name: 'A', tracks: [] },
  { name: 'B', tracks: [] },
];
let inForce = 0;
let turn = 0;
const decisions: { at: number; playlist: string; title: string }[] = [];

const config = loadConfig({
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  DATA_DIR: dataDir,
  SERVE_WEB: 'false',
  JOBS_ENABLED: 'false',
  RADIO_BACKEND: 'builtin',
  MUSIC_DIR: music,
  PORT: String(appPort),
  ICECAST_PORT: String(icecastPort),
  HARBOR_PORT: String(harborPort),
  BASE_URL: 'http://localhost:3000',
});
const app = await buildApp(config, {
  // The decision in force switches between two playlists every few seconds (the bench's programming).
  decideNextTrack: async () => {
    const list = playlists[inForce]!;
    const track = list.tracks[turn++ % list.tracks.length]!;
    decisions.push({ at: Date.now(), playlist: list.name, title: track.title });
    return { track, playlistId: null, queueItemId: null };
  },
});
for (const [i, t] of tones.entries()) {
  const title = `${i < 3 ? 'A' : 'B'}${i % 3} ${t.title}`;
  const song = await upsertSong(app.ctx.db, { title, artist: t.artist, album: t.album });
  const [row] = await app.ctx.db
    .insert(mediaTracks)
    .values({
      ...{ songId: song.id, path: t.file, contentHash: `bench-${i}`, fileName: path.basename(t.file) },
      ...{ format: 'mp3', sizeBytes: 1, title, artist: t.artist, durationMs: 25_000, loudnessLufs: -20 },
    })
    .returning();
  playlists[i < 3 ? 0 : 1]!.tracks.push(row!);
}

const started = Date.now();
await app.listen({ port: appPort, host: '127.0.0.1' });
const icecastUrl = `http://127.0.0.1:${icecastPort}/radio.mp3`;
// Wait until the mount has a source.
for (;;) {
  const ok = await fetch(icecastUrl, { signal: AbortSignal.timeout(1000) })
    .then(async (r) => {
      await r.body?.cancel();
      return r.ok;
    })
    .catch(() => false);
  if (ok) break;
  if (Date.now() - started > 180_000) throw new Error('the engine did not go on air in 180 s');
  await new Promise((r) => setTimeout(r, 250));
}
const onAirAfterMs = Date.now() - started;

// Capture 1: ffmpeg decodes the Icecast stream and reports silences.
const ffmpeg = spawn(
  'ffmpeg',
  [
    ...['-nostdin', '-hide_banner', '-loglevel', 'info', '-t', String(seconds), '-i', icecastUrl],
    ...['-af', `silencedetect=n=${SILENCE_DB}dB:d=${SILENCE_MIN_S}`, '-f', 'null', '-'],
  ],
  { stdio: ['ignore', 'ignore', 'pipe'] },
);
let ffmpegLog = '';
ffmpeg.stderr.on('data', (c: Buffer) => (ffmpegLog += c.toString()));
const captureStart = Date.now();
const ffmpegDone = new Promise<number | null>((resolve) => ffmpeg.on('exit', (code) => resolve(code)));

// Capture 2: a listener on the app's /stream relay, bytes per second.
const perSecond = new Map<number, number>();
let relayEnded: string | null = null;
const relay = http.get(`http://127.0.0.1:${appPort}/stream`, (res) => {
  res.on('data', (c: Buffer) => {
    const s = Math.floor((Date.now() - captureStart) / 1000);
    perSecond.set(s, (perSecond.get(s) ?? 0) + c.length);
  });
  res.on('end', () => (relayEnded ??= `ended after ${Date.now() - captureStart} ms`));
  res.on('error', (e) => (relayEnded ??= `error ${e.message}`));
});
relay.on('error', (e) => (relayEnded ??= `error ${e.message}`));

const switches: number[] = [];
const timer = setInterval(() => {
  inForce = 1 - inForce;
  switches.push(Date.now());
}, switchEvery * 1000);

const exitCode = await ffmpegDone;
const capturedMs = Date.now() - captureStart;
clearInterval(timer);
relay.destroy();

const silences = [...ffmpegLog.matchAll(/silence_duration: ([\d.]+)/g)].map((m) => Number(m[1]));
const openSilence = /silence_start: [\d.]+(?![\s\S]*silence_end)/.test(ffmpegLog);
const inner = [...perSecond.entries()].filter(([s]) => s >= 2 && s < seconds - 2).map(([, b]) => b);
const np = nowPlayingSlot.of(app.ctx);
const aired = [np.snapshot.nowPlaying, ...np.snapshot.history].filter(Boolean).length;
const playsSeen = decisions.length;
const result = {
  seconds,
  switchEverySeconds: switchEvery,
  onAirAfterMs,
  capturedMs,
  ffmpegExit: exitCode,
  connectionDropped: exitCode !== 0 || capturedMs < seconds * 1000 - 2000 || relayEnded !== null,
  relay: relayEnded ?? 'open for the whole run',
  deadAirSeconds: Number(silences.reduce((a, b) => a + b, 0).toFixed(2)),
  silences: silences.length,
  silenceStillOpenAtEnd: openSilence,
  relayBytesPerSecond: { min: Math.min(...inner), max: Math.max(...inner), secondsCounted: inner.length },
  playlistSwitches: switches.length,
  nextTrackDecisions: playsSeen,
  decisionsByPlaylist: {
    A: decisions.filter((d) => d.playlist === 'A').length,
    B: decisions.filter((d) => d.playlist === 'B').length,
  },
  recentPlaysInNowPlaying: aired,
};
console.log(JSON.stringify(result, null, 2));
await app.close();
process.exit(result.deadAirSeconds === 0 && !result.connectionDropped ? 0 : 1);
