/**
 * The media library at size:
 *  1. 500 tracks imported from MUSIC_DIR in one go: time per track (each file hashed, its tags read, and
 *     decoded to its end for its loudness);
 *  2. 10,000 tracks: the list (first page, a deep page, each sort) and a search, through HTTP; target
 *     under 100 ms.
 *   node --import tsx bench/media-library.ts [folderTracks=500] [libraryTracks=10000]
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { importMusicFolder } from '../src/server/modules/media/tracks/import.service';
import { signUpMember } from '../src/server/test/test-app';
import { percentile, startBenchApp } from './support';

const folderTracks = Number(process.argv[2] ?? 500);
const libraryTracks = Number(process.argv[3] ?? 10_000);
const musicDir = mkdtempSync(path.join(os.tmpdir(), 'onair-bench-music-'));

// One 3-second MP3, then distinct files: the same audio with its own ID3v1 tag (title, artist) at the end.
const seed = path.join(musicDir, '.seed.mp3');
execFileSync('ffmpeg', [
  ...['-nostdin', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=3'],
  ...['-ac', '2', '-c:a', 'libmp3lame', '-b:a', '128k', '-write_id3v2', '0', '-write_xing', '0', seed],
]);
const audio = readFileSync(seed);
const field = (s: string, n: number) => {
  const b = Buffer.alloc(n);
  b.write(s.slice(0, n), 'latin1');
  return b;
};
const past = new Date(Date.now() - 60_000);
for (let i = 0; i < folderTracks; i++) {
  const tag = Buffer.concat([
    Buffer.from('TAG'),
    field(`Folder Song ${i}`, 30),
    field(`Folder Artist ${i % 40}`, 30),
    field('Bench Album', 30),
    field('2024', 4),
    field('', 30),
    Buffer.from([12]),
  ]);
  const file = path.join(musicDir, `song-${String(i).padStart(4, '0')}.mp3`);
  writeFileSync(file, Buffer.concat([audio, tag]));
  utimesSync(file, past, past);
}

const { app, url } = await startBenchApp({ MUSIC_DIR: musicDir });
const started = Date.now();
const result = await importMusicFolder(app.ctx);
const importMs = Date.now() - started;
console.log(
  `import: ${result.imported} tracks in ${(importMs / 1000).toFixed(1)} s = ${(importMs / Math.max(1, result.imported)).toFixed(0)} ms per track (refused ${result.refused.length})`,
);

// The rest of the 10,000 straight into the tables (songs and tracks), as a big library would be.
const more = libraryTracks - result.imported;
await app.ctx.dbh.query(
  `WITH s AS (
     INSERT INTO songs (title, artist)
     SELECT 'Library Song ' || i, 'Library Artist ' || (i % 997) FROM generate_series(1, ${more}) i
     ON CONFLICT DO NOTHING RETURNING id, title, artist)
   INSERT INTO media_tracks (song_id, path, content_hash, file_name, format, size_bytes, title, artist, album, duration_ms)
   SELECT id, '/bench/' || id, md5(id::text), title || '.mp3', 'mp3', 4000000, title, artist,
          'Album ' || (length(title) % 50), 180000 + (length(title) * 997) % 60000 FROM s`,
);
await app.ctx.dbh.query('ANALYZE media_tracks');
const admin = await signUpMember(app, 'Bench Admin');
const headers = { cookie: admin.cookie, origin: 'http://localhost:3000' };
const cases: [string, string][] = [
  ['first page (newest)', '/api/media/tracks'],
  ['page 100 by title', '/api/media/tracks?sort=title&page=100'],
  ['by artist, descending', '/api/media/tracks?sort=artist&dir=desc'],
  ['by album', '/api/media/tracks?sort=album&page=20'],
  ['by length', '/api/media/tracks?sort=duration'],
  ['search "artist 42"', '/api/media/tracks?q=artist%2042'],
  ['search "song 77"', '/api/media/tracks?q=song%2077&sort=title'],
  ['search with no match', '/api/media/tracks?q=zzzz'],
];
let worst = 0;
for (const [label, path_] of cases) {
  const times: number[] = [];
  let total = 0;
  for (let i = 0; i < 40; i++) {
    const t0 = performance.now();
    const res = await fetch(url + path_, { headers });
    const body = (await res.json()) as { total: number };
    times.push(performance.now() - t0);
    total = body.total;
  }
  times.sort((a, b) => a - b);
  const p99 = percentile(times, 99);
  worst = Math.max(worst, p99);
  console.log(
    `${label.padEnd(24)} total ${String(total).padStart(5)}: p50 ${percentile(times, 50).toFixed(1)} ms, p99 ${p99.toFixed(1)} ms`,
  );
}
console.log(
  `${libraryTracks} tracks: worst p99 ${worst.toFixed(1)} ms (target < 100 ms) ${worst < 100 ? 'MET' : 'MISSED'}`,
);
await app.close();
process.exit(0);
