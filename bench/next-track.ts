/**
 * AutoDJ's next-track decision: 10,000 library tracks and 20 playlists (14 rotation of 700
 * tracks in all three orders, 3 jingle playlists every N songs, one every N minutes, one at a minute past
 * each hour, one scheduled), the queue kept five ahead. Times `decideNextTrack` as the engine calls it
 * (pop the queue's head, record the play, move the cursor or shuffle pass, plan one more), warm, then
 * the first decision after a playlist change (the library read again). Target: p99 under 20 ms.
 *
 *   node --import tsx bench/next-track.ts [decisions=2000] [databases=pglite,pg]
 *
 * PostgreSQL: BENCH_DATABASE_URL (default: a scratch database `onair_bench_next_track` on the local
 * server, created and dropped).
 */
import pg from 'pg';
import { decideNextTrack } from '../src/server/modules/media/autodj/next-track.service';
import { createPlaylist, setPlaylistTracks } from '../src/server/modules/media/autodj/playlists.service';
import { insertTracks } from '../src/server/test/fixtures/media';
import { percentile, startBenchApp } from './support';

const decisions = Number(process.argv[2] ?? 2000);
const databases = (process.argv[3] ?? 'pglite,pg').split(',');
const PG_ADMIN = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SCRATCH = 'onair_bench_next_track';

const fmt = (n: number) => n.toFixed(2);

async function run(kind: string, env: Record<string, string>) {
  const { app } = await startBenchApp(env);
  const ctx = app.ctx;
  const ids = await insertTracks(ctx.dbh, 10_000, { prefix: 'Bench', artists: 1500, durationMs: 200_000 });
  const orders = ['shuffle', 'random', 'sequential'] as const;
  const bench = { system: 'Benchmark' };
  for (let i = 0; i < 14; i++) {
    const p = await createPlaylist(
      ctx,
      {
        name: `Rotation ${i}`,
        kind: 'rotation',
        weight: 1 + (i % 25),
        order: orders[i % 3],
        enabled: true,
      },
      bench,
    );
    await setPlaylistTracks(ctx, p.id, ids.slice(i * 700, i * 700 + 700), bench);
  }
  const extras = [
    { name: 'Jingles 4', kind: 'every_n_songs' as const, every: 4 },
    { name: 'Jingles 7', kind: 'every_n_songs' as const, every: 7 },
    { name: 'Promos 11', kind: 'every_n_songs' as const, every: 11 },
    { name: 'IDs 20 min', kind: 'every_n_minutes' as const, every: 20 },
    { name: 'News', kind: 'hourly_at' as const, minute: 0 },
    {
      name: 'Late night',
      kind: 'scheduled' as const,
      schedule: [{ days: [0, 1, 2, 3, 4, 5, 6], start: '23:00', end: '02:00' }],
    },
  ];
  for (const [i, e] of extras.entries()) {
    const p = await createPlaylist(ctx, { ...e, enabled: true, order: 'shuffle' }, bench);
    await setPlaylistTracks(ctx, p.id, ids.slice(9800 + i * 30, 9800 + i * 30 + 30), bench);
  }
  for (let i = 0; i < 20; i++) await decideNextTrack(ctx); // warm-up
  const times: number[] = [];
  for (let i = 0; i < decisions; i++) {
    const t0 = performance.now();
    const next = await decideNextTrack(ctx);
    times.push(performance.now() - t0);
    if (!next) throw new Error('no track decided');
  }
  times.sort((a, b) => a - b);
  const cold: number[] = [];
  for (let i = 0; i < 10; i++) {
    await ctx.db.execute(
      // A change made elsewhere (another instance, the library): the fingerprint moves, the cache is rebuilt.
      (await import('drizzle-orm'))
        .sql`UPDATE media_playlists SET updated_at = now() WHERE name = 'Rotation 0'`,
    );
    const t0 = performance.now();
    await decideNextTrack(ctx);
    cold.push(performance.now() - t0);
  }
  cold.sort((a, b) => a - b);
  console.log(
    `${kind}: ${decisions} decisions, p50 ${fmt(percentile(times, 50))} ms, p95 ${fmt(percentile(times, 95))} ms, ` +
      `p99 ${fmt(percentile(times, 99))} ms, max ${fmt(times.at(-1) ?? 0)} ms; ` +
      `first after a change elsewhere (library re-read): median ${fmt(percentile(cold, 50))} ms, max ${fmt(cold.at(-1) ?? 0)} ms`,
  );
  await app.close();
  return percentile(times, 99);
}

let worst = 0;
for (const db of databases) {
  if (db === 'pglite') worst = Math.max(worst, await run('PGlite', {}));
  if (db === 'pg') {
    const url = process.env.BENCH_DATABASE_URL;
    const admin = new pg.Client({ connectionString: PG_ADMIN });
    if (!url) {
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${SCRATCH}`);
      await admin.query(`CREATE DATABASE ${SCRATCH}`);
    }
    try {
      const target = url ?? PG_ADMIN.replace(/\/[^/]*$/, `/${SCRATCH}`);
      worst = Math.max(worst, await run('PostgreSQL', { DATABASE_URL: target }));
    } finally {
      if (!url) {
        await admin.query(`DROP DATABASE IF EXISTS ${SCRATCH} WITH (FORCE)`);
        await admin.end();
      }
    }
  }
}
console.log(worst < 20 ? `OK: p99 under 20 ms (worst ${fmt(worst)} ms)` : `FAIL: p99 ${fmt(worst)} ms`);
process.exit(worst < 20 ? 0 : 1);
