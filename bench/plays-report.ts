/**
 * The royalty report over a year of plays: how long GET /api/admin/reports/plays.csv's generator takes to
 * stream 150,000 plays (one every 3.5 minutes for a year, a third with a library track and ISRC), how big
 * the file is, and how much the process's heap grows while it streams (it reads 2,000 rows a page).
 *   node --import tsx bench/plays-report.ts
 * Uses BENCH_DATABASE_URL (default the local server); a scratch database is created and dropped.
 */
import pg from 'pg';
import { loadConfig } from '../src/server/config';
import { openPostgres } from '../src/server/db/client';
import { playsCsv } from '../src/server/modules/admin/exports.service';

const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const name = `onair_plays_report_${process.pid}`;
const admin = new pg.Client({ connectionString: PG_URL });
await admin.connect();
await admin.query(`CREATE DATABASE ${name}`);
const u = new URL(PG_URL);
u.pathname = `/${name}`;
const h = await openPostgres(u.toString(), 2);
try {
  await h.migrate();
  const t0 = performance.now();
  await h.query(`
    INSERT INTO songs (title, artist, album) SELECT 'Song ' || i, 'Artist, "' || (i % 300) || '"', 'Album ' || (i % 50)
      FROM generate_series(1, 5000) i;
    INSERT INTO media_tracks (song_id, path, content_hash, file_name, format, size_bytes, title, artist, duration_ms, isrc)
      SELECT id, 'p/' || id, 'h' || id, 'f.mp3', 'mp3', 1, title, artist, 180000 + (random() * 60000)::int,
             'GBXYZ26' || lpad(row_number() OVER ()::text, 5, '0')
        FROM songs WHERE random() < 0.34;
    INSERT INTO song_plays (song_id, play_source, played_at, listeners, playlist_name, media_track_id)
      SELECT s.id, 'autodj', timestamptz '2025-12-01T00:00:00Z' + g * interval '210 seconds', (g % 40),
             'Rotation', (SELECT mt.id FROM media_tracks mt WHERE mt.song_id = s.id LIMIT 1)
        FROM generate_series(0, 149999) g
        JOIN songs s ON s.title = 'Song ' || (g % 5000 + 1);`);
  console.log(`filled 150,000 plays in ${Math.round(performance.now() - t0)} ms`);
  const config = loadConfig({ ...process.env, DATABASE_URL: u.toString() });
  const ctx = { db: h.db, config } as Parameters<typeof playsCsv>[0];
  global.gc?.();
  const heap0 = process.memoryUsage().heapUsed;
  let peak = heap0;
  let bytes = 0;
  let lines = 0;
  let firstAt = 0;
  const start = performance.now();
  for await (const chunk of playsCsv(ctx, {
    from: new Date('2025-12-01T00:00:00Z'),
    to: new Date('2026-12-01T00:00:00Z'),
  })) {
    if (!firstAt) firstAt = performance.now() - start;
    bytes += Buffer.byteLength(chunk);
    lines += chunk.split('\r\n').length - 1;
    peak = Math.max(peak, process.memoryUsage().heapUsed);
  }
  const ms = performance.now() - start;
  console.log(
    `plays.csv over a year: ${lines - 1} rows, ${(bytes / 1e6).toFixed(1)} MB in ${Math.round(ms)} ms ` +
      `(${Math.round((lines - 1) / (ms / 1000))} rows/s); first bytes after ${Math.round(firstAt)} ms; ` +
      `heap grew at most ${((peak - heap0) / 1e6).toFixed(1)} MB`,
  );
} finally {
  await h.close();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}
